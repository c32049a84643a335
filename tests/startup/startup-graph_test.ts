/**
 * What a cold function loads before its first answer: the modules reached from the deployed entry
 * (supabase/functions/v1/index.ts) by static imports only, from `deno info --json`. Heavy libraries are imported on
 * first use (jose with the first token, postgres.js or supabase-js with the first account read, the MCP SDK and
 * @hono/zod-openapi with the first /v1/mcp or OpenAPI request), and so are the core's operations, each on its route's
 * first request (routes/registry.ts), with zod and their schemas; nothing at start-up may pull Deno's Node layers
 * (`node:crypto` alone cost about 100 ms of a cold start). A new static import of a package fails here, so that
 * adding one to the start-up path is a decision, measured by `node bench/cold.mjs` (cold_start_vs_floor).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";

interface Dependency {
  readonly code?: { readonly specifier: string };
  readonly isDynamic?: boolean;
}
interface Info {
  readonly roots: string[];
  readonly modules: { readonly specifier: string; readonly dependencies?: Dependency[] }[];
  readonly redirects?: Record<string, string>;
}

/** Every module reached from the entry through static (non-dynamic, non-type-only) imports. */
function staticClosure(entry: string): string[] {
  const result = spawnSync("npx", ["--no-install", "deno", "info", "--json", entry], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...Deno.env.toObject(), NO_COLOR: "1" },
  });
  assert.equal(result.status, 0, `deno info failed: ${result.stderr}`);
  const info = JSON.parse(result.stdout) as Info;
  const modules = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [...info.roots];
  while (stack.length > 0) {
    const specifier = stack.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const d of modules.get(specifier)?.dependencies ?? []) {
      if (d.isDynamic || d.code === undefined) continue;
      stack.push(info.redirects?.[d.code.specifier] ?? d.code.specifier);
    }
  }
  return [...seen];
}

/** `node_modules/<package>/<file>` of a resolved npm module, or the specifier itself for `npm:` and `node:` ones. */
function packageFile(specifier: string): string | undefined {
  const at = specifier.lastIndexOf("/node_modules/");
  if (at >= 0) return specifier.slice(at + "/node_modules/".length);
  if (specifier.startsWith("npm:") || specifier.startsWith("node:")) return specifier;
  return undefined;
}

Deno.test("start-up: the deployed entry statically imports only hono (no CommonJS module, no zod)", () => {
  const loaded = staticClosure("supabase/functions/v1/index.ts");
  const packages = loaded.map(packageFile).filter((p) => p !== undefined).sort();
  assert.deepEqual(packages, ["hono/dist/index.js"]);
  // Of the core, only the problem types and the exact JSON parser: no operation, no schema, no service.
  const core = loaded.filter((s) => s.includes("/packages/core/src/")).map((s) => s.split("/packages/core/src/")[1]);
  assert.deepEqual(core.filter((s) => !/^(problem|json)\//.test(s!)), [], "core modules loaded at start-up");
  // The function's own code is there, test support is not.
  assert.ok(loaded.some((s) => s.endsWith("/supabase/functions/v1/app.ts")), "the app is loaded at start-up");
  assert.ok(!loaded.some((s) => /_test\.ts$|\.test\.ts$|\/e2e\//.test(s)), "no test module is loaded at start-up");
});
