#!/usr/bin/env node
// `npm test`: lint + format check, type check, the Node suites (vitest: core, database) and the Deno suites
// (the edge function, end to end over real HTTP). Stops at the first failing step.
//
// Database tests use TEST_DATABASE_URL when it is set (CI points it at the local PostgreSQL), and an embedded
// PGlite otherwise. Each run creates a fresh database.
//
// Lint and format run first, one after the other. Then three lanes run at the same time: the type check followed by
// vitest; the Deno suites that run `npm start` or touch the working tree's shared files; the other Deno suites. Each
// lane keeps about one core busy at most (vitest runs its files one at a time on a 2-core machine, `deno test` one
// file at a time), and much of the Deno suites' time is spent waiting on child processes and PostgreSQL, so the lanes
// overlap instead of adding up (about 12.5 min one after the other on a 2-core machine). The lanes share nothing but
// the database server, where every test file creates its own database. Within a lane the files run one at a time as
// before: every suite that runs scripts/start.ts (which rewrites the function folder's Scalar bundle), copies the
// repository for a deployment check, or reads or writes that bundle is in the same lane, found by what its source
// mentions (SERIAL_MARKERS). A step's output is printed whole when it ends, so the lanes' lines do not interleave;
// when one step fails, the steps still running are stopped. PFA_TEST_SERIAL=1 runs every step one after the other with
// its output live.
//
// `node scripts/run-tests.mjs deno vitest` runs only the steps whose names start with one of the arguments.
//
// The run ends with a summary that counts the tests that did not run (Deno's "ignored", vitest's "skipped") and says
// why, per file: a test is ignored only when something it needs is missing here (TEST_DATABASE_URL's PostgreSQL,
// Redis, Chromium), and the summary names it, so "all steps passed" never hides a test that did not run. When the
// output is not a terminal (CI, a log file), the child processes get NO_COLOR=1 and no FORCE_COLOR: no ANSI codes (Deno
// takes any FORCE_COLOR, "0" included, as "force colour", and then even a test server's `console.log(port)` is coloured).
import { spawn } from "node:child_process";
import { notRun, summaryText } from "./test-summary.mjs";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url))); // the paths below are relative to the repository root

if (!process.stdout.isTTY) {
  process.env.NO_COLOR = "1";
  delete process.env.FORCE_COLOR;
}

const deno = ["npx", "--no-install", "deno"];
const DENO_ROOTS = ["packages/core/deno", "packages/client/test", "supabase/functions", "scripts", "tests"];
const SERIAL_MARKERS = /npm-start\.ts|scripts\/start\.ts|clean-copy|deploy-check|bundle\.mjs|scalar\.js/;

/** The Deno test files (deno's default names: *_test.ts, *.test.ts, test.ts, ...) under `roots`. */
function denoTestFiles(roots) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/(^|[_.])test\.(ts|tsx|mts|js|mjs|jsx)$/.test(entry.name)) files.push(path);
    }
  };
  for (const root of roots) walk(root);
  return files.sort();
}

// Explicit file lists: `deno test --ignore=` over several directories does not drop every file it names (Deno 2.9).
const denoFiles = denoTestFiles(DENO_ROOTS);
const serial = denoFiles.filter((f) => SERIAL_MARKERS.test(readFileSync(f, "utf8")));
const others = denoFiles.filter((f) => !serial.includes(f));
const denoTest = [...deno, "test", "-A", "--no-check"];
const lanes = [
  [
    ["lint", [...deno, "lint"]],
    ["format", [...deno, "fmt", "--check"]],
  ],
  [
    ["typecheck", [...deno, "check", "."]],
    ["node tests (vitest)", ["npx", "--no-install", "vitest", "run"]],
  ],
  [["deno tests (npm start, deployment, docs bundle)", [...denoTest, ...serial]]],
  [["deno tests (the others)", [...denoTest, ...others]]],
];

const only = process.argv.slice(2);
const selected = (name) => !only.length || only.some((o) => name.startsWith(o));
const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
const started = Date.now();

function fail(name, secs, status) {
  console.error(`\n✖ ${name} failed after ${secs}s (exit ${status})`);
  process.exit(typeof status === "number" && status !== 0 ? status : 1);
}

const running = new Set();

/** What did not run, by step (scripts/test-summary.mjs). */
const didNotRun = [];

/** The end of the run: what passed, and what did not run and why. */
function summary() {
  console.log("\n" + summaryText(didNotRun, seconds(started), { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }));
}

/**
 * One step in its own process group. Live (the first lane, and every step with PFA_TEST_SERIAL=1): its output goes
 * straight through. Otherwise it is collected and printed whole when the step ends. Either way it is kept to count
 * what did not run.
 */
function runStep([name, cmd], live) {
  return new Promise((resolve) => {
    const t = Date.now();
    console.log(
      live ? `\n▶ ${name}: ${cmd.join(" ")}` : `▶ ${name}: ${cmd.join(" ")} (started at +${seconds(started)}s)`,
    );
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    const output = [];
    const keep = (stream) => (chunk) => {
      output.push(chunk);
      if (live) stream.write(chunk);
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("close", (code, signal) => {
      running.delete(child);
      const text = Buffer.concat(output).toString("utf8");
      if (!live) {
        console.log(`\n──── ${name}: ${cmd.join(" ")} ────`);
        process.stdout.write(text);
      }
      const skipped = notRun(text);
      if (skipped.count) didNotRun.push({ step: name, ...skipped });
      resolve({ name, secs: seconds(t), status: code ?? signal });
    });
  });
}

async function runLive(step) {
  const r = await runStep(step, true);
  if (r.status !== 0) fail(r.name, r.secs, r.status);
  console.log(`✔ ${r.name} (${r.secs}s)`);
}

/** Stops the steps still running (their whole process groups: npm start children and browsers included). */
function stopOthers() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopOthers();
    process.exit(130);
  });
}

const [first, ...concurrent] = lanes;
for (const step of first) if (selected(step[0])) await runLive(step);

if (process.env.PFA_TEST_SERIAL === "1") {
  for (const lane of concurrent) for (const step of lane) if (selected(step[0])) await runLive(step);
} else {
  let failed = false;
  await Promise.all(concurrent.map(async (lane) => {
    for (const step of lane) {
      if (failed || !selected(step[0])) continue;
      const r = await runStep(step, false);
      if (failed) return; // stopped because another step failed: that failure is the one reported
      if (r.status !== 0) {
        failed = true;
        stopOthers();
        fail(r.name, r.secs, r.status);
      }
      console.log(`✔ ${r.name} (${r.secs}s)`);
    }
  }));
}
summary();
