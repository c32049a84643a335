#!/usr/bin/env node
// `pfa-mcp` (package.json "bin"): the stdio MCP server for local MCP clients. Runs scripts/mcp-stdio.ts with the
// Deno from node_modules, in the repository root (so deno.json, node_modules and supabase/signing_keys.json are
// found whatever directory the client starts it from). stdin and stdout are the MCP stream; logs go to stderr.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const deno = require.resolve("deno/bin.cjs");
const script = join(root, "scripts", "mcp-stdio.ts");

const child = spawn(process.execPath, [deno, "run", "-A", "--quiet", script, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : code ?? 1);
});
