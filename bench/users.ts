/**
 * How one user's reads grow with the number of users in the database (issue 28), run by bench/lib/users.mjs (which
 * owns the fresh database and drops it afterwards; without BENCH_DATABASE_URL it uses an embedded PGlite).
 *
 * 1. Migrates the empty database and loads the measured user: 2,000 statement transactions over 24 months ending on
 *    2026-11-30 (scripts/db/scale-data.ts: budgets, goals, monthly statements), by COPY; VACUUM ANALYZE.
 * 2. Measures GET budget summary (November 2026), cashflow (2026), net worth (the 24 months) and recurring (as of
 *    2026-11-30) for that user alone: the production direct driver with row-level security (one read-only
 *    transaction per request as `authenticated` with the user's claims), sequential, p50 of the wall time.
 * 3. Loads 1,000 other users with 2,000 transactions each (100 with BENCH_QUICK) by COPY, VACUUM ANALYZE and a
 *    CHECKPOINT (so the load's own writes are done before the clock runs), and
 *    measures the same four requests again. `me_p50_growth_1000_users` is the worst of the four ratios (many users ÷
 *    alone).
 * 4. Records the database size and, on PostgreSQL, the plans of the read functions behind the four requests as
 *    `authenticated` (auto_explain, nested statements, with ANALYZE and BUFFERS) to bench/plans/users-*.txt.
 *
 * Prints one `BENCH:{json}` line on stderr.
 */
import postgres from "postgres";
import { seedScale } from "../scripts/db/seed-scale.ts";
import { sequentialLatency } from "./lib/latency.ts";
import { benchDatabase, benchQuick as quick, benchUrl as url, emitter, readAs } from "./lib/measured-user.ts";

const emit = emitter("users");
const client = await benchDatabase();
const others = quick ? 100 : 1_000;
const perUser = 2_000;
const measured = await seedScale(client, { users: 1, transactionsPerUser: perUser, seed: "bench-users-measured" });
const userId = measured.userIds[0]!;
/**
 * After a load: statistics, then the load's dirty pages written out (superuser, PostgreSQL), so that the background
 * writes of the bulk load (1 GB after the 2M rows) do not land inside the measurement. Both phases get the same.
 */
async function settle(): Promise<void> {
  await client.exec("vacuum analyze");
  if (url) await client.exec("checkpoint");
}
await settle();

const reader = readAs(client, userId);
const { byName } = reader;
const requests = {
  budget_summary: reader.request(byName.get_budget_summary, { year: "2026", month: "11" }),
  cashflow: reader.request(byName.get_cashflow, { year: "2026" }),
  net_worth: reader.request(byName.get_net_worth, { from: "2024-12-01", to: "2026-11-30" }),
  recurring: reader.request(byName.get_recurring, { as_of: "2026-11-30" }),
};
type Name = keyof typeof requests;
const names = Object.keys(requests) as Name[];

async function measureAll() {
  const out = {} as Record<Name, { p50: number; p95: number; n: number; bytes: number }>;
  for (const name of names) out[name] = await sequentialLatency(requests[name], quick);
  return out;
}

async function databaseSize(): Promise<{ bytes: number; pretty: string; transactions: number }> {
  const [row] = await client.query<{ bytes: unknown; pretty: string; n: unknown }>(
    `select pg_database_size(current_database()) as bytes, pg_size_pretty(pg_database_size(current_database())) as pretty,
            (select count(*) from public.statement_transactions) as n`,
  );
  return { bytes: Number(row!.bytes), pretty: row!.pretty, transactions: Number(row!.n) };
}

const alone = await measureAll();
const sizeAlone = await databaseSize();
const seeded = performance.now();
await seedScale(client, { users: others, transactionsPerUser: perUser, seed: "bench-users-others" });
await settle();
const seedSeconds = (performance.now() - seeded) / 1000;
const many = await measureAll();
const sizeMany = await databaseSize();

const ratios = Object.fromEntries(
  names.map((n) => [n, Math.round((many[n].p50 / alone[n].p50) * 100) / 100]),
) as Record<
  Name,
  number
>;
const worst = Math.max(...Object.values(ratios));

/** Plans of the read functions behind the four requests, as the measured user (PostgreSQL only: auto_explain). */
async function plans(): Promise<Record<string, string>> {
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
      `each, ${sizeMany.pretty}; auto_explain (analyze, buffers, nested statements)\n\n${notices.join("\n\n")}\n`;
  }
  return out;
}
const planTexts = await plans();

emit({
  values: { me_p50_growth_1000_users: worst },
  measurements: {
    me_p50_growth_1000_users: {
      method:
        `GET budget summary (2026-11), cashflow (2026), net worth (24 months), recurring (as of 2026-11-30) for ` +
        `one user of ${perUser} transactions, ${url ? "postgres" : "pglite"}, direct driver with RLS (one read-only ` +
        `transaction per request as authenticated), sequential p50: alone, then with ${others} other users of ` +
        `${perUser} transactions each (seeded by COPY, VACUUM ANALYZE); the key is the worst ratio`,
      other_users: others,
      transactions_per_user: perUser,
      alone_p50_ms: Object.fromEntries(names.map((n) => [n, alone[n].p50])),
      many_p50_ms: Object.fromEntries(names.map((n) => [n, many[n].p50])),
      alone: alone,
      many: many,
      ratios,
      database_alone: sizeAlone,
      database_many: sizeMany,
      seed_seconds: Math.round(seedSeconds),
      plans: planTexts,
    },
  },
});
await reader.close();
