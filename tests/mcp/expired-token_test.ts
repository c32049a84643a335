/**
 * MCP over HTTP with an expired token, end to end as a user meets it: `npm start` on a free port, the official
 * MCP SDK client connecting to `/v1/mcp` with an access token that expired an hour ago (signed with the server's
 * own local key). The connection fails with HTTP 401, and the client's own discovery (the SDK's
 * `extractWWWAuthenticateParams` and `discoverOAuthProtectedResourceMetadata`) follows `resource_metadata` from
 * `WWW-Authenticate` to the RFC 9728 metadata, which names Supabase Auth (`<project URL>/auth/v1`, the tokens'
 * issuer) as the authorization server. A token from `npm run token -- --expires-in 86400` then connects.
 */
import assert from "node:assert/strict";
import { decodeJwt } from "jose";
import { createDemoToken } from "../../scripts/local/demo-token.ts";
import { ensureSigningKeys } from "../../scripts/local/signing-keys.ts";
import {
  Client,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  StreamableHTTPClientTransport,
} from "../../supabase/functions/v1/mcp/sdk.ts";
import { withLocalServer } from "../helpers/npm-start.ts";

const ROOT = new URL("../../", import.meta.url);

/** `npm run -s token -- <args>` with the server's environment, as a user types it. */
async function npmToken(env: Record<string, string>, args: string[]): Promise<string> {
  const r = await new Deno.Command("npm", { args: ["run", "-s", "token", "--", ...args], cwd: ROOT, env }).output();
  assert.equal(r.code, 0, new TextDecoder().decode(r.stderr));
  return new TextDecoder().decode(r.stdout).trim();
}

function mcpClient(url: URL, token: string) {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  return { client: new Client({ name: "expired-token-e2e", version: "1.0.0" }), transport };
}

Deno.test({
  name:
    "MCP over HTTP, expired token: 401 whose WWW-Authenticate leads the SDK to Supabase Auth; --expires-in fixes it",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withLocalServer(async (server, env) => {
      const endpoint = new URL(`${server.base}/v1/mcp`);
      const { keys } = await ensureSigningKeys(env.PFA_SIGNING_KEYS_PATH!);
      const anHourAgo = Math.floor(Date.now() / 1000) - 2 * 3600;
      const expired = await createDemoToken({
        email: "alice@example.com",
        keys,
        supabaseUrl: server.origin,
        now: anHourAgo,
      });

      // The SDK client cannot connect: the initialize request is answered 401.
      const first = mcpClient(endpoint, expired);
      await assert.rejects(first.client.connect(first.transport), /401/);

      // What the client sees on that 401, and where it leads.
      const response = await fetch(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${expired}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
        }),
      });
      assert.equal(response.status, 401);
      const problem = await response.json();
      assert.equal(problem.code, "unauthorized");
      assert.match(problem.detail, /expired/i, "the detail says why");
      const challenge = extractWWWAuthenticateParams(response);
      assert.equal(challenge.error, "invalid_token");
      assert.equal(challenge.resourceMetadataUrl?.href, `${endpoint.href}/.well-known/oauth-protected-resource`);
      const metadata = await discoverOAuthProtectedResourceMetadata(endpoint, {
        resourceMetadataUrl: challenge.resourceMetadataUrl,
      });
      assert.equal(metadata.resource, endpoint.href);
      assert.deepEqual(metadata.authorization_servers, [`${server.origin}/auth/v1`]);
      const jwks = await fetch(`${server.origin}/auth/v1/.well-known/jwks.json`);
      assert.equal(jwks.status, 200, "the authorization server named there is the one whose keys sign the tokens");
      await jwks.body?.cancel();

      // A long-lived token from `npm run token -- --expires-in` connects and reads the user's data.
      const fresh = await npmToken(env, ["--expires-in", "86400", "alice@example.com"]);
      const claims = decodeJwt(fresh);
      assert.equal(claims.exp! - claims.iat!, 86400);
      const second = mcpClient(endpoint, fresh);
      await second.client.connect(second.transport);
      const result = await second.client.callTool({ name: "get_goal_progress", arguments: {} });
      assert.notEqual(result.isError, true, JSON.stringify(result.content));
      assert.ok(Array.isArray((result.structuredContent as { goals: unknown[] }).goals));
      await second.client.close();
    }),
});
