/**
 * `npm run deploy:check` end to end (a child process, on PGlite or, with TEST_DATABASE_URL, on a scratch database
 * on that server), and runChecks' reporting of a failed check.
 */
import assert from "node:assert/strict";
import { type Check, runChecks } from "./checks.ts";

Deno.test("deploy:check: every check passes on this repository and says what it checked", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-check", "scripts/deploy-check.ts"],
    cwd: new URL("../../", import.meta.url),
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const printed = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, printed);
  const passed = printed.split("\n").filter((line) => line.startsWith("✔ ")).map((line) => line.split(":")[0]);
  assert.deepEqual(passed, ["✔ function", "✔ lint and format", "✔ database"], printed);
  assert.match(printed, /\d+ local files, all under supabase\/functions\/v1 and packages\/core/);
  assert.match(printed, Deno.env.get("TEST_DATABASE_URL") ? /advisors clean, seed\.sql loaded/ : /seed\.sql loaded/);
});

Deno.test("deploy:check: a failing check is reported with its reason, and the others still run", async () => {
  const lines: string[] = [];
  const checks: Check[] = [
    { name: "first", run: () => Promise.resolve("fine") },
    { name: "second", run: () => Promise.reject(new Error("the reason")) },
    { name: "third", run: () => Promise.resolve("also fine") },
  ];
  const failed = await runChecks(checks, (line) => lines.push(line));
  assert.deepEqual(failed, ["second"]);
  assert.equal(lines.length, 3);
  assert.match(lines[0]!, /^✔ first \(\d+\.\ds\): fine$/);
  assert.equal(lines[1], "✖ second\nthe reason");
  assert.match(lines[2]!, /^✔ third \(\d+\.\ds\): also fine$/);
});
