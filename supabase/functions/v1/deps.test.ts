import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "./config.ts";
import { DatabaseUnavailableError } from "./data/errors.ts";
import { createDependencies } from "./deps.ts";

const user = { sub: "a11ce000-0000-4000-8000-000000000001", claims: { role: "authenticated" }, token: "user.jwt" };

function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

Deno.test("deps: DATABASE_URL selects the direct Postgres driver, which owns its pool", async () => {
  const deps = createDependencies(loadConfig({
    SUPABASE_URL: "http://127.0.0.1:54321",
    SUPABASE_ANON_KEY: "anon",
    DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort()}/none`,
  }));
  try {
    // It connects to DATABASE_URL (nothing listens there), not to SUPABASE_URL.
    await assert.rejects(deps.accountData.withUser(user, (d) => d.profile()), DatabaseUnavailableError);
  } finally {
    await deps.accountData.close!();
  }
});

Deno.test("deps: without DATABASE_URL, supabase-js calls the project's PostgREST with the anon key and the user's token", async () => {
  const seen: { path: string; apikey: string | null; auth: string | null }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seen.push({
      path: new URL(req.url).pathname,
      apikey: req.headers.get("apikey"),
      auth: req.headers.get("authorization"),
    });
    return Response.json([{ default_currency: "EUR", timezone: "UTC", today: "2026-11-21" }]);
  });
  try {
    const deps = createDependencies(loadConfig({
      SUPABASE_URL: `http://127.0.0.1:${server.addr.port}`,
      SUPABASE_ANON_KEY: "anon-key",
    }));
    assert.equal(deps.accountData.close, undefined);
    assert.equal(deps.config.auth.issuer, `http://127.0.0.1:${server.addr.port}/auth/v1`);
    const profile = await deps.accountData.withUser(user, (d) => d.profile());
    assert.equal(profile?.default_currency, "EUR");
    assert.deepEqual(seen, [{ path: "/rest/v1/rpc/me_profile", apikey: "anon-key", auth: "Bearer user.jwt" }]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("deps: neither a database URL nor an anon key fails fast", () => {
  assert.throws(
    () => createDependencies(loadConfig({ SUPABASE_URL: "https://abc.supabase.co" })),
    (e) => e instanceof ConfigError && /set DATABASE_URL .* or SUPABASE_ANON_KEY/.test(e.message),
  );
});
