/**
 * postgresEngine against a real PostgreSQL (TEST_DATABASE_URL): a connection lost inside a transaction (backend
 * terminated, server gone) rejects that transaction with a connection error, throws nothing outside it (postgres.js
 * 3.4.9's own `sql.begin()` crashes the process here: porsager/postgres#1208), and the next transaction works
 * again without a restart. The HTTP-level version of this runs in tests/reliability/faults_test.ts.
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { createTestDatabase } from "../../scripts/db/test-database.ts";
import { startTcpProxy, type TcpProxy } from "../reliability/helpers/tcp-proxy.ts";
import { startTlsFront } from "../reliability/helpers/tls-front.ts";
import { postgresEngine } from "../../supabase/functions/v1/data/direct/sql-engine.ts";

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
        // expect the rejection before causing it: it can arrive before the admin's own answer does
        const rejected = assert.rejects(doomed, (error: { code?: string }) => {
          assert.ok(["57P01", "CONNECTION_CLOSED", "ECONNRESET"].includes(String(error.code)), String(error.code));
          return true;
        });
        await admin`select pg_terminate_backend(${pid})`;
        await rejected;
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

/** A TCP proxy the test controls in front of the server of `url`, and `url` rewritten to go through it. */
function behindProxy(url: string): { proxy: TcpProxy; url: string } {
  const target = new URL(url);
  const proxy = startTcpProxy({ hostname: target.hostname, port: Number(target.port || 5432) });
  const via = new URL(url);
  via.hostname = "127.0.0.1";
  via.port = String(proxy.port);
  return { proxy, url: via.href };
}

/** Server connections the engine holds on `database` (it names itself `pfa-api`). */
async function engineConnections(admin: postgres.Sql, database: string): Promise<number> {
  const [row] = await admin`select count(*)::int as n from pg_stat_activity
    where datname = ${database} and application_name = 'pfa-api'`;
  return row!.n as number;
}

Deno.test({
  name: "postgresEngine: partitions that heal leave no connection open beyond the pool, however often they repeat",
  ignore: !serverUrl,
  async fn() {
    const db = await createTestDatabase(serverUrl);
    const { proxy, url: viaProxy } = behindProxy(db.url!);
    const database = new URL(db.url!).pathname.slice(1);
    const MAX = 4;
    // a long idle timeout: a connection left over by a replaced pool would still be open when counted
    const engine = postgresEngine(viaProxy, { max: MAX, connectTimeoutSeconds: 1, idleTimeoutSeconds: 60 });
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    const outcomes = new Map<string, number>();
    const note = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
    let running = true;
    // MAX workers, like the driver's gate: each runs one transaction after the other
    const workers = Array.from({ length: MAX }, async () => {
      while (running) {
        try {
          await engine.transaction((tx) => tx.query("select pg_sleep(0.02)"));
          note("ok");
        } catch (error) {
          note(String((error as { code?: unknown }).code));
          await sleep(20);
        }
      }
    });
    try {
      await sleep(300);
      for (let round = 0; round < 3; round++) {
        // every open connection breaks (the pool is replaced), then a partition: new connects hang until they time
        // out (1 s) and the pool is replaced again, more than once; connects in flight at the heal then complete
        await proxy.setMode("blackhole");
        await sleep(200);
        await proxy.setMode("stall");
        await sleep(2600);
        await proxy.setMode("up");
        await sleep(1200);
      }
      running = false;
      await Promise.all(workers);
      assert.ok((outcomes.get("CONNECT_TIMEOUT") ?? 0) > 0, `the partition was felt: ${JSON.stringify([...outcomes])}`);
      assert.deepEqual(
        await engine.transaction((tx) => tx.query("select 3 as ok")),
        [{ ok: 3 }],
        "the engine works after the partitions",
      );
      // connects that were in flight when their pool was replaced complete within moments of the heal
      await sleep(1500);
      const open = await engineConnections(admin, database);
      assert.ok(open <= MAX, `${open} server connections open, pool max ${MAX}; ${JSON.stringify([...outcomes])}`);
    } finally {
      running = false;
      await Promise.all(workers);
      await engine.close();
      await admin.end({ timeout: 5 });
      await proxy.close();
      await db.close();
    }
  },
});

Deno.test({
  name: "postgresEngine: a connection lost while postgres.js sets it up rejects nothing unhandled, and then works",
  ignore: !serverUrl,
  async fn() {
    const { proxy, url: viaProxy } = behindProxy(serverUrl!);
    const engine = postgresEngine(viaProxy, { max: 2, connectTimeoutSeconds: 1, idleTimeoutSeconds: 10 });
    try {
      // every connection dies during postgres.js's own first query (its array-type lookup), whose promise
      // postgres.js 3.4.9 never handles; an unhandled rejection would fail this test (and end a server process)
      await proxy.setMode("cut-after-startup");
      // postgres.js then drops the request on the second loss: the engine's bound on reserve() (2 × 1 s) ends it
      const started = performance.now();
      const pending = engine.transaction((tx) => tx.query("select 4 as ok"));
      await sleep(500);
      await proxy.setMode("up");
      await assert.rejects(pending, (error: { code?: string }) => error.code === "CONNECT_TIMEOUT");
      const waited = performance.now() - started;
      assert.ok(waited >= 1900 && waited < 4000, `the request ended at the reserve bound, after ${waited} ms`);
      assert.deepEqual(await engine.transaction((tx) => tx.query("select 5 as ok")), [{ ok: 5 }], "then it works");
    } finally {
      await engine.close();
      await proxy.close();
    }
  },
});

Deno.test({
  name: "postgresEngine: TLS (sslmode=require, as hosted Supabase) works through the engine's socket factory",
  ignore: !serverUrl,
  async fn() {
    const target = new URL(serverUrl!);
    const front = await startTlsFront({ hostname: target.hostname, port: Number(target.port || 5432) });
    const viaTls = new URL(serverUrl!);
    viaTls.hostname = "localhost";
    viaTls.port = String(front.port);
    viaTls.searchParams.set("sslmode", "require");
    const engine = postgresEngine(viaTls.href, { max: 2, connectTimeoutSeconds: 2, idleTimeoutSeconds: 10 });
    try {
      const rows = await Promise.all([1, 2, 3].map((n) => engine.transaction((tx) => tx.query(`select ${n} as n`))));
      assert.deepEqual(rows, [[{ n: 1 }], [{ n: 2 }], [{ n: 3 }]]);
      assert.ok(front.handshakes >= 1, `${front.handshakes} TLS handshakes`);
    } finally {
      await engine.close();
      await front.close();
    }
  },
});

Deno.test({
  name: "postgresEngine: `begin` travels with the first statement (a transaction of one statement is 2 round trips)",
  ignore: !serverUrl,
  async fn() {
    const { proxy, url: viaProxy } = behindProxy(serverUrl!);
    const engine = postgresEngine(viaProxy, { max: 1, connectTimeoutSeconds: 2, idleTimeoutSeconds: 10 });
    try {
      await engine.transaction((tx) => tx.query("select 1")); // connects (start-up, type lookup)
      const flights = async (fn: Parameters<typeof engine.transaction>[0]) => {
        const before = proxy.clientReads;
        await engine.transaction(fn);
        return proxy.clientReads - before;
      };
      // begin + statement, then commit
      assert.equal(await flights((tx) => tx.query("select 1 as one")), 2);
      // postgres.js describes a statement with parameters first: begin + describe, execute, commit
      assert.equal(await flights((tx) => tx.query("select $1::int as one", [1])), 3);
      // a failed statement still rolls back on the same connection, which stays usable
      await assert.rejects(
        engine.transaction((tx) => tx.query("select 1/0")),
        (e: { code?: string }) => e.code === "22012",
      );
      assert.deepEqual(await engine.transaction((tx) => tx.query("select 2 as two")), [{ two: 2 }]);
    } finally {
      await engine.close();
      await proxy.close();
    }
  },
});
