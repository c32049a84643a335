// Account-side measurements. The orchestrator creates a fresh database on the PostgreSQL at 127.0.0.1:5432 (or
// falls back to embedded PGlite when none answers), hands it to bench/db.ts (Deno: migrate, seed at scale,
// query timings, plans, then the real app served on it), runs autocannon against that server, and drops the
// database afterwards whatever happened.
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { cannon, median, round, spawnDeno, stop } from "./proc.mjs";

const require = createRequire(import.meta.url);
export const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresAvailable() {
  const postgres = require("postgres");
  const sql = postgres(ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    const [{ version }] = await sql`select version()`;
    return { sql, version };
  } catch {
    await sql.end({ timeout: 1 }).catch(() => {});
    return null;
  }
}

/** Reads `BENCH:<json>` lines from the Deno child; resolves each awaited event by its `event` field. */
function events(child) {
  const waiting = new Map();
  const seen = new Map();
  const rl = createInterface({ input: child.stderr });
  rl.on("line", (line) => {
    if (!line.startsWith("BENCH:")) return void process.stderr.write(`    db.ts| ${line}\n`);
    const msg = JSON.parse(line.slice(6));
    if (waiting.has(msg.event)) waiting.get(msg.event)(msg);
    else seen.set(msg.event, msg);
  });
  return (event, timeoutMs) =>
    new Promise((resolve, reject) => {
      if (seen.has(event)) return resolve(seen.get(event));
      const t = setTimeout(() => reject(new Error(`timed out waiting for ${event}:\n${child.output}`)), timeoutMs);
      child.exited.then(({ code, signal }) => {
        clearTimeout(t);
        reject(new Error(`bench/db.ts exited (${code ?? signal}) before ${event}:\n${child.output}`));
      });
      waiting.set(event, (m) => {
        clearTimeout(t);
        resolve(m);
      });
    });
}

/** Drops a fresh benchmark database and closes the admin connection. */
export async function dropFreshDatabase(pg, dbName, log) {
  try {
    await pg.sql.unsafe(`drop database if exists ${dbName} with (force)`);
    log(`  dropped ${dbName}`);
  } finally {
    await pg.sql.end({ timeout: 5 });
  }
}

export async function dbSection(ctx) {
  const { results, quick, log } = ctx;
  const pg = await postgresAvailable();
  let dbName = null;
  const env = { BENCH_QUICK: quick ? "1" : "", BENCH_PLANS_DIR: ctx.plansDir ?? "./plans" };
  if (ctx.before) env.BENCH_BEFORE_DIR = ctx.before.dir;
  if (pg) {
    results.environment.engine = "postgres";
    results.environment.postgres = pg.version;
    dbName = `pfa_bench_${Date.now()}_${process.pid}`;
    await pg.sql.unsafe(`create database ${dbName}`);
    env.BENCH_DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
    // Interrupted (Ctrl-C, timeout): still drop the fresh database.
    const onSignal = async (signal) => {
      try {
        await pg.sql.unsafe(`drop database if exists ${dbName} with (force)`);
      } finally {
        process.exit(signal === "SIGINT" ? 130 : 143);
      }
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    log(`  fresh database ${dbName}`);
  } else {
    results.environment.engine = "pglite";
    log("  no PostgreSQL at 127.0.0.1:5432: using embedded PGlite");
  }
  const child = spawnDeno("bench/db.ts", [], env, ["--v8-flags=--max-old-space-size=4096"], { stdout: "ignore" });
  const next = events(child);
  try {
    const measured = await next("measured", 20 * 60 * 1000);
    Object.assign(results.measurements, measured.measurements);
    for (const [k, v] of Object.entries(measured.values)) results[k] = v;
    for (const [k, v] of Object.entries(measured.errors ?? {})) results.errors[k] = v;
    if (measured.engine_version) results.environment.postgres ??= measured.engine_version;
    if (ctx.before) {
      results.before.rls_overhead = measured.measurements.rls_overhead?.rls_overhead_before ?? null;
      results.before.summary_vs_raw_speedup = measured.measurements.summary_vs_raw_speedup
        ?.summary_vs_raw_speedup_before ?? null;
    }

    const server = await next("serving", 5 * 60 * 1000);
    if (server.error) throw new Error(server.error);
    log(`  me_budget_summary_p99_ms against ${server.url}`);
    const duration = quick ? 10 : 30;
    const headers = { authorization: `Bearer ${server.token}` };
    const check = await fetch(server.url, { headers });
    const checkBody = await check.text();
    if (check.status !== 200) {
      throw new Error(`GET budget summary answered ${check.status}: ${checkBody.slice(0, 500)}`);
    }
    await cannon({ url: server.url, headers, connections: 32, duration: quick ? 3 : 5 }); // warm-up
    const run = await cannon({ url: server.url, headers, connections: 32, duration });
    if (run.non2xx || run.errors || run.timeouts) {
      // Still reported (the key is "report only"), with the failures next to it: a p99 that includes failed
      // requests must not pass for a clean one.
      results.errors.me_budget_summary_p99_ms = `${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} ` +
        `timeouts out of ${run.total_requests} requests under load`;
    }
    results.me_budget_summary_p99_ms = run.latency_ms.p99;
    results.measurements.me_budget_summary_p99_ms = {
      method: `autocannon, 32 connections, ${duration}s after a warm-up, GET ${new URL(server.url).pathname}` +
        `${new URL(server.url).search} with a bearer token of the measured user, served by ${server.served_by}`,
      ...run,
      response_bytes: checkBody.length,
      user: server.user,
    };
  } catch (e) {
    results.errors.me_budget_summary_p99_ms = String(e?.stack ?? e);
    log(`  db section: ${String(e?.message ?? e).split("\n")[0]}`);
  } finally {
    await stop(child);
    if (pg) await dropFreshDatabase(pg, dbName, log);
  }
}

export { median, round };
