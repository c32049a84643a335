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
