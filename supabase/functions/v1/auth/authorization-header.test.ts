import assert from "node:assert/strict";
import { AuthError } from "./errors.ts";
import { extractBearerToken } from "./authorization-header.ts";

function reasonOf(header: string | null): string {
  try {
    extractBearerToken(header);
  } catch (e) {
    assert.ok(e instanceof AuthError);
    return e.reason;
  }
  return "accepted";
}

Deno.test("extractBearerToken: returns the token of a well-formed header", () => {
  assert.equal(extractBearerToken("Bearer abc.def.ghi"), "abc.def.ghi");
  assert.equal(extractBearerToken("BEARER   abc.def-_~+/=="), "abc.def-_~+/==");
});

Deno.test("extractBearerToken: missing vs malformed", () => {
  assert.equal(reasonOf(null), "missing_token");
  assert.equal(reasonOf("Basic dXNlcg=="), "missing_token");
  assert.equal(reasonOf("Bearer"), "malformed_header");
  assert.equal(reasonOf("Bearer a b"), "malformed_header");
  assert.equal(reasonOf('Bearer "abc"'), "malformed_header");
  assert.equal(reasonOf("Bearerabc"), "missing_token");
});
