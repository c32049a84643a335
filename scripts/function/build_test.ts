import assert from "node:assert/strict";
import { join } from "node:path";
import { buildFunction, externals, FUNCTION_DIR } from "./build.ts";

Deno.test("build:function keeps every npm package of the import map external, prefixes as patterns, the core bundled", () => {
  assert.deepEqual(
    externals({
      "@pfa/core": "../../../packages/core/src/mod.ts",
      "@pfa/core/": "../../../packages/core/src/",
      zod: "npm:zod@4.6.7",
      "zod/": "npm:/zod@4.6.7/",
      "@noble/hashes/": "npm:/@noble/hashes@2.4.0/",
    }),
    ["zod", "zod/*", "@noble/hashes/*"],
  );
});

Deno.test("build:function refuses an output folder that is not a dist folder directly under the function folder", async () => {
  // A bundled module finds reference/scalar.standalone.js one level up, as its source does: elsewhere it would not.
  for (const outDir of [join(FUNCTION_DIR, "dist", "nested"), join(FUNCTION_DIR, "..", "dist"), "/tmp/dist"]) {
    await assert.rejects(buildFunction({ outDir }), /is not directly under/, outDir);
  }
  // The folder is emptied before the build: one of the function's own folders is refused, and left alone.
  await assert.rejects(buildFunction({ outDir: join(FUNCTION_DIR, "reference") }), /must be dist or dist-\*/);
  assert.ok(Deno.statSync(join(FUNCTION_DIR, "reference", "page.ts")).isFile, "reference/ is untouched");
});
