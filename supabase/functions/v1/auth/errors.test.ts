import assert from "node:assert/strict";
import { AuthError } from "./errors.ts";

Deno.test("AuthError: OAuth error codes by reason", () => {
  assert.equal(new AuthError("missing_token", "x").error, null);
  assert.equal(new AuthError("malformed_header", "x").error, "invalid_request");
  assert.equal(new AuthError("expired", "x").error, "invalid_token");
  assert.equal(new AuthError("expired", "x").name, "AuthError");
});

Deno.test("AuthError: challenge carries extra parameters (e.g. RFC 9728 resource_metadata) and strips quotes", () => {
  const meta = { resource_metadata: "https://x.example/.well-known/oauth-protected-resource" };
  assert.equal(
    new AuthError("missing_token", "none").challenge(meta),
    'Bearer resource_metadata="https://x.example/.well-known/oauth-protected-resource"',
  );
  assert.equal(
    new AuthError("expired", 'say "hi"').challenge(),
    'Bearer error="invalid_token", error_description="say hi"',
  );
});
