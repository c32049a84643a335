// The end of `npm test` (scripts/run-tests.mjs): which tests did not run and why. `notRun(output)` reads a step's
// output (Deno's "... ignored" lines and "| N ignored" totals, vitest's "N skipped" per file and in total);
// `summaryText(steps, seconds, env)` writes the summary, with the reason each file's tests may not run here, from
// what its source says it needs.
import { readFileSync } from "node:fs";

/** Removes ANSI escape sequences (a child that colours anyway). */
const ANSI = new RegExp(String.fromCharCode(27) + "\\[[0-9;]*m", "g");
export const plain = (text) => text.replace(ANSI, "");

/** `{ count, tests: [{ file, name, n }] }`: the tests of one step's output that were ignored or skipped. */
export function notRun(output) {
  const text = plain(output);
  const tests = [];
  let file = "";
  for (const line of text.split("\n")) {
    const running = /^running \d+ tests? from (\S+)/.exec(line);
    if (running) file = running[1].replace(/^\.\//, "");
    const ignored = /^(.*\S) \.\.\. ignored\b/.exec(line);
    if (ignored) tests.push({ file, name: ignored[1].trim(), n: 1 });
    // vitest, one line per file: " ✓ supabase/tests/x.test.ts (12 tests | 2 skipped) 40ms"
    const vitestFile = /^\s*[✓❯↓×✗]\s+(?:\|\S+\|\s+)?(\S+)\s+\((\d+) tests?(?: \| \d+ failed)?(?: \| (\d+) skipped)/
      .exec(line);
    if (vitestFile) {
      tests.push({
        file: vitestFile[1],
        name: `${vitestFile[3]} of its ${vitestFile[2]} tests`,
        n: Number(vitestFile[3]),
      });
    }
  }
  let count = 0;
  for (const m of text.matchAll(/\| (\d+) ignored\b/g)) count += Number(m[1]); // deno: "ok | 3 passed | 0 failed | 2 ignored"
  for (const m of text.matchAll(/^\s*Tests\s+.*?\b(\d+) skipped\b/gm)) count += Number(m[1]); // vitest: "Tests  9 passed | 1 skipped (10)"
  const listed = tests.reduce((n, t) => n + t.n, 0);
  return { count: Math.max(count, listed), tests };
}

/** Why the tests of `file` may not run here, from what the file needs (its source names it). */
export function whyNotRun(file, env = process.env, read = (f) => readFileSync(f, "utf8")) {
  let source;
  try {
    source = read(file);
  } catch {
    return "see the file";
  }
  const reasons = [];
  if (/TEST_DATABASE_URL|serverUrl/.test(source) && !env.TEST_DATABASE_URL) {
    reasons.push("TEST_DATABASE_URL is not set (they need a PostgreSQL server)");
  }
  if (/chromium/i.test(source)) reasons.push("no Chromium (apt-get install -y chromium)");
  if (/redis/i.test(source)) reasons.push("no Redis answering (RATE_LIMIT_REDIS_URL, 127.0.0.1:6379)");
  return reasons.join("; ") || "see the file's ignore condition";
}

/** The last lines of the run. `steps`: `[{ step, count, tests }]` of the steps where something did not run. */
export function summaryText(steps, seconds, env = process.env, read) {
  const total = steps.reduce((n, s) => n + s.count, 0);
  if (!total) return `✔ all steps passed in ${seconds}s; every test ran (none ignored or skipped)`;
  const lines = [`✔ all steps passed in ${seconds}s, but ${total} test(s) did not run here:`];
  for (const { step, count, tests } of steps) {
    lines.push(`  ${step}: ${count} ignored or skipped`);
    const byFile = new Map();
    for (const t of tests) byFile.set(t.file, [...(byFile.get(t.file) ?? []), t]);
    for (const [file, list] of byFile) {
      const n = list.reduce((k, t) => k + t.n, 0);
      lines.push(`    ${file || "(file not named)"}: ${n}, because ${whyNotRun(file, env, read)}`);
      for (const t of list) lines.push(`      - ${t.name}`);
    }
  }
  return lines.join("\n");
}
