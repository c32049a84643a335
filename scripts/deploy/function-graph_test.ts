/**
 * The function deploys on its own: from a clean copy holding only supabase/ and packages/, its module graph resolves
 * and type-checks with supabase/functions/v1/deno.json alone, and every local file in it is the function's or the
 * core's (no scripts/, no tests/, no test support).
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { cleanCopy } from "./clean-copy.ts";
import { checkFunction, filesOutsideFunction, FUNCTION_CONFIG, functionFiles } from "./function-graph.ts";

Deno.test("function graph: index.ts type-checks from a copy of supabase/ and packages/ with v1/deno.json alone", () => {
  const copy = cleanCopy({ only: ["supabase", "packages"] });
  try {
    assert.ok(copy.files.includes(FUNCTION_CONFIG), "the copy holds supabase/functions/v1/deno.json");
    assert.ok(
      copy.files.every((f) => f.startsWith("supabase/") || f.startsWith("packages/")),
      "the copy holds nothing but supabase/ and packages/",
    );
    const check = checkFunction(copy.dir);
    assert.equal(check.status, 0, `deno check failed:\n${check.output}`);

    const files = functionFiles(copy.dir);
    assert.ok(files.includes("supabase/functions/v1/index.ts"), "the graph starts at the entrypoint");
    assert.ok(files.includes("packages/core/src/mod.ts"), "the graph holds the core, through @pfa/core");
    assert.deepEqual(filesOutsideFunction(files), [], "every file of the graph is the function's or the core's");
    assert.deepEqual(
      filesOutsideFunction(["supabase/functions/v1/app.ts", "packages/core/src/mod.ts", "scripts/db/migrate.ts"]),
      ["scripts/db/migrate.ts"],
      "a file from scripts/ would be reported",
    );
    const testSupport = files.filter((f) => /(^|[/_.-])tests?([/_.-]|$)/.test(f));
    assert.deepEqual(testSupport, [], "no test file or test support is part of the deployed graph");
  } finally {
    copy.remove();
  }
});

Deno.test("function graph: with an empty v1/deno.json the same copy does not resolve (the config maps the imports)", () => {
  const copy = cleanCopy({ only: ["supabase", "packages"] });
  try {
    writeFileSync(join(copy.dir, FUNCTION_CONFIG), "{}\n");
    assert.throws(() => functionFiles(copy.dir), /does not resolve|deno info failed/);
  } finally {
    copy.remove();
  }
});

Deno.test("function graph: v1/deno.json pins the same npm versions as the root deno.json, and the same core", () => {
  const read = (path: string) =>
    JSON.parse(Deno.readTextFileSync(new URL(`../../${path}`, import.meta.url))) as { imports: Record<string, string> };
  const root = read("deno.json").imports;
  const fn = read(FUNCTION_CONFIG).imports;
  for (const [specifier, target] of Object.entries(fn)) {
    if (target.startsWith("npm:")) {
      assert.equal(target, root[specifier], `${specifier} maps to the same npm version in both import maps`);
    } else {
      const fromFunction = new URL(target, new URL(`../../${FUNCTION_CONFIG}`, import.meta.url)).href;
      const fromRoot = new URL(root[specifier]!, new URL("../../deno.json", import.meta.url)).href;
      assert.equal(fromFunction, fromRoot, `${specifier} points at the same files in both import maps`);
    }
  }
});
