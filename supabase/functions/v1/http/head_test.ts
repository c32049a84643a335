import assert from "node:assert/strict";
import { withoutBody } from "./head.ts";

Deno.test("withoutBody: no body, the same status and headers, Content-Length of the body in bytes", async () => {
  const get = new Response('{"name":"Café"}', {
    status: 200,
    headers: { "Content-Type": "application/json", ETag: '"1"' },
  });
  const head = await withoutBody(get);
  assert.equal(head.body, null);
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("content-type"), "application/json");
  assert.equal(head.headers.get("etag"), '"1"');
  assert.equal(head.headers.get("content-length"), "16", "é is two bytes in UTF-8");
});

Deno.test("withoutBody: an answer without a body (304) stays as it is", async () => {
  const notModified = new Response(null, { status: 304, headers: { ETag: '"1"' } });
  assert.equal(await withoutBody(notModified), notModified);
});
