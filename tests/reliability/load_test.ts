/**
 * The load run of tests/reliability/load/run-load.mjs, short (8 s, 32 connections), as part of `npm test`: the
 * real server process (scripts/start.ts) on a fresh PostgreSQL database under mixed load must answer every request
 * with a 2xx and keep its database connections within the pool. The full run (60 s, 64 connections, with the
 * memory check) is `npm run test:reliability`.
 */
import assert from "node:assert/strict";
import { testServerUrl } from "./helpers/database.ts";

const serverUrl = testServerUrl();
if (!serverUrl) console.warn("load_test: TEST_DATABASE_URL is not set; the load test needs a real PostgreSQL.");

Deno.test({
  name: "load: 8 s of mixed load with 32 connections on a real PostgreSQL: zero errors, connections within the pool",
  ignore: !serverUrl,
  async fn() {
    const script = new URL("./load/run-load.mjs", import.meta.url).pathname;
    const output = await new Deno.Command("node", {
      args: [script, "--duration", "8", "--connections", "32"],
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(180_000),
    }).output();
    const stdout = new TextDecoder().decode(output.stdout);
    const stderr = new TextDecoder().decode(output.stderr);
    console.log(stdout);
    assert.equal(output.code, 0, `run-load failed:\n${stdout}\n${stderr}`);
    const summary = JSON.parse(stdout);
    assert.deepEqual(summary.failures, []);
    assert.equal(summary.errors + summary.timeouts + summary.non2xx, 0);
    assert.ok(summary.requests > 400, `${summary.requests} requests`);
  },
});
