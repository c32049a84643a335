/**
 * `npm start` for real: spawns scripts/start.ts on a free port with a signing-keys path that does not exist yet,
 * waits for it, then checks the JWKS, health, tokens from scripts/token.ts against the account routes, and that
 * the keys file was created. The server runs on PGlite (twice: building the template, then reusing it), or with
 * TEST_DATABASE_URL set, on a fresh database there.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { createTokenVerifier } from "../supabase/functions/v1/auth/verifier.ts";
import { DEMO_USERS } from "./db/demo-data.ts";
import { demoToken as token, localServerSetup, startLocalServer as start } from "../tests/helpers/npm-start.ts";

async function goalIds(base: string, bearer: string): Promise<string[]> {
  const res = await fetch(`${base}/v1/me/goals/progress`, { headers: { authorization: `Bearer ${bearer}` } });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()).goals as { id: string }[]).map((g) => g.id);
}

/**
 * The demo data is relative to today: every default of the account routes ("this month", "this year", "from 1
 * January to today", goals as of today) shows data, whatever day the suite runs. alice's profile: Europe/Berlin.
 */
async function assertDefaultsShowData(base: string, bearer: string): Promise<void> {
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
    return await res.json();
  };
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "numeric" })
    .formatToParts();
  const year = Number(parts.find((p) => p.type === "year")!.value);
  const month = Number(parts.find((p) => p.type === "month")!.value);
  const positive = (amount: string) => /^\d+\.\d+$/.test(amount) && /[1-9]/.test(amount);

  const budget = await get("/v1/me/budget/summary");
  assert.deepEqual([budget.year, budget.month], [year, month], "the budget summary defaults to this month");
  assert.ok(
    positive(budget.budgeted) && positive(budget.spent),
    `this month has budgets and spending: ${budget.spent}`,
  );
  const cashflow = await get("/v1/me/analytics/cashflow");
  assert.equal(cashflow.year, year, "cashflow defaults to this year");
  const thisMonth = cashflow.months.find((m: { month: number }) => m.month === month);
  assert.ok(thisMonth.transaction_count > 0, "this month has transactions in the cashflow");
  const spending = await get("/v1/me/analytics/spending-by-category");
  assert.ok(spending.categories.length > 0 && positive(spending.total), "spending from 1 January to today");
  const goals = await get("/v1/me/goals/progress");
  assert.ok(goals.goals.some((g: { saved_amount: string }) => positive(g.saved_amount)), "goals as of today");
  const trends = await get("/v1/me/analytics/trends");
  assert.ok(positive(trends.total.current), "trends: this month's spending");
  // The demo's categorization rules (scripts/db/demo-rules.ts), applied by the demo import.
  const rules = await get("/v1/me/categorization/rules");
  assert.ok(rules.data.length > 0, "the demo user has stored categorization rules");
  const page = await get("/v1/me/statements/transactions?limit=200");
  assert.ok(
    page.data.some((t: { category_source: string | null }) => t.category_source === "rule"),
    "some recent transactions were categorized by a rule",
  );
}

Deno.test("npm start: serves the function under /functions/v1, the JWKS, and accepts npm run token's tokens", async () => {
  const dir = await Deno.makeTempDir();
  const keysPath = `${dir}/signing_keys.json`;
  const setup = await localServerSetup(dir, { PFA_PGLITE_CACHE_DIR: `${dir}/pglite`, NO_COLOR: "1" });
  const { env, database: testDb } = setup;
  try {
    const server = await start(env);
    const { origin, base } = server;
    let aliceToken: string;
    let aliceGoals: string[];
    try {
      const health = await fetch(`${base}/v1/health`);
      assert.equal(health.status, 200);
      assert.equal((await health.json()).status, "ok");

      const jwks = await (await fetch(`${origin}/auth/v1/.well-known/jwks.json`)).json();
      assert.equal(jwks.keys.length, 1);
      assert.equal(jwks.keys[0].alg, "ES256");
      assert.ok(!("d" in jwks.keys[0]), "no private key material");

      // The keys file was created, and the JWKS publishes its public part.
      const stored = JSON.parse(await Deno.readTextFile(keysPath));
      assert.equal(stored[0].kid, jwks.keys[0].kid);

      const alice = await token(env, "alice@example.com");
      assert.equal(alice.code, 0, alice.err);
      aliceToken = alice.out.trim();
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
      aliceGoals = await goalIds(base, aliceToken);
      const bobGoals = await goalIds(base, bobToken);
      assert.ok(aliceGoals.length > 0 && bobGoals.length > 0);
      assert.ok(bobGoals.every((id) => !aliceGoals.includes(id)), "each user sees only their own goals");

      await assertDefaultsShowData(base, aliceToken);

      const refused = await fetch(`${base}/v1/me/goals/progress`, { headers: { authorization: "Bearer not-a-jwt" } });
      assert.equal(refused.status, 401);
      await refused.body?.cancel();

      const unknown = await token(env, "mallory@example.com");
      assert.equal(unknown.code, 1);
      assert.equal(unknown.out, "");
      // Not a demo user: looked up in the server's database when it has one, else named as neither.
      assert.match(
        unknown.err,
        testDb
          ? /^error: no user "mallory@example\.com" in the database; add one with npm run -s user:add -- mallory@example\.com\n$/
          : /^error: "mallory@example\.com" is not a demo user \(alice@example\.com, bob@example\.com\), and there is no database/,
      );

      assert.ok(server.printed().includes(base), server.printed());
      assert.match(server.printed(), /npm run -s token -- alice@example.com/);
    } finally {
      await server.stop();
    }

    if (testDb) return;
    // Second start: the embedded database comes from the template the first start built.
    assert.equal(readdirSync(`${dir}/pglite`).filter((e) => e.startsWith("template-")).length, 1);
    const again = await start(env); // same port: the issuer (and so alice's token) stays valid
    try {
      assert.match(again.printed(), /cached template/);
      assert.deepEqual(await goalIds(again.base, aliceToken), aliceGoals);
    } finally {
      await again.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
    await setup.drop();
  }
  assert.ok(!existsSync(dir));
});
