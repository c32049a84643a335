import assert from "node:assert/strict";
import { createLocalHandler } from "./local-server.ts";

const jwks = { keys: [{ kty: "EC", kid: "k1", crv: "P-256", x: "x", y: "y", alg: "ES256", use: "sig" }] };

function recording() {
  const seen: { url: string; method: string; body: string; auth: string | null }[] = [];
  const handler = createLocalHandler({
    jwks,
    fn: async (req) => {
      seen.push({ url: req.url, method: req.method, body: await req.text(), auth: req.headers.get("authorization") });
      return new Response("from the function", { status: 201 });
    },
  });
  return { seen, handler };
}

Deno.test("local server: /functions/v1/<rest> reaches the function as /<rest>, query, body and headers intact", async () => {
  const { seen, handler } = recording();
  const res = await handler(
    new Request("http://127.0.0.1:54321/functions/v1/v1/analytics/cashflow?x=1&y=%20", {
      method: "POST",
      headers: { authorization: "Bearer t", "content-type": "application/json" },
      body: '{"currency":"EUR"}',
    }),
  );
  assert.equal(res.status, 201);
  assert.deepEqual(seen, [{
    url: "http://127.0.0.1:54321/v1/analytics/cashflow?x=1&y=%20",
    method: "POST",
    body: '{"currency":"EUR"}',
    auth: "Bearer t",
  }]);
  await handler(new Request("http://127.0.0.1:54321/functions/v1"));
  assert.equal(new URL(seen[1]!.url).pathname, "/");
});

Deno.test("local server: the JWKS is served at /auth/v1/.well-known/jwks.json", async () => {
  const { seen, handler } = recording();
  const res = await handler(new Request("http://127.0.0.1:54321/auth/v1/.well-known/jwks.json"));
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /application\/json/);
  assert.deepEqual(await res.json(), jwks);
  assert.equal(seen.length, 0);
  const post = await handler(new Request("http://127.0.0.1:54321/auth/v1/.well-known/jwks.json", { method: "POST" }));
  assert.equal(post.status, 405);
  await post.body?.cancel();
});

Deno.test("local server: other paths are a JSON 404 that points at the API", async () => {
  const { seen, handler } = recording();
  for (const path of ["/", "/v1/health", "/functions/v10/v1/health", "/rest/v1/rpc/me_profile"]) {
    const res = await handler(new Request(`http://127.0.0.1:54321${path}`));
    assert.equal(res.status, 404, path);
    assert.match((await res.json()).message, /\/functions\/v1\/v1\//);
  }
  assert.equal(seen.length, 0);
});

Deno.test("local server: OAuth metadata for the local Auth, whose sign-in endpoints answer 401 with how to get a token", async () => {
  const { handler } = recording();
  const h = (await import("./local-server.ts")).createLocalHandler({
    jwks,
    supabaseUrl: "http://127.0.0.1:54377",
    fn: () => new Response("from the function"),
  });
  for (const path of ["/.well-known/oauth-authorization-server/auth/v1", "/auth/v1/.well-known/openid-configuration"]) {
    const res = await h(new Request(`http://127.0.0.1:54377${path}`));
    assert.equal(res.status, 200, path);
    const metadata = await res.json();
    assert.equal(metadata.issuer, "http://127.0.0.1:54377/auth/v1");
    assert.equal(metadata.registration_endpoint, "http://127.0.0.1:54377/auth/v1/oauth/register");
  }
  const register = await h(
    new Request("http://127.0.0.1:54377/auth/v1/oauth/register", { method: "POST", body: "{}" }),
  );
  assert.equal(register.status, 401);
  const error = await register.json();
  assert.equal(error.error, "access_denied");
  assert.match(error.error_description, /no sign-in .*npm run -s token -- alice@example\.com/);
  const page = await h(new Request("http://127.0.0.1:54377/auth/v1/oauth/authorize?client_id=x"));
  assert.equal(page.status, 401);
  assert.match(await page.text(), /^This local server has no sign-in/);
  assert.equal((await handler(new Request("http://127.0.0.1:54321/authorize"))).status, 404);
});

Deno.test("local server: /v1/openapi.json names this server's port as the local server", async () => {
  const document = {
    servers: [{ url: "https://{project_ref}.supabase.co/functions/v1" }, {
      url: "http://127.0.0.1:54321/functions/v1",
      description: "Local (`npm start`)",
    }],
  };
  const h = (await import("./local-server.ts")).createLocalHandler({
    jwks,
    supabaseUrl: "http://127.0.0.1:54377",
    fn: () => Response.json(document),
  });
  const res = await h(new Request("http://127.0.0.1:54377/functions/v1/v1/openapi.json"));
  assert.deepEqual((await res.json()).servers.map((s: { url: string }) => s.url), [
    "https://{project_ref}.supabase.co/functions/v1",
    "http://127.0.0.1:54377/functions/v1",
  ]);
});
