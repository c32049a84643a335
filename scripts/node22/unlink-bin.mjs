#!/usr/bin/env node
// `postinstall`: the `node` devDependency (a Node 22 binary, used only by tests/node22) links
// node_modules/.bin/node, and npm puts node_modules/.bin first on PATH for every `npm run`, so without this every npm
// script would quietly run on Node 22. Removing that one link keeps the project's tooling on the Node you installed
// (see `engines`); the tests reach Node 22 by its path, node_modules/node/bin/node. `npm install <package>` links it
// again: run `npm install` (or this script) afterwards. Usage: node scripts/node22/unlink-bin.mjs [project dir]
import { lstatSync, readlinkSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = process.argv[2] ?? fileURLToPath(new URL("../../", import.meta.url));
for (const name of ["node", "node.cmd", "node.ps1"]) {
  const link = join(root, "node_modules", ".bin", name);
  try {
    const stat = lstatSync(link);
    const target = stat.isSymbolicLink() ? readlinkSync(link) : "";
    // The symlink (POSIX) or the shims (Windows) of the `node` package; anything else is left alone.
    if (target.replaceAll("\\", "/").includes("node/bin/node") || (!stat.isSymbolicLink() && name !== "node")) {
      rmSync(link);
    }
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}
