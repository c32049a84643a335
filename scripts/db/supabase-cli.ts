/**
 * The Supabase CLI against a real database URL: `supabase migration up` (after our compatibility bootstrap) and
 * `supabase db advisors`. Runs the CLI installed in node_modules (`npx --no-install supabase`).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyBootstrap } from "./migrate.ts";
import { MIGRATIONS_DIR, PROJECT_DIR } from "./paths.ts";
import { createPostgresClient } from "./sql-client.ts";

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI in a scratch work directory that holds only `supabase/migrations` (a link to ours). The database
 * commands need nothing else, and our supabase/config.toml names the local signing-keys file, which the CLI insists
 * on reading and which a fresh clone does not have until `npm start` creates it.
 */
export function runSupabase(args: readonly string[]): CliResult {
  const workdir = mkdtempSync(join(tmpdir(), "pfa-supabase-"));
  try {
    mkdirSync(join(workdir, "supabase"));
    symlinkSync(MIGRATIONS_DIR, join(workdir, "supabase", "migrations"), "dir");
    const result = spawnSync("npx", ["--no-install", "supabase", "--workdir", workdir, ...args], {
      cwd: PROJECT_DIR,
      encoding: "utf8",
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
    });
    return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
}

/** Applies the bootstrap, then `supabase migration up --remote=<url> --yes`. Throws when the CLI fails. */
export async function migrateWithSupabaseCli(url: string): Promise<CliResult> {
  const client = createPostgresClient(url, { max: 1 });
  try {
    await applyBootstrap(client);
  } finally {
    await client.close();
  }
  const result = runSupabase(["migration", "up", `--remote=${url}`, "--yes"]);
  if (result.status !== 0) {
    throw new Error(`supabase migration up failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}
