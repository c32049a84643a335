/**
 * Real data locally, as a user meets it: `DATABASE_URL=… npm start`, then in another shell (no PORT, no
 * DATABASE_URL: both come from the running server's state file) `npm run user:add` and `npm run token` for that
 * user, and `npm run import` of a CSV for the demo user alice. After a restart the CSV is still there (the seed
 * keeps alice and says so), bob is seeded afresh, and the added user still signs in. Needs a PostgreSQL server
 * (TEST_DATABASE_URL): the embedded database is a fresh copy at every start by design.
 */
import assert from "node:assert/strict";
import { localServerSetup, startLocalServer } from "../helpers/npm-start.ts";

const ROOT = new URL("../../", import.meta.url);
const CSV = "date,amount,description,currency\n2026-04-01,-3.20,My own coffee,EUR\n2026-04-02,1500.00,My salary,EUR\n";

async function npm(env: Record<string, string>, args: string[]): Promise<string> {
  const r = await new Deno.Command("npm", { args: ["run", "-s", ...args], cwd: ROOT, env }).output();
  assert.equal(r.code, 0, `npm run ${args.join(" ")}: ${new TextDecoder().decode(r.stderr)}`);
  return new TextDecoder().decode(r.stdout).trim();
}

Deno.test({
  name: "DATABASE_URL npm start: an imported CSV and an added user survive a restart; the banner says what it kept",
  ignore: !Deno.env.get("TEST_DATABASE_URL"),
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "pfa-restart-" });
    const setup = await localServerSetup(dir);
    const { PORT: _, DATABASE_URL: databaseUrl, ...shell } = setup.env;
    let server = await startLocalServer(setup.env);
    try {
      assert.match(server.printed(), /Demo seed +seeded alice@example\.com, bob@example\.com afresh/);
      assert.match(
        await npm(shell, ["user:add", "--", "me@example.com", "--currency", "EUR", "--timezone", "Europe/Berlin"]),
        /^added me@example\.com \(id [0-9a-f-]{36}\)/,
      );
      const csv = `${dir}/mine.csv`;
      await Deno.writeTextFile(csv, CSV);
      await npm({ ...shell, DATABASE_URL: databaseUrl! }, [
        "import",
        "--",
        "--user",
        "alice@example.com",
        "--account",
        "My bank",
        csv,
      ]);
      const accounts = async () => {
        const token = await npm(shell, ["token", "--", "alice@example.com"]);
        const res = await fetch(`${server.base}/v1/me/statements/imports?limit=200`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        assert.equal(res.status, 200);
        return ((await res.json()).data as { account_name: string }[]).map((i) => i.account_name);
      };
      assert.ok((await accounts()).includes("My bank"));

      await server.stop();
      server = await startLocalServer(setup.env);
      const banner = server.printed();
      assert.match(banner, /seeded bob@example\.com afresh/);
      assert.match(
        banner,
        /kept alice@example\.com as it is: it holds data the seed did not write \(statement_imports/,
      );
      assert.match(banner, /Restarts never replace data the seed did not write/);
      assert.ok((await accounts()).includes("My bank"), "the CSV imported before the restart is still there");

      const me = await npm(shell, ["token", "--", "me@example.com"]);
      const summary = await fetch(`${server.base}/v1/me/budget/summary`, {
        headers: { Authorization: `Bearer ${me}` },
      });
      assert.equal(summary.status, 200);
      assert.equal((await summary.json()).currency, "EUR", "the profile's currency");
    } finally {
      await server.stop();
      await setup.drop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
