/**
 * `npm start` for real: spawns scripts/start.ts on a free port with a signing-keys path that does not exist yet,
 * waits for it, then checks the JWKS, health, tokens from scripts/token.ts against the account routes, and that
 * the keys file was created. The server runs on PGlite, or with TEST_DATABASE_URL set, on a fresh database there.
 */
import assert from "node:assert/strict";
import { createTokenVerifier } from "../supabase/functions/v1/auth/verifier.ts";
import { createMigratedTestDatabase, type TestDatabase } from "../supabase/functions/v1/data/direct/test-database.ts";
import { DEMO_USERS } from "./db/demo-data.ts";

const DENO = Deno.execPath();
const ROOT = new URL("../", import.meta.url);

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function waitForHealth(base: string, child: Deno.ChildProcess, seconds: number): Promise<void> {
  let exited = false;
  child.status.then(() => exited = true);
  for (let i = 0; i < seconds * 4; i++) {
    if (exited) throw new Error("npm start exited before it was ready");
    try {
      const res = await fetch(`${base}/v1/health`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start was not ready within ${seconds} s`);
}

async function token(env: Record<string, string>, email: string): Promise<{ code: number; out: string; err: string }> {
  const r = await new Deno.Command(DENO, {
    args: ["run", "-A", "--no-check", "scripts/token.ts", email],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

Deno.test("npm start: serves the function under /functions/v1, the JWKS, and accepts npm run token's tokens", async () => {
  const dir = await Deno.makeTempDir();
  const port = freePort();
  const keysPath = `${dir}/signing_keys.json`;
  const env: Record<string, string> = { PORT: String(port), PFA_SIGNING_KEYS_PATH: keysPath, NO_COLOR: "1" };
  // With TEST_DATABASE_URL: a fresh database on that server, given to npm start as DATABASE_URL.
  let testDb: TestDatabase | undefined;
  if (Deno.env.get("TEST_DATABASE_URL")) {
    testDb = await createMigratedTestDatabase();
    await testDb.client.close();
    env.DATABASE_URL = testDb.url!;
  }
  const child = new Deno.Command(DENO, {
    args: ["run", "-A", "--no-check", "scripts/start.ts"],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const output = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let printed = "";
  const reading = (async () => {
    for (;;) {
      const { value, done } = await output.read();
      if (done) break;
      printed += value;
    }
  })();
  const origin = `http://127.0.0.1:${port}`;
  const base = `${origin}/functions/v1`;
  try {
    await waitForHealth(base, child, 180);

    const health = await fetch(`${base}/v1/health`);
    assert.equal(health.status, 200);
    assert.equal((await health.json()).status, "ok");

    const jwksRes = await fetch(`${origin}/auth/v1/.well-known/jwks.json`);
    const jwks = await jwksRes.json();
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0].alg, "ES256");
    assert.ok(!("d" in jwks.keys[0]), "no private key material");

    // The keys file was created, and the JWKS publishes its public part.
    const stored = JSON.parse(await Deno.readTextFile(keysPath));
    assert.equal(stored[0].kid, jwks.keys[0].kid);

    const alice = await token(env, "alice@example.com");
    assert.equal(alice.code, 0, alice.err);
    const aliceToken = alice.out.trim();
    assert.match(aliceToken, /^[\w-]+\.[\w-]+\.[\w-]+$/, "prints only the token");

    // Independently of the server: the token verifies against the JWKS the server publishes (remote fetch).
    const verifier = createTokenVerifier({
      auth: {
        issuer: `${origin}/auth/v1`,
        jwksUrl: new URL(`${origin}/auth/v1/.well-known/jwks.json`),
        jwks: undefined,
        jwtSecret: undefined,
      },
    });
    assert.equal((await verifier.verify(`Bearer ${aliceToken}`)).sub, DEMO_USERS.alice.id);

    const bobToken = (await token(env, "bob@example.com")).out.trim();
    const goals = async (t: string) => {
      const res = await fetch(`${base}/v1/me/goals/progress`, { headers: { authorization: `Bearer ${t}` } });
      assert.equal(res.status, 200, await res.clone().text());
      return (await res.json()).goals as { id: string; currency: string }[];
    };
    const aliceGoals = await goals(aliceToken);
    const bobGoals = await goals(bobToken);
    assert.ok(aliceGoals.length > 0 && bobGoals.length > 0);
    const aliceIds = new Set(aliceGoals.map((g) => g.id));
    assert.ok(bobGoals.every((g) => !aliceIds.has(g.id)), "each user sees only their own goals");

    const refused = await fetch(`${base}/v1/me/goals/progress`, { headers: { authorization: "Bearer not-a-jwt" } });
    assert.equal(refused.status, 401);
    await refused.body?.cancel();

    const unknown = await token(env, "mallory@example.com");
    assert.equal(unknown.code, 1);
    assert.equal(unknown.out, "");
    assert.match(unknown.err, /unknown demo user.*alice@example.com/);

    assert.match(printed, new RegExp(`${base.replaceAll("/", "\\/")}`));
    assert.match(printed, /npm run -s token -- alice@example.com/);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await reading;
    await Deno.remove(dir, { recursive: true });
    await testDb?.drop();
  }
});
