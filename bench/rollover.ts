/**
 * Rollover and trends latency (issue 15), run by bench/lib/rollover.mjs (which owns the fresh database and drops it
 * afterwards; without BENCH_DATABASE_URL it uses an embedded PGlite).
 *
 * 1. Migrates the empty database and loads one measured user with 100,000 statement transactions over 24 months
 *    and 24 months of budgets (six categories a month), plus 50 other users with 2,000 transactions each, then
 *    VACUUM ANALYZE.
 * 2. Runs the real operations through the production direct driver with row-level security (createDirectDataProvider:
 *    one read-only transaction per request as `authenticated` with the user's claims, the same pool as
 *    production): GET /v1/me/budget/summary?rollover=full for the last month, and GET /v1/me/analytics/trends
 *    (24 months). Warm-up, then N sequential requests each; p50 and p95 of the wall time per request, from the
 *    withUser call to the JSON text.
 *
 * Prints one `BENCH:{json}` line on stderr.
 */
import { seedScale } from "../scripts/db/seed-scale.ts";
import { sequentialLatency } from "./lib/latency.ts";
import { benchDatabase, benchQuick as quick, emitter, engineName, readAs } from "./lib/measured-user.ts";

const emit = emitter("rollover");
const client = await benchDatabase();
const measured = await seedScale(client, { users: 1, transactionsPerUser: 100_000, seed: "bench-rollover" });
await seedScale(client, { users: 50, transactionsPerUser: 2_000, seed: "bench-rollover-others" });
const userId = measured.userIds[0]!;
// The scale data budgets the last month only: give the measured user six budgets in each of its 24 months.
await client.query(
  `insert into public.budgets (user_id, month, category, amount_minor, currency)
   select b.user_id, m.month, b.category, b.amount_minor, b.currency
   from public.budgets as b
   cross join (select distinct date_trunc('month', date)::date as month from public.statement_transactions
               where user_id = $1) as m
   where b.user_id = $1
   on conflict do nothing`,
  [userId],
);
await client.exec("vacuum analyze");
const [facts] = await client.query<{ n: unknown; months: unknown; last: string; currency: string }>(
  `select (select count(*) from public.statement_transactions where user_id = $1) as n,
          (select count(distinct month) from public.budgets where user_id = $1) as months,
          (select max(month)::text from public.budgets where user_id = $1) as last,
          (select default_currency from public.profiles where user_id = $1) as currency`,
  [userId],
);

const reader = readAs(client, userId);
const { byName } = reader;
const year = Number(facts!.last.slice(0, 4));
const month = Number(facts!.last.slice(5, 7));

const time = (run: () => Promise<unknown>) => sequentialLatency(run, quick);

const rollover = await time(reader.request(byName.get_budget_summary, { year, month, rollover: "full" }));
const trends = await time(reader.request(byName.get_trends, { year, month, months: 24 }));
const method = (what: string) =>
  `${what} for the measured user (${Number(facts!.n)} transactions, ${Number(facts!.months)} months of budgets), ` +
  `${engineName}, direct driver with RLS (one read-only transaction per request as authenticated), sequential`;
emit({
  values: { me_budget_rollover_p50_ms: rollover.p50, me_trends_p50_ms: trends.p50 },
  measurements: {
    me_budget_rollover_p50_ms: {
      method: method(`GET /v1/me/budget/summary?year=${year}&month=${month}&rollover=full`),
      ...rollover,
    },
    me_trends_p50_ms: {
      method: method(`GET /v1/me/analytics/trends?year=${year}&month=${month}&months=24`),
      ...trends,
    },
  },
});
await reader.close();
