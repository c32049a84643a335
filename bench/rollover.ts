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
import { createOperations } from "@pfa/core";
import { migrate } from "../scripts/db/migrate.ts";
import { seedScale } from "../scripts/db/seed-scale.ts";
import { createPgliteClient, createPostgresClient, type SqlClient } from "../scripts/db/sql-client.ts";
import { createDirectDataProvider } from "../supabase/functions/v1/data/direct/direct-provider.ts";
import { postgresEngine, type SqlEngine } from "../supabase/functions/v1/data/direct/sql-engine.ts";
import { sequentialLatency } from "./lib/latency.ts";

const url = Deno.env.get("BENCH_DATABASE_URL") || undefined;
const quick = Deno.env.get("BENCH_QUICK") === "1";
const emit = (data: Record<string, unknown>) =>
  console.error(`BENCH:${JSON.stringify({ event: "rollover", ...data })}`);

const client: SqlClient = url ? createPostgresClient(url, { max: 2 }) : await createPgliteClient();
await migrate(client);
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

const engine: SqlEngine = url
  ? postgresEngine(url, { max: 5, connectTimeoutSeconds: 5, idleTimeoutSeconds: 60 })
  : client;
const provider = createDirectDataProvider({
  engine,
  statementTimeoutMs: 5000,
  maxConcurrency: url ? 5 : 1,
  acquireTimeoutMs: 5000,
});
const user = {
  sub: userId,
  token: "",
  claims: { sub: userId, role: "authenticated", aud: "authenticated" },
};
const { byName } = createOperations();
const year = Number(facts!.last.slice(0, 4));
const month = Number(facts!.last.slice(5, 7));

const time = (run: () => Promise<unknown>) => sequentialLatency(run, quick);

const rolloverQuery = byName.get_budget_summary.input.parse({ year, month, rollover: "full" });
const trendsQuery = byName.get_trends.input.parse({ year, month, months: 24 });
const rollover = await time(() =>
  provider.withUser(user, (data) => byName.get_budget_summary.run(rolloverQuery, { data, subject: userId }))
);
const trends = await time(() =>
  provider.withUser(user, (data) => byName.get_trends.run(trendsQuery, { data, subject: userId }))
);
const engineName = url ? "postgres" : "pglite";
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
await engine.close?.();
if (url) await client.close();
