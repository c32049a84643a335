// The deployed entry is the function's bundle (scripts/function/build.ts, supabase/functions/v1/dist/): the benchmark
// builds it from the sources of the tree it measures, as `npm run deploy:function` does before a deploy, so that
// bench/servers/entry.ts serves what a deploy serves. A tree from before the bundle (no build script) serves its sources.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runDeno } from "./proc.mjs";

/** Builds `dir`'s function bundle; answers the build's one-line summary, or null for a tree without the build. */
export async function buildFunctionIn(dir = ROOT) {
  if (!existsSync(join(dir, "scripts/function/build.ts"))) return null;
  return (await runDeno("scripts/function/build.ts", [], {}, [], undefined, dir)).trim();
}
