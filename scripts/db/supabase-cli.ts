/**
 * The Supabase CLI against a real database URL: `supabase migration up` (after our compatibility bootstrap),
 * `supabase db push` and `supabase db advisors`. Runs the CLI installed in node_modules.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import process from "node:process";
import { applyBootstrap } from "./migrate.ts";
import { PROJECT_DIR } from "./paths.ts";
import { createPostgresClient } from "./sql-client.ts";

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The CLI installed in node_modules (the `supabase` npm package). */
export const SUPABASE_BIN = join(PROJECT_DIR, "node_modules", ".bin", "supabase");

/**
 * Runs the CLI on a project directory (default: this repository), with supabase/config.toml as it is committed.
 * `projectDir` may be a clean copy of the repository (scripts/deploy/clean-copy.ts) to prove a fresh clone works.
 */
export function runSupabase(
  args: readonly string[],
  options: { projectDir?: string; env?: Record<string, string> } = {},
): CliResult {
  const projectDir = options.projectDir ?? PROJECT_DIR;
  const result = spawnSync(SUPABASE_BIN, ["--workdir", projectDir, ...args], {
    cwd: projectDir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", ...options.env },
  });
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/** The compatibility bootstrap (roles, `auth` schema) on a plain PostgreSQL, as a hosted Supabase database has it. */
export async function bootstrapDatabase(url: string): Promise<void> {
  const client = createPostgresClient(url, { max: 1 });
  try {
    await applyBootstrap(client);
  } finally {
    await client.close();
  }
}

/** Runs the CLI and throws with its output when it fails. */
export function runSupabaseOrThrow(args: readonly string[], options: { projectDir?: string } = {}): CliResult {
  const result = runSupabase(args, options);
  if (result.status !== 0) {
    throw new Error(
      `supabase ${args[0]} ${args[1]} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}

/** Applies the bootstrap, then `supabase migration up --remote=<url> --yes`. Throws when the CLI fails. */
export async function migrateWithSupabaseCli(url: string): Promise<CliResult> {
  await bootstrapDatabase(url);
  return runSupabaseOrThrow(["migration", "up", `--remote=${url}`, "--yes"]);
}
