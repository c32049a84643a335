import assert from "node:assert/strict";
import { ifNoneMatchHits, strongEtag } from "./etag.ts";

Deno.test("etag: strong, quoted, deterministic, and bound to the subject and the body", async () => {
  const a = await strongEtag("user-a", '{"x":1}');
  assert.match(a, /^"[A-Za-z0-9_-]{43}"$/);
  assert.equal(await strongEtag("user-a", '{"x":1}'), a);
  assert.notEqual(await strongEtag("user-b", '{"x":1}'), a);
  assert.notEqual(await strongEtag("user-a", '{"x":2}'), a);
});

Deno.test("etag: SHA-256 of 'sub\\nbody' in base64url (hand-checked vector)", async () => {
  // sha256("\n") = 01ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b
  const hex = "01ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b";
  const bytes = new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
  const b64 = btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  assert.equal(await strongEtag("", ""), `"${b64}"`);
});

Deno.test("If-None-Match: lists, weak comparison, star", () => {
  assert.equal(ifNoneMatchHits(null, '"a"'), false);
  assert.equal(ifNoneMatchHits('"a"', '"a"'), true);
  assert.equal(ifNoneMatchHits('W/"a"', '"a"'), true);
  assert.equal(ifNoneMatchHits('"b", "a"', '"a"'), true);
  assert.equal(ifNoneMatchHits('"b","c"', '"a"'), false);
  assert.equal(ifNoneMatchHits("*", '"a"'), true);
  assert.equal(ifNoneMatchHits('"ab"', '"a"'), false);
});
