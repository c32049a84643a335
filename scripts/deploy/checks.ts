/**
 * The checks of `npm run deploy:check`, each one a dry run of part of the README's deployment, without a network
 * (no Supabase account, no project, no Docker):
 *
 * 1. the function's module graph and type check, from a copy of supabase/ and packages/ with
 *    supabase/functions/v1/deno.json alone (what `supabase functions deploy v1` bundles);
 * 2. the linter (`deno lint`) and the formatter (`deno fmt --check`) on the repository;
 * 3. the migrations on a scratch database: with a PostgreSQL server (TEST_DATABASE_URL), a fresh database carrying
 *    the hosted-Supabase roles and `auth` schema (supabase/bootstrap) gets `supabase db push --remote=… --yes` from
 *    a clean copy of the repository, then `supabase db advisors`; without one, an embedded PGlite gets the
 *    migrations (the CLI cannot reach it, so no advisors). Then supabase/seed.sql, as `supabase db reset` loads it.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { listMigrations, migrate } from "../db/migrate.ts";
import { PROJECT_DIR, SEED_SQL_FILE } from "../db/paths.ts";
import { bootstrapDatabase, runSupabaseOrThrow } from "../db/supabase-cli.ts";
import { createTestDatabase } from "../db/test-database.ts";
import { cleanCopy } from "./clean-copy.ts";
import { buildFunction } from "../function/build.ts";
import { checkFunction, DEPLOYED_ENTRYPOINT, filesOutsideFunction, functionFiles } from "./function-graph.ts";

export interface Check {
  readonly name: string;
  /** Resolves with a one-line summary; throws with the reason when the check fails. */
  run(): Promise<string>;
}

function denoInRepo(args: readonly string[]): string {
  const result = spawnSync(join(PROJECT_DIR, "node_modules", ".bin", "deno"), args, {
    cwd: PROJECT_DIR,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
  if (result.status !== 0) throw new Error(`deno ${args.join(" ")} failed:\n${output}`);
  return output.split("\n").at(-1) ?? "";
}

export const functionCheck: Check = {
  name: "function: module graph and type check with supabase/functions/v1/deno.json alone",
  async run() {
    const copy = cleanCopy({ only: ["supabase", "packages"] });
    try {
      const check = checkFunction(copy.dir);
      if (check.status !== 0) throw new Error(`deno check failed:\n${check.output}`);
      const files = functionFiles(copy.dir);
      const outside = filesOutsideFunction(files);
      if (outside.length > 0) throw new Error(`the function imports files from elsewhere:\n${outside.join("\n")}`);
      // The deployed entry: the bundle built in the copy, its graph resolved with the function's deno.json alone.
      await buildFunction({ root: copy.dir });
      const deployed = functionFiles(copy.dir, DEPLOYED_ENTRYPOINT);
      if (deployed.some((f) => !f.startsWith("supabase/functions/v1/dist/"))) {
        throw new Error(`the bundle imports local files outside dist/:\n${deployed.join("\n")}`);
      }
      return `${files.length} local files, all under supabase/functions/v1 and packages/core; the bundle's graph ` +
        `(its files loaded on demand included): ${deployed.length} files of supabase/functions/v1/dist`;
    } finally {
      copy.remove();
    }
  },
};

export const lintCheck: Check = {
  name: "lint and format: deno lint, deno fmt --check",
  run() {
    return Promise.resolve(`${denoInRepo(["lint"])}; ${denoInRepo(["fmt", "--check"])}`);
  },
};

/** The migrations (and seed.sql) on a scratch database; `serverUrl` selects a real server, else PGlite. */
export function databaseCheck(serverUrl = process.env.TEST_DATABASE_URL || undefined): Check {
  return {
    name: serverUrl
      ? "database: supabase db push from a clean copy, db advisors, seed.sql, on a scratch database"
      : "database: migrations and seed.sql on a scratch PGlite (set TEST_DATABASE_URL for db push and advisors)",
    async run() {
      const db = await createTestDatabase(serverUrl ?? "");
      try {
        let advisors = "advisors skipped (no PostgreSQL server)";
        if (db.url) {
          const copy = cleanCopy();
          try {
            await bootstrapDatabase(db.url);
            runSupabaseOrThrow(["db", "push", `--remote=${db.url}`, "--yes"], { projectDir: copy.dir });
            const report = runSupabaseOrThrow(
              ["db", "advisors", `--remote=${db.url}`, "--level", "info", "--output-format", "json"],
              { projectDir: copy.dir },
            );
            const findings = (JSON.parse(report.stdout) as { results: { name: string; detail: string }[] }).results
              .filter((r) => r.name !== "unused_index");
            if (findings.length > 0) {
              throw new Error(`supabase db advisors:\n${findings.map((f) => `${f.name}: ${f.detail}`).join("\n")}`);
            }
            advisors = "advisors clean";
          } finally {
            copy.remove();
          }
        } else {
          await migrate(db.client);
        }
        const applied = await db.client.query("select version from supabase_migrations.schema_migrations");
        if (applied.length !== listMigrations().length) {
          throw new Error(`${applied.length} of ${listMigrations().length} migrations recorded`);
        }
        await db.client.exec(readFileSync(SEED_SQL_FILE, "utf8"));
        return `${applied.length} migrations on ${db.engine}, ${advisors}, seed.sql loaded`;
      } finally {
        await db.close();
      }
    },
  };
}

/** Runs the checks in order, printing one line each; resolves with the names of the failed ones. */
export async function runChecks(checks: readonly Check[], log = console.log): Promise<string[]> {
  const failed: string[] = [];
  for (const check of checks) {
    const started = Date.now();
    try {
      const summary = await check.run();
      log(`✔ ${check.name} (${((Date.now() - started) / 1000).toFixed(1)}s): ${summary}`);
    } catch (error) {
      failed.push(check.name);
      log(`✖ ${check.name}\n${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed;
}
