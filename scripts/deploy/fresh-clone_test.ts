/**
 * The README's Supabase CLI commands on a fresh clone (a clean copy: no node_modules, no signing_keys.json, nothing
 * `npm start` creates): `supabase db push --remote=<fresh database> --yes` against a database that has what a hosted
 * project has (the bootstrap's roles and `auth` schema), then `supabase db advisors --remote=…`. Needs a PostgreSQL
 * server (TEST_DATABASE_URL); the CLI cannot reach an embedded PGlite.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { listMigrations } from "../db/migrate.ts";
import { bootstrapDatabase, runSupabase } from "../db/supabase-cli.ts";
import { createTestDatabase } from "../db/test-database.ts";
import { cleanCopy } from "./clean-copy.ts";

const serverUrl = Deno.env.get("TEST_DATABASE_URL");

Deno.test({
  name: "fresh clone: supabase db push --remote --yes, then db advisors, work without npm start",
  ignore: !serverUrl,
  async fn() {
    const copy = cleanCopy();
    const db = await createTestDatabase(serverUrl);
    try {
      assert.ok(!existsSync(join(copy.dir, "supabase/signing_keys.json")), "the clean copy has no signing keys");
      assert.ok(!existsSync(join(copy.dir, "node_modules")), "the clean copy has no node_modules");
      await bootstrapDatabase(db.url!);

      const push = runSupabase(["db", "push", `--remote=${db.url}`, "--yes"], { projectDir: copy.dir });
      assert.equal(push.status, 0, `supabase db push failed:\n${push.stdout}\n${push.stderr}`);
      const applied = await db.client.query<{ version: string }>(
        "select version from supabase_migrations.schema_migrations order by version",
      );
      assert.deepEqual(
        applied.map((r) => r.version),
        listMigrations().map((m) => m.version),
        "db push applied every migration of supabase/migrations, once",
      );

      const again = runSupabase(["db", "push", `--remote=${db.url}`, "--yes"], { projectDir: copy.dir });
      assert.equal(again.status, 0, `a second db push failed:\n${again.stderr}`);
      assert.match(`${again.stdout}${again.stderr}`, /up to date/i, "a second push has nothing to apply");

      const advisors = runSupabase(
        ["db", "advisors", `--remote=${db.url}`, "--level", "info", "--output-format", "json"],
        { projectDir: copy.dir },
      );
      assert.equal(advisors.status, 0, `supabase db advisors failed:\n${advisors.stderr}`);
      const report = JSON.parse(advisors.stdout) as { results: { name: string; detail: string }[] };
      const findings = report.results.filter((r) => r.name !== "unused_index").map((r) => `${r.name}: ${r.detail}`);
      assert.deepEqual(findings, [], "the advisors report nothing but unused indexes on a fresh database");
    } finally {
      await db.close();
      copy.remove();
    }
  },
});

Deno.test("fresh clone: functions deploy v1 --use-api reads config.toml and finds the function, then stops unconfirmed", () => {
  // A made-up access token and project ref, and no --yes: the CLI loads the project (config.toml, the function) and
  // then stops at the confirmation it cannot ask for, so nothing is deployed and nothing is sent anywhere.
  const copy = cleanCopy();
  try {
    const deploy = runSupabase(["functions", "deploy", "v1", "--use-api", "--remote=abcdefghijklmnopqrst"], {
      projectDir: copy.dir,
      env: { SUPABASE_ACCESS_TOKEN: `sbp_${"0".repeat(40)}` },
    });
    const printed = `${deploy.stdout}${deploy.stderr}`;
    assert.doesNotMatch(printed, /signing keys/i, "config.toml names no file a fresh clone lacks");
    assert.match(printed, /Deploy 1 Function \(target: project abcdefghijklmnopqrst\)/, printed);
    assert.match(printed, /Nothing was changed/, printed);
  } finally {
    copy.remove();
  }
});
