import assert from "node:assert/strict";
import { readQuery } from "./query.ts";

const allowed = new Set(["limit", "cursor"]);

Deno.test("query: known parameters become a plain object", () => {
  const { values, errors } = readQuery(new URL("http://x/p?limit=7&cursor=abc%3D"), allowed);
  assert.deepEqual(values, { limit: "7", cursor: "abc=" });
  assert.deepEqual(errors, []);
});

Deno.test("query: unknown and repeated parameters are reported once each, by name", () => {
  const { errors } = readQuery(new URL("http://x/p?limit=1&limit=2&limit=3&curser=a&curser=b"), allowed);
  assert.deepEqual(errors.map((e) => [e.parameter, e.code]), [
    ["limit", "duplicate"],
    ["curser", "unknown_field"],
  ]);
});

Deno.test("query: an empty value is kept as an empty string", () => {
  assert.deepEqual(readQuery(new URL("http://x/p?cursor="), allowed).values, { cursor: "" });
});

Deno.test("query: supabase-js's forceFunctionRegion is ignored, exactly that name, however often", () => {
  const url = new URL("http://x/p?forceFunctionRegion=eu-central-1&limit=7&forceFunctionRegion=us-east-1");
  assert.deepEqual(readQuery(url, allowed), { values: { limit: "7" }, errors: [], total: 0 });
  assert.deepEqual(readQuery(new URL("http://x/p?forceFunctionRegion=eu-central-1"), new Set()), {
    values: {},
    errors: [],
    total: 0,
  });
  // Only the exact name: another spelling is still an unknown parameter.
  const { errors } = readQuery(new URL("http://x/p?forcefunctionregion=a&region=b"), allowed);
  assert.deepEqual(errors.map((e) => [e.parameter, e.code]), [
    ["forcefunctionregion", "unknown_field"],
    ["region", "unknown_field"],
  ]);
});

Deno.test("query: 3,000 unknown parameters list the first 100 and count them all; repeats counted once", () => {
  const names = Array.from({ length: 3000 }, (_, i) => `p${i}=x`).join("&");
  const { errors, total } = readQuery(new URL(`http://x/p?${names}&p0=y&limit=1&limit=2&limit=3`), allowed);
  assert.equal(errors.length, 100);
  assert.equal(total, 3001); // 3,000 unknown names (p0 once) and one repeated `limit`
  assert.deepEqual(errors[0], {
    parameter: "p0",
    code: "unknown_field",
    message: `Unknown query parameter; this operation accepts: ${[...allowed].join(", ")}.`,
  });
  assert.equal(errors[99]!.parameter, "p99");
});

Deno.test("query: a name or value that is not percent-encoded UTF-8 is invalid_format, never a silent U+FFFD", () => {
  // The audit's values: a lone 0xFF 0xFE, an encoded surrogate (not UTF-8), and a cut three-byte sequence.
  for (const bad of ["%FF%FE", "%ED%A0%80", "%E0%A4%A"]) {
    const { values, errors, total } = readQuery(new URL(`http://x/p?limit=7&cursor=${bad}`), allowed);
    assert.deepEqual(values, { limit: "7" }, bad);
    assert.deepEqual(errors.map((e) => [e.parameter, e.code]), [["cursor", "invalid_format"]], bad);
    assert.equal(total, 1);
  }
  // Valid encodings pass, multi-byte ones and `+` included; a literal U+FFFD sent as UTF-8 is a character like any.
  const ok = readQuery(new URL("http://x/p?cursor=caf%C3%A9+%F0%9F%92%B6%EF%BF%BD&limit=1"), allowed);
  assert.deepEqual(ok.values, { cursor: "café 💶\uFFFD", limit: "1" });
  assert.deepEqual(ok.errors, []);
  // A broken name is reported under the name URLSearchParams gives it.
  const name = readQuery(new URL("http://x/p?li%FFmit=1"), allowed);
  assert.deepEqual(name.errors.map((e) => [e.parameter, e.code]), [["li\uFFFDmit", "invalid_format"]]);
});
