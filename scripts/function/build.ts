/**
 * `npm run build:function`: the edge function as it is deployed, a JavaScript bundle of its own code in
 * supabase/functions/v1/dist/ (gitignored). `deno bundle` (esbuild) with code splitting: the entry (index.ts) and
 * the modules the function imports at start-up become a handful of files, and every dynamic `import()` (an operation
 * loaded on its first request, the OpenAPI document, the MCP server, the database providers) stays a separate file
 * loaded when first needed, as in the sources. npm packages are not bundled: every package of the function's import
 * map (supabase/functions/v1/deno.json) stays an import that the deploy resolves through that map, as it would for
 * the sources.
 *
 * Why: a cold function spends most of its start loading modules, and each TypeScript module costs a file read, a
 * lookup in Deno's emit cache and its own compilation; the bundle starts the same code from about 16 JavaScript files
 * instead of about 70 TypeScript modules (BENCHMARKS.md, `cold_start_vs_floor`).
 *
 * The sources stay the truth: `npm start` and every test run them, and supabase/functions/v1/bundle_test.ts answers
 * the same requests from a fresh bundle and from the sources and compares the bytes. A bundle is built from the
 * sources of the moment, never edited by hand: `npm run deploy:function` builds it right before `supabase functions
 * deploy`.
 *
 *   deno run -A scripts/function/build.ts [--out DIR]   # DIR must be one level under supabase/functions/v1
 */
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const functionDir = (root: string) => join(root, "supabase", "functions", "v1");
export const FUNCTION_DIR = functionDir(ROOT);
export const DIST_DIR = join(FUNCTION_DIR, "dist");

/**
 * The `--external` patterns: every npm package of the function's import map (`zod`, and `zod/*` for a `zod/` prefix
 * entry). Local entries (`@pfa/core`) are bundled.
 */
export function externals(imports: Record<string, string>): string[] {
  return Object.entries(imports)
    .filter(([, target]) => target.startsWith("npm:"))
    .map(([key]) => key.endsWith("/") ? `${key}*` : key);
}

export interface BuildResult {
  readonly dir: string;
  readonly files: number;
  readonly bytes: number;
}

/**
 * Builds the bundle of the function in `root` (this checkout by default; a clean copy for deploy:check) into `outDir`
 * (dist/ by default, emptied first; named dist or dist-*). `outDir` must sit directly under supabase/functions/v1,
 * as dist/ does: a bundled module finds the function's static files (reference/scalar.standalone.js) at the same
 * relative place as its source.
 */
export async function buildFunction(
  { root = ROOT, outDir = join(functionDir(root), "dist") }: { root?: string; outDir?: string } = {},
): Promise<BuildResult> {
  const dir = functionDir(root);
  if (dirname(outDir) !== dir) throw new Error(`${outDir} is not directly under ${dir}`);
  // The folder is emptied first: never one of the function's own (reference/, routes/, ...).
  if (!/^dist(-[a-z0-9-]+)?$/.test(basename(outDir))) {
    throw new Error(`${outDir}: the folder's name must be dist or dist-*`);
  }
  const config = JSON.parse(await Deno.readTextFile(join(dir, "deno.json"))) as {
    imports: Record<string, string>;
  };
  await Deno.remove(outDir, { recursive: true }).catch((error) => {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  });
  const args = [
    "bundle",
    "--platform",
    "deno",
    "--code-splitting",
    // The function's own import map, as the deploy resolves it (no root deno.json, package.json or node_modules).
    "--config",
    join(dir, "deno.json"),
    "--no-lock",
    "--outdir",
    outDir,
    // `--external=pattern`: the flag takes several values, so a separate value would swallow the entry too.
    ...externals(config.imports).map((pattern) => `--external=${pattern}`),
    join(dir, "index.ts"),
  ];
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: root,
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1", DENO_NO_PACKAGE_JSON: "1" },
  }).output();
  const said = new TextDecoder().decode(stderr);
  if (code !== 0) throw new Error(`deno bundle failed (exit ${code}):\n${said}`);
  // `deno bundle` can succeed having bundled nothing (a flag that swallowed the entry, say): then there is no entry.
  try {
    await Deno.stat(join(outDir, "index.js"));
  } catch {
    throw new Error(`deno bundle wrote no ${join(outDir, "index.js")}:\n${said}`);
  }
  let files = 0;
  let bytes = 0;
  for await (const entry of Deno.readDir(outDir)) {
    files++;
    bytes += (await Deno.stat(join(outDir, entry.name))).size;
  }
  return { dir: outDir, files, bytes };
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--out");
  const out = at >= 0 ? resolve(Deno.args[at + 1] ?? "") : DIST_DIR;
  const result = await buildFunction({ outDir: out });
  console.log(
    `build:function: ${result.files} files, ${(result.bytes / 1024).toFixed(0)} KiB in ${relative(ROOT, result.dir)}`,
  );
}
