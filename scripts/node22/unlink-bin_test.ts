/**
 * The postinstall step: it removes node_modules/.bin/node when it is the `node` devDependency's link (so npm scripts
 * keep running on the Node on PATH), and nothing else.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SCRIPT = new URL("./unlink-bin.mjs", import.meta.url);

async function runIn(root: string) {
  const out = await new Deno.Command("node", { args: [SCRIPT.pathname, root], stderr: "piped" }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

Deno.test("unlink-bin: removes the node devDependency's .bin/node link and keeps the other bins", async () => {
  const root = await Deno.makeTempDir();
  try {
    const bin = join(root, "node_modules", ".bin");
    mkdirSync(join(root, "node_modules", "node", "bin"), { recursive: true });
    mkdirSync(join(root, "node_modules", "vitest"), { recursive: true });
    writeFileSync(join(root, "node_modules", "node", "bin", "node"), "");
    writeFileSync(join(root, "node_modules", "vitest", "vitest.mjs"), "");
    mkdirSync(bin);
    symlinkSync("../node/bin/node", join(bin, "node"));
    symlinkSync("../vitest/vitest.mjs", join(bin, "vitest"));
    await runIn(root);
    assert.equal(existsSync(join(bin, "node")), false, ".bin/node is gone");
    assert.equal(existsSync(join(bin, "vitest")), true, ".bin/vitest stays");
    await runIn(root); // and a second run (nothing to remove) is fine
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("unlink-bin: leaves a .bin/node that is not the node package's alone", async () => {
  const root = await Deno.makeTempDir();
  try {
    const bin = join(root, "node_modules", ".bin");
    mkdirSync(bin, { recursive: true });
    symlinkSync("/usr/bin/env", join(bin, "node"));
    await runIn(root);
    assert.equal(existsSync(join(bin, "node")), true, "an unrelated link stays");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
