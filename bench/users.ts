/**
 * How one user's reads grow with the number of users in the database (issue 28), run by bench/lib/users.mjs (which
 * owns the fresh database and drops it afterwards; without BENCH_DATABASE_URL it uses embedded PGlite).
 *
 * 1. Two migrated databases: "alone" (a sibling database `<name>_alone` on the same server, made and dropped here)
 *    holds the measured user only; "many" holds the same user (same generated data: 2,000 statement transactions over
 *    24 months ending on 2026-11-30, budgets, goals, monthly statements; scripts/db/scale-data.ts) and 1,000 other
 *    users of 2,000 transactions each (100 with BENCH_QUICK), all loaded by COPY. Both get VACUUM ANALYZE and a
 *    CHECKPOINT, so that the bulk load's writes are done before the clock runs.
 * 2. GET budget summary (November 2026), cashflow (2026), net worth (the 24 months) and recurring (as of 2026-11-30)
 *    as that user through the production direct driver with row-level security (one read-only transaction per request
 *    as `authenticated` with the user's claims), the same report from both databases; then rounds of 20 sequential
 *    requests per request and database, alternating which database goes first, so that the machine's load hits both
 *    alike. `me_p50_growth_1000_users` is the worst of the four p50 ratios (many ÷ alone).
 * 3. Records both databases' sizes and, on PostgreSQL, the plans of the read functions behind the four requests as
 *    `authenticated` among the other users (auto_explain with nested statements, ANALYZE and BUFFERS).
 *
 * Prints one `BENCH:{json}` line on stderr.
 */
import postgres from "postgres";
import { seedScale } from "../scripts/db/seed-scale.ts";
import type { SqlClient } from "../scripts/db/sql-client.ts";
import { percentile } from "./lib/latency.ts";
import { benchDatabase, benchQuick as quick, benchUrl as url, emitter, readAs } from "./lib/measured-user.ts";

const emit = emitter("users");
const others = quick ? 100 : 1_000;
const perUser = 2_000;
const measuredSeed = { users: 1, transactionsPerUser: perUser, seed: "bench-users-measured" };

// The "alone" database: a sibling of the bench's database on the same server (PostgreSQL), or a second PGlite.
const aloneUrl = url ? url.replace(/\/([^/?]+)(\?.*)?$/, "/$1_alone$2") : undefined;
const aloneName = aloneUrl ? new URL(aloneUrl).pathname.slice(1) : undefined;
const admin = url
  ? postgres(url.replace(/\/[^/?]+(\?.*)?$/, "/postgres$1"), { max: 1, onnotice: () => {} })
  : undefined;
if (admin && aloneName) await admin.unsafe(`create database ${aloneName}`);

try {
  const client = await benchDatabase();
  const aloneClient = await benchDatabase(aloneUrl);
  const measured = await seedScale(client, measuredSeed);
  const measuredAlone = await seedScale(aloneClient, measuredSeed);
  const userId = measured.userIds[0]!;
  if (measuredAlone.userIds[0] !== userId) throw new Error("the two databases' measured users differ");
  const seeded = performance.now();
  await seedScale(client, { users: others, transactionsPerUser: perUser, seed: "bench-users-others" });
  const seedSeconds = (performance.now() - seeded) / 1000;
  /**
   * After the loads: statistics, then the loads' dirty pages written out (superuser, PostgreSQL), so that the
   * background writes of the bulk load (1 GB after the 2M rows) do not land inside the measurement.
   */
  for (const c of [client, aloneClient]) {
    await c.exec("vacuum analyze");
    if (url) await c.exec("checkpoint");
  }
  await measure(client, aloneClient, userId, seedSeconds);
} finally {
  if (admin && aloneName) {
    await admin.unsafe(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${aloneName}' and pid <> pg_backend_pid()`,
    );
    await admin.unsafe(`drop database if exists ${aloneName}`);
    await admin.end({ timeout: 5 });
  }
}

async function databaseSize(c: SqlClient): Promise<{ bytes: number; pretty: string; transactions: number }> {
  const [row] = await c.query<{ bytes: unknown; pretty: string; n: unknown }>(
    `select pg_database_size(current_database()) as bytes, pg_size_pretty(pg_database_size(current_database())) as pretty,
            (select count(*) from public.statement_transactions) as n`,
  );
  return { bytes: Number(row!.bytes), pretty: row!.pretty, transactions: Number(row!.n) };
}

async function measure(client: SqlClient, aloneClient: SqlClient, userId: string, seedSeconds: number) {
  const sides = { alone: readAs(aloneClient, userId, aloneUrl), many: readAs(client, userId, url) };
  const requestsOf = (reader: typeof sides.alone) => ({
    budget_summary: reader.request(reader.byName.get_budget_summary, { year: "2026", month: "11" }),
    cashflow: reader.request(reader.byName.get_cashflow, { year: "2026" }),
    net_worth: reader.request(reader.byName.get_net_worth, { from: "2024-12-01", to: "2026-11-30" }),
    recurring: reader.request(reader.byName.get_recurring, { as_of: "2026-11-30" }),
  });
  const requests = { alone: requestsOf(sides.alone), many: requestsOf(sides.many) };
  type Name = keyof typeof requests.alone;
  const names = Object.keys(requests.alone) as Name[];
  // Both databases answer the same report (the measured user's data is the same).
  for (const n of names) {
    const [a, m] = [JSON.stringify(await requests.alone[n]()), JSON.stringify(await requests.many[n]())];
    if (a !== m) throw new Error(`${n}: the user's report differs between the databases`);
  }
  // Alternating batches: each round runs a batch of every request on both sides, the side first in turn, so that
  // a change in the machine's load hits both sides alike.
  const rounds = quick ? 5 : 15;
  const batch = 20;
  const samples = { alone: {} as Record<Name, number[]>, many: {} as Record<Name, number[]> };
  for (const side of ["alone", "many"] as const) {
    for (const n of names) {
      samples[side][n] = [];
      for (let i = 0; i < 20; i++) await requests[side][n](); // warm-up
    }
  }
  for (let r = 0; r < rounds; r++) {
    for (const n of names) {
      for (const side of (r % 2 ? ["many", "alone"] : ["alone", "many"]) as ("alone" | "many")[]) {
        for (let i = 0; i < batch; i++) {
          const t = performance.now();
          await requests[side][n]();
          samples[side][n].push(performance.now() - t);
        }
      }
    }
  }
  const stat = (side: "alone" | "many", q: number) =>
    Object.fromEntries(names.map((n) => [n, percentile(samples[side][n], q)])) as Record<Name, number>;
  const alone = stat("alone", 0.5);
  const many = stat("many", 0.5);
  const ratios = Object.fromEntries(names.map((n) => [n, Math.round((many[n] / alone[n]) * 100) / 100])) as Record<
    Name,
    number
  >;
  const worst = Math.max(...Object.values(ratios));
  const sizeAlone = await databaseSize(aloneClient);
  const sizeMany = await databaseSize(client);
  const planTexts = await plans(userId, sizeMany.pretty);
  emit({
    values: { me_p50_growth_1000_users: worst },
    measurements: {
      me_p50_growth_1000_users: {
        method: `GET budget summary (2026-11), cashflow (2026), net worth (24 months), recurring (as of 2026-11-30) ` +
          `for one user of ${perUser} transactions, ${url ? "postgres" : "pglite"}, direct driver with RLS (one ` +
          `read-only transaction per request as authenticated): in a database holding that user alone, and in one ` +
          `holding the same user among ${others} other users of ${perUser} transactions each (seeded by COPY; both ` +
          `VACUUM ANALYZE and CHECKPOINT), ${rounds} rounds of ${batch} sequential requests per request and side, ` +
          "alternating sides; p50 of all samples; the key is the worst ratio",
        other_users: others,
        transactions_per_user: perUser,
        alone_p50_ms: alone,
        many_p50_ms: many,
        alone_p95_ms: stat("alone", 0.95),
        many_p95_ms: stat("many", 0.95),
        ratios,
        database_alone: sizeAlone,
        database_many: sizeMany,
        seed_seconds: Math.round(seedSeconds),
        plans: planTexts,
      },
    },
  });
  await sides.alone.close();
  await sides.many.close();
}

/** Plans of the read functions behind the four requests, as the measured user (PostgreSQL only: auto_explain). */
async function plans(userId: string, size: string): Promise<Record<string, string>> {
  if (!url) return {};
  const calls: Record<string, [string, unknown[]]> = {
    "users-me_ledger_totals": ["select * from public.me_ledger_totals($1::date, $2::date)", [
      "2026-01-01",
      "2026-12-31",
    ]],
    "users-me_budgets": ["select * from public.me_budgets($1::date)", ["2026-11-01"]],
    "users-me_statement_balances": [
      "select * from public.me_statement_balances(null, $1::date[])",
      ["{2025-11-30,2026-11-30}"],
    ],
    "users-me_recurring_occurrences": [
      "select * from public.me_recurring_occurrences((select default_currency from public.profiles limit 1), " +
      "$1::date, $2::date)",
      ["2024-12-01", "2026-11-30"],
    ],
  };
  const out: Record<string, string> = {};
  for (const [name, [text, params]] of Object.entries(calls)) {
    const notices: string[] = [];
    const sql = postgres(url, { max: 1, onnotice: (n) => void notices.push(String(n.message)) });
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(
          "load 'auto_explain'; set local auto_explain.log_min_duration = 0; set local auto_explain.log_analyze = on; " +
            "set local auto_explain.log_buffers = on; set local auto_explain.log_nested_statements = on; " +
            "set local auto_explain.log_level = notice",
        );
        await tx`select set_config('role', 'authenticated', true),
          set_config('request.jwt.claims', ${JSON.stringify({ sub: userId, role: "authenticated" })}, true)`;
        notices.length = 0;
        await tx.unsafe(text, params as never[]);
      });
    } finally {
      await sql.end({ timeout: 5 });
    }
    out[name] = `-- ${name.slice(6)}: ${text}  ${JSON.stringify(params)}\n` +
      `-- as authenticated (the measured user of ${perUser} transactions) among ${others} other users of ${perUser} ` +
      `each, ${size}; auto_explain (analyze, buffers, nested statements)\n\n${notices.join("\n\n")}\n`;
  }
  return out;
}
