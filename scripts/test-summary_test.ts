import assert from "node:assert/strict";
import { notRun, summaryText } from "./test-summary.mjs";

const DENO_OUTPUT = `
running 2 tests from ./scripts/import_test.ts
npm run import: CSV into a real database ... \x1b[33mignored\x1b[0m (0ms)
npm run import: usage ... ok (3ms)
running 1 test from ./tests/browser/docs_test.ts
/v1/docs in Chromium: renders ... ignored (0ms)

\x1b[32mok\x1b[0m | 1 passed | 0 failed | 2 ignored (5s)
`;

const VITEST_OUTPUT = `
 ✓ supabase/tests/parity.test.ts (12 tests | 2 skipped) 40ms
 ✓ packages/core/src/money/format-minor.test.ts (5 tests) 3ms

 Test Files  2 passed (2)
      Tests  15 passed | 2 skipped (17)
`;

Deno.test("test summary: Deno's ignored tests and vitest's skipped ones are counted, by file", () => {
  assert.deepEqual(notRun(DENO_OUTPUT), {
    count: 2,
    tests: [
      { file: "scripts/import_test.ts", name: "npm run import: CSV into a real database", n: 1 },
      { file: "tests/browser/docs_test.ts", name: "/v1/docs in Chromium: renders", n: 1 },
    ],
  });
  assert.deepEqual(notRun(VITEST_OUTPUT), {
    count: 2,
    tests: [{ file: "supabase/tests/parity.test.ts", name: "2 of its 12 tests", n: 2 }],
  });
  assert.deepEqual(notRun("ok | 4 passed | 0 failed (1s)\n Tests  4 passed (4)\n"), { count: 0, tests: [] });
});

Deno.test("test summary: says how many did not run and why, from what each file needs", () => {
  const sources: Record<string, string> = {
    "scripts/import_test.ts": "const serverUrl = Deno.env.get('TEST_DATABASE_URL');",
    "tests/browser/docs_test.ts": "const CHROMIUM = '/usr/bin/chromium';",
  };
  const text = summaryText([{ step: "deno tests", ...notRun(DENO_OUTPUT) }], "12.0", {}, (f: string) => sources[f]!);
  assert.equal(
    text,
    [
      "✔ all steps passed in 12.0s, but 2 test(s) did not run here:",
      "  deno tests: 2 ignored or skipped",
      "    scripts/import_test.ts: 1, because TEST_DATABASE_URL is not set (they need a PostgreSQL server)",
      "      - npm run import: CSV into a real database",
      "    tests/browser/docs_test.ts: 1, because no Chromium (apt-get install -y chromium)",
      "      - /v1/docs in Chromium: renders",
    ].join("\n"),
  );
  assert.equal(summaryText([], "3.5"), "✔ all steps passed in 3.5s; every test ran (none ignored or skipped)");
});

Deno.test("npm test, output not a terminal: no ANSI colour codes, and the summary ends the run", async () => {
  const r = await new Deno.Command("node", {
    args: ["scripts/run-tests.mjs", "lint"],
    cwd: new URL("..", import.meta.url),
    env: { NO_COLOR: "", FORCE_COLOR: "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(r.stdout);
  const out = stdout + new TextDecoder().decode(r.stderr);
  assert.equal(r.code, 0, out);
  assert.ok(!out.includes("\x1b["), `ANSI codes in:\n${JSON.stringify(out.slice(0, 400))}`);
  assert.match(stdout, /✔ all steps passed in [\d.]+s; every test ran \(none ignored or skipped\)\n$/);
});
