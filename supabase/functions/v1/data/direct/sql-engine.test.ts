/**
 * postgresEngine against a real PostgreSQL (TEST_DATABASE_URL): a connection lost inside a transaction (backend
 * terminated, server gone) rejects that transaction with a connection error, throws nothing outside it (postgres.js
 * 3.4.9's own `sql.begin()` crashes the process here: porsager/postgres#1208), and the next transaction works
 * again without a restart. The HTTP-level version of this runs in tests/reliability/faults_test.ts.
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { postgresEngine } from "./sql-engine.ts";

const serverUrl = Deno.env.get("TEST_DATABASE_URL");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test({
  name: "postgresEngine: a backend terminated mid-transaction rejects it, crashes nothing, and the pool recovers",
  ignore: !serverUrl,
  async fn() {
    const engine = postgresEngine(serverUrl!, { max: 2, connectTimeoutSeconds: 2, idleTimeoutSeconds: 10 });
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    try {
      for (let round = 0; round < 3; round++) {
        let pid: number | undefined;
        const doomed = engine.transaction(async (tx) => {
          pid = Number((await tx.query("select pg_backend_pid() as pid"))[0]!.pid);
          await tx.query("select pg_sleep(5)");
        });
        while (pid === undefined) await sleep(10);
        await admin`select pg_terminate_backend(${pid})`;
        await assert.rejects(doomed, (error: { code?: string }) => {
          assert.ok(["57P01", "CONNECTION_CLOSED", "ECONNRESET"].includes(String(error.code)), String(error.code));
          return true;
        });
        await sleep(50); // a crash from a timer would surface here (and fail the test)
        const rows = await engine.transaction((tx) => tx.query("select 1 as ok"));
        assert.deepEqual(rows, [{ ok: 1 }], `round ${round}: the pool works again`);
      }
      // a statement timeout is not a lost connection: rolled back, the connection reused
      await assert.rejects(
        engine.transaction(async (tx) => {
          await tx.query("set local statement_timeout = 50");
          await tx.query("select pg_sleep(1)");
        }),
        (error: { code?: string }) => error.code === "57014",
      );
      assert.deepEqual(await engine.transaction((tx) => tx.query("select 2 as ok")), [{ ok: 2 }]);
    } finally {
      await admin.end({ timeout: 5 });
      await engine.close();
    }
    await assert.rejects(
      engine.transaction((tx) => tx.query("select 1")),
      (e: { code?: string }) => e.code === "CONNECTION_ENDED",
    );
  },
});
