/**
 * What a cold function loads before its first answer: the modules reached from the deployed entry
 * (supabase/functions/v1/index.ts) by static imports only, from `deno info --json`. Heavy libraries are imported on
 * first use (jose with the first token, postgres.js or supabase-js with the first account read, the MCP SDK and
 * @hono/zod-openapi with the first /v1/mcp or OpenAPI request), and so are the core's operations, each on its route's
 * first request (routes/registry.ts; zod and the schemas only for a body the generated input shape does not vouch
 * for, or for OpenAPI and MCP); nothing at start-up may pull Deno's Node layers
 * (`node:crypto` alone cost about 100 ms of a cold start). A new static import of a package fails here, so that
 * adding one to the start-up path is a decision, measured by `node bench/cold.mjs` (cold_start_vs_floor).
 */
import assert from "node:assert/strict";
import { importGraph } from "../../packages/core/src/testing/import-graph.ts";

/** `node_modules/<package>/<file>` of a resolved npm module, or the specifier itself for `npm:` and `node:` ones. */
function packageFile(specifier: string): string | undefined {
  const at = specifier.lastIndexOf("/node_modules/");
  if (at >= 0) return specifier.slice(at + "/node_modules/".length);
  if (specifier.startsWith("npm:") || specifier.startsWith("node:")) return specifier;
  return undefined;
}

Deno.test("start-up: the deployed entry statically imports only hono (no CommonJS module, no zod)", () => {
  const loaded = importGraph("supabase/functions/v1/index.ts", { dynamic: false });
  const packages = loaded.map(packageFile).filter((p) => p !== undefined).sort();
  // Hono's base class and its TrieRouter (app.ts: it compiles nothing on the first request), not `hono` itself,
  // which would load the two routers nothing uses.
  assert.deepEqual(packages, ["hono/dist/hono-base.js", "hono/dist/router/trie-router/index.js"]);
  // Of the core, only the problem types, the exact JSON parser with its SIMD pass's WebAssembly (a 1.6 KB string,
  // compiled on the first body of 2 KiB or more), the default limits (which the registry merges with the configured
  // ones) and `once` (the loaders of what loads on first use, imports nothing): no operation, no schema, no service.
  const core = loaded.filter((s) => s.includes("/packages/core/src/")).map((s) => s.split("/packages/core/src/")[1]);
  const allowed = new Set(["contracts/limits.ts", "once.ts", "generated/structure-scan-wasm.ts"]);
  assert.deepEqual(
    core.filter((s) => !/^(problem|json)\//.test(s!) && !allowed.has(s!)),
    [],
    "core modules loaded at start-up",
  );
  // The function's own code is there, test support is not.
  assert.ok(loaded.some((s) => s.endsWith("/supabase/functions/v1/app.ts")), "the app is loaded at start-up");
  assert.ok(!loaded.some((s) => /_test\.ts$|\.test\.ts$|\/e2e\//.test(s)), "no test module is loaded at start-up");
});
