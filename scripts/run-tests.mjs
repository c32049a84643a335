#!/usr/bin/env node
// `npm test`: lint + format check, type check, the Node suites (vitest: core, database) and the Deno suites
// (the edge function, end to end over real HTTP). Stops at the first failing step.
//
// Database tests use TEST_DATABASE_URL when it is set (CI points it at the local PostgreSQL), and an embedded
// PGlite otherwise. Each run creates a fresh database.
import { spawnSync } from "node:child_process";

const deno = ["npx", "--no-install", "deno"];
const steps = [
  ["lint", [...deno, "lint"]],
  ["format", [...deno, "fmt", "--check"]],
  ["typecheck", [...deno, "check", "."]],
  ["node tests (vitest)", ["npx", "--no-install", "vitest", "run"]],
  ["deno tests", [
    ...deno,
    "test",
    "-A",
    "--no-check",
    "packages/core/deno",
    "packages/client/test",
    "supabase/functions",
    "scripts",
    "tests",
  ]],
];

const only = process.argv.slice(2);
for (const [name, cmd] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n▶ ${name}: ${cmd.join(" ")}`);
  const started = Date.now();
  const r = spawnSync(cmd[0], cmd.slice(1), { stdio: "inherit" });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed after ${secs}s (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
  console.log(`✔ ${name} (${secs}s)`);
}
