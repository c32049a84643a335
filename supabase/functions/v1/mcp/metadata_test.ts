import assert from "node:assert/strict";
import { bearerChallenge, protectedResource, protectedResourceMetadata } from "./metadata.ts";

Deno.test("protectedResource: the MCP endpoint under /functions/v1, metadata beside it, Auth as issuer", () => {
  const r = protectedResource("https://abc.supabase.co/", "https://abc.supabase.co/auth/v1");
  assert.equal(r.resource, "https://abc.supabase.co/functions/v1/v1/mcp");
  assert.equal(r.metadataUrl, "https://abc.supabase.co/functions/v1/v1/mcp/.well-known/oauth-protected-resource");
  assert.equal(r.documentation, "https://abc.supabase.co/functions/v1/v1/docs");
});

Deno.test("protectedResourceMetadata: RFC 9728 fields naming Supabase Auth as the authorization server", () => {
  const doc = protectedResourceMetadata(protectedResource("http://127.0.0.1:54321", "http://127.0.0.1:54321/auth/v1"));
  assert.equal(doc.resource, "http://127.0.0.1:54321/functions/v1/v1/mcp");
  assert.deepEqual(doc.authorization_servers, ["http://127.0.0.1:54321/auth/v1"]);
  assert.deepEqual(doc.bearer_methods_supported, ["header"]);
});

Deno.test("bearerChallenge: resource_metadata always; invalid_token only for a refused token", () => {
  const url = "https://x.test/functions/v1/v1/mcp/.well-known/oauth-protected-resource";
  assert.equal(bearerChallenge(url), `Bearer resource_metadata="${url}"`);
  assert.equal(bearerChallenge(url, true), `Bearer error="invalid_token", resource_metadata="${url}"`);
});
