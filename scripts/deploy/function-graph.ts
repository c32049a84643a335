/**
 * The deployed function's module graph, resolved the way `supabase functions deploy v1` resolves it: from
 * supabase/functions/v1/index.ts with supabase/functions/v1/deno.json as the only configuration (no root
 * deno.json, no package.json, no node_modules). Run on a clean copy holding only supabase/ and packages/, a
 * successful `deno check` proves the function needs nothing else; `deno info` lists the local files it would upload.
 * npm packages come from Deno's npm cache (filled from the registry the first time, like `npm install`).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PROJECT_DIR } from "../db/paths.ts";

export const FUNCTION_ENTRYPOINT = "supabase/functions/v1/index.ts";
/** What config.toml deploys: the bundle `npm run build:function` writes from FUNCTION_ENTRYPOINT (gitignored). */
export const DEPLOYED_ENTRYPOINT = "supabase/functions/v1/dist/index.js";
export const FUNCTION_CONFIG = "supabase/functions/v1/deno.json";
const DENO_BIN = join(PROJECT_DIR, "node_modules", ".bin", "deno");

export interface DenoResult {
  readonly status: number | null;
  /** stdout, then stderr. */
  readonly output: string;
  readonly stdout: string;
}

function deno(dir: string, args: readonly string[]): DenoResult {
  const result = spawnSync(DENO_BIN, args, {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1", DENO_NO_PACKAGE_JSON: "1", DENO_NO_UPDATE_CHECK: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}`, stdout: result.stdout ?? "" };
}

/** `deno check` of the entrypoint with the function's deno.json alone, in `dir`. */
export function checkFunction(dir: string): DenoResult {
  return deno(dir, ["check", "--config", FUNCTION_CONFIG, FUNCTION_ENTRYPOINT]);
}

interface GraphModule {
  readonly specifier: string;
  readonly error?: string;
  readonly dependencies?: readonly { code?: { error?: string }; type?: { error?: string } }[];
}

/**
 * The local files of the module graph of `entry` (the sources' entry by default; DEPLOYED_ENTRYPOINT for the built
 * bundle), relative to `dir`, sorted. Throws when the graph has errors.
 */
export function functionFiles(dir: string, entry = FUNCTION_ENTRYPOINT): string[] {
  const result = deno(dir, ["info", "--json", "--config", FUNCTION_CONFIG, entry]);
  if (result.status !== 0) throw new Error(`deno info failed:\n${result.output}`);
  if (result.output !== result.stdout) {
    console.error(`deno info ${entry}: ${result.output.slice(result.stdout.length)}`);
  }
  const info = JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) as { modules: GraphModule[] };
  const errors = info.modules.flatMap((m) => [
    ...(m.error ? [`${m.specifier}: ${m.error}`] : []),
    ...(m.dependencies ?? []).flatMap((d) =>
      [d.code?.error, d.type?.error].filter((e) => e !== undefined).map((e) => `${m.specifier}: ${e}`)
    ),
  ]);
  if (errors.length > 0) throw new Error(`the function's module graph does not resolve:\n${errors.join("\n")}`);
  const root = pathToFileURL(join(dir, "/")).href;
  return info.modules
    .filter((m) => m.specifier.startsWith("file:"))
    .map((m) => m.specifier.startsWith(root) ? m.specifier.slice(root.length) : fileURLToPath(m.specifier))
    .sort();
}

/** Files of the graph that are neither the function's nor the core's (a deploy would have to upload them too). */
export function filesOutsideFunction(files: readonly string[]): string[] {
  return files.filter((f) => !f.startsWith("supabase/functions/v1/") && !f.startsWith("packages/core/src/"));
}
