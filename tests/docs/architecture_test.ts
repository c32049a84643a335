/**
 * docs/ARCHITECTURE.md counts what it claims: every directory and file of its tree exists, every service it names is
 * a module of packages/core/src/services, and "one file per operation (N in all)" is the registry's count.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createOperations } from "@pfa/core";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOC = await Deno.readTextFile(`${ROOT}docs/ARCHITECTURE.md`);

/** The paths of the first code block's tree: an entry starts before column 30, two spaces per level. */
function treePaths(): string[] {
  const block = /```\n([\s\S]*?)```/.exec(DOC)![1]!;
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of block.split("\n")) {
    const indent = line.length - line.trimStart().length;
    if (!line.trim() || indent >= 30) continue; // a description's continuation
    const name = line.trim().split(/\s+/)[0]!;
    stack.length = indent / 2;
    const path = [...stack, name].join("");
    paths.push(path);
    if (name.endsWith("/")) stack.push(name);
  }
  return paths;
}

Deno.test("ARCHITECTURE.md: every directory and file of the tree exists", () => {
  const paths = treePaths();
  assert.ok(paths.length > 30, `the tree was read (${paths.length} entries)`);
  assert.ok(paths.includes("supabase/functions/v1/mcp/"));
  assert.deepEqual(paths.filter((p) => !existsSync(`${ROOT}${p}`)), [], "entries that do not exist");
});

Deno.test("ARCHITECTURE.md: every service it names is a module of packages/core/src/services", () => {
  const section = DOC.slice(DOC.indexOf("### Services"), DOC.indexOf("## The operation registry"));
  const named = [...section.matchAll(/`([a-z][a-z-]+)`/g)].map((m) => m[1]!);
  assert.ok(named.length >= 20, `services named: ${named.length}`);
  const missing = named.filter((n) => !existsSync(`${ROOT}packages/core/src/services/${n}.ts`));
  assert.deepEqual(missing, [], "named services without a module");
});

Deno.test("ARCHITECTURE.md: the operation count is the registry's", () => {
  const claimed = /one file per operation \((\d+) in all\)/.exec(DOC);
  assert.ok(claimed, 'the tree says "one file per operation (N in all)"');
  assert.equal(Number(claimed[1]), createOperations().list.length);
});
