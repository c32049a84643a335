/**
 * The README's Supabase CLI commands on a fresh clone (a clean copy: no node_modules, no signing_keys.json, nothing
 * `npm start` creates): `supabase db push --remote=<fresh database> --yes` against a database that has what a hosted
 * project has (the bootstrap's roles and `auth` schema), then `supabase db advisors --remote=…`. Needs a PostgreSQL
 * server (TEST_DATABASE_URL); the CLI cannot reach an embedded PGlite. And `supabase functions deploy v1 --use-api`
 * against a stand-in for the Management API, to see exactly what the CLI uploads.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { listMigrations } from "../db/migrate.ts";
import { PROJECT_DIR } from "../db/paths.ts";
import { bootstrapDatabase, runSupabase, SUPABASE_BIN } from "../db/supabase-cli.ts";
import { createTestDatabase } from "../db/test-database.ts";
import { startFakeManagementApi } from "../../tests/helpers/fake-management-api.ts";
import { cleanCopy } from "./clean-copy.ts";
import { DEPLOYED_ENTRYPOINT, functionFiles } from "./function-graph.ts";

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

Deno.test("fresh clone: supabase link, functions deploy v1 --use-api and secrets set, as the README runs them", async () => {
  // The CLI talks to a stand-in for the Management API (tests/helpers/fake-management-api.ts), named by a profile
  // file: nothing is sent anywhere else. What the deploy uploads is what Supabase bundles server-side.
  const copy = cleanCopy();
  const api = startFakeManagementApi();
  const scratch = await Deno.makeTempDir();
  try {
    // A clone after `npm install`: node_modules (linked from this checkout) and what postinstall generates that the
    // deploy needs, Scalar's bundle for /v1/docs (`npm run docs:bundle`; config.toml lists it in static_files).
    await Deno.symlink(join(PROJECT_DIR, "node_modules"), join(copy.dir, "node_modules"));
    const bundled = await new Deno.Command("node", { args: ["scripts/docs/bundle.mjs"], cwd: copy.dir }).output();
    assert.equal(bundled.code, 0, new TextDecoder().decode(bundled.stderr));
    // `npm run deploy:function` builds the deployed entry (config.toml's entrypoint, dist/) before it deploys.
    const built = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/function/build.ts"],
      cwd: copy.dir,
    })
      .output();
    assert.equal(built.code, 0, new TextDecoder().decode(built.stderr));
    const profile = await api.profileFile(scratch);
    const ref = "abcdefghijklmnopqrst";
    const cli = async (...args: string[]) => {
      const out = await new Deno.Command(SUPABASE_BIN, {
        args: ["--workdir", copy.dir, ...args, "--yes", "--profile", profile],
        cwd: copy.dir,
        env: { SUPABASE_ACCESS_TOKEN: `sbp_${"0".repeat(40)}`, SUPABASE_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const printed = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 0, `supabase ${args.join(" ")}:\n${printed}`);
      assert.doesNotMatch(
        printed,
        /signing keys|WARN/i,
        `supabase ${args.join(" ")}: no missing file, nothing skipped:\n${
          printed.split("\n").filter((line) => /signing keys|WARN/i.test(line)).join("\n")
        }`,
      );
      return printed;
    };

    assert.match(await cli("link", "--project-ref", ref), /Finished supabase link/);
    assert.equal((await Deno.readTextFile(join(copy.dir, "supabase/.temp/project-ref"))).trim(), ref);

    const deployed = await cli("functions", "deploy", "v1", "--use-api", "--no-verify-jwt");
    assert.match(deployed, new RegExp(`Deployed Functions on project ${ref}: v1`));

    await cli("secrets", "set", "PFA_RATE_LIMIT_REQUESTS=600");
    assert.equal(api.secrets.get("PFA_RATE_LIMIT_REQUESTS"), "600");

    assert.equal(api.deploys.length, 1, api.requests.join("\n"));
    const [upload] = api.deploys;
    assert.equal(upload!.slug, "v1");
    assert.deepEqual(
      { ...upload!.metadata, static_patterns: undefined },
      {
        entrypoint_path: DEPLOYED_ENTRYPOINT,
        import_map_path: "supabase/functions/v1/deno.json",
        verify_jwt: false,
        name: "v1",
        static_patterns: undefined,
      },
      "config.toml's entrypoint, import map and verify_jwt = false",
    );
    const paths = [...upload!.files.keys()];
    const scalar = "supabase/functions/v1/reference/scalar.standalone.js";
    assert.deepEqual(
      upload!.files.get(scalar),
      await Deno.readFile(join(copy.dir, scalar)),
      "config.toml's static_files: the reference bundle served at /v1/docs/scalar.js is uploaded",
    );
    assert.deepEqual(
      paths.filter((p) => !p.startsWith("supabase/functions/v1/") && !p.startsWith("packages/core/src/")),
      [],
      "only the function's folder and the core are uploaded (no scripts/, tests/, node_modules, signing keys)",
    );

    // Rebuild the project from the upload alone: the function's module graph resolves there (functionFiles throws on
    // any unresolved import; function-graph_test type-checks the same graph), and every local file of it was uploaded.
    const uploaded = await Deno.makeTempDir({ dir: scratch });
    for (const [path, bytes] of upload!.files) {
      await Deno.mkdir(dirname(join(uploaded, path)), { recursive: true });
      await Deno.writeFile(join(uploaded, path), bytes);
    }
    const graph = functionFiles(uploaded, DEPLOYED_ENTRYPOINT);
    assert.ok(graph.length > 20, "the graph holds the bundle's files, those loaded on demand included");
    assert.deepEqual(
      graph.filter((f) => !f.startsWith("supabase/functions/v1/dist/")),
      [],
      "the bundle holds the core",
    );
    assert.deepEqual(graph.filter((f) => !upload!.files.has(f)), [], "every file of the graph was uploaded");
  } finally {
    await api.close();
    await Deno.remove(scratch, { recursive: true });
    copy.remove();
  }
});
