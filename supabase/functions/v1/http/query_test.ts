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
