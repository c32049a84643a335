/**
 * Net-worth latency (issue 14), run by bench/lib/net-worth.mjs (which owns the fresh database and drops it
 * afterwards; without BENCH_DATABASE_URL it uses an embedded PGlite).
 *
 * 1. Migrates the empty database and loads one measured user with 100,000 statement transactions over 24 months,
 *    plus 50 other users with 2,000 transactions each. The measured user's transactions are then spread over 5
 *    accounts with 12 two-month statements each (60 statements, opening and closing balances set), the scale data's
 *    monthly imports removed; VACUUM ANALYZE.
 * 2. Runs GET /v1/me/analytics/net-worth over the 24 months of the data (a 24-point series) through the production
 *    direct driver with row-level security (one read-only transaction per request as `authenticated` with the user's
 *    claims). Warm-up, then N sequential requests; p50 and p95 of the wall time per request, from the withUser call
 *    to the JSON text.
 *
 * Prints one `BENCH:{json}` line on stderr.
 */
import { seedScale } from "../scripts/db/seed-scale.ts";
import { sequentialLatency } from "./lib/latency.ts";
import { benchDatabase, benchQuick as quick, benchUrl as url, emitter, readAs } from "./lib/measured-user.ts";

const emit = emitter("net-worth");
const client = await benchDatabase();
const measured = await seedScale(client, { users: 1, transactionsPerUser: 100_000, seed: "bench-net-worth" });
await seedScale(client, { users: 50, transactionsPerUser: 2_000, seed: "bench-net-worth-others" });
const userId = measured.userIds[0]!;

// 5 accounts × 12 statements of two calendar months each, over the user's 24 months; every transaction moves to the
// statement of account (its id's hash mod 5) that covers its date. Closing balances are the computed ones, except
// every seventh statement, which reports one cent more (so reconciliation has something to find).
await client.transaction(async (tx) => {
  await tx.query(
    `create temporary table bench_statements on commit drop as
     select gen_random_uuid() as id, a.account, s.k,
            (m.first + make_interval(months => 2 * s.k))::date as statement_start,
            (m.first + make_interval(months => 2 * s.k + 2) - interval '1 day')::date as statement_end
     from (select date_trunc('month', min(date))::date as first from public.statement_transactions
           where user_id = $1) as m,
          generate_series(0, 4) as a (account), generate_series(0, 11) as s (k)`,
    [userId],
  );
  await tx.query(
    `insert into public.statement_imports (id, user_id, account_name, file_name, format, status, statement_start,
       statement_end, currency, opening_balance_minor, imported_at)
     select b.id, $1, 'Account ' || b.account, 'a' || b.account || '-' || b.k || '.csv', 'csv', 'completed',
            b.statement_start, b.statement_end, p.default_currency, 100000 * (b.account + 1),
            b.statement_end + interval '1 day 6 hours'
     from bench_statements as b, public.profiles as p where p.user_id = $1`,
    [userId],
  );
  await tx.query(
    `update public.statement_transactions as t set statement_import_id = b.id
     from bench_statements as b
     where t.user_id = $1 and b.account = abs(hashtext(t.id::text)) % 5
       and t.date between b.statement_start and b.statement_end`,
    [userId],
  );
  await tx.query(
    `delete from public.statement_imports as i where i.user_id = $1
       and i.id not in (select id from bench_statements)`,
    [userId],
  );
  await tx.query(
    `update public.statement_imports as i
     set closing_balance_minor = i.opening_balance_minor + coalesce(s.total, 0) + (case when b.k % 7 = 3 then 1 else 0 end),
         transaction_count = coalesce(s.n, 0)
     from bench_statements as b
     left join (select statement_import_id, sum(amount_minor)::bigint as total, count(*) as n
                from public.statement_transactions where user_id = $1 group by 1) as s on s.statement_import_id = b.id
     where i.id = b.id`,
    [userId],
  );
});
await client.exec("vacuum analyze");
const [facts] = await client.query<{ n: unknown; statements: unknown; accounts: unknown; first: string; last: string }>(
  `select (select count(*) from public.statement_transactions where user_id = $1) as n,
          (select count(*) from public.statement_imports where user_id = $1) as statements,
          (select count(distinct account_name) from public.statement_imports where user_id = $1) as accounts,
          (select min(statement_start)::text from public.statement_imports where user_id = $1) as first,
          (select max(date)::text from public.statement_transactions where user_id = $1) as last`,
  [userId],
);

const reader = readAs(client, userId);
const getNetWorth = reader.request(reader.byName.get_net_worth, { from: facts!.first, to: facts!.last });
const check = await getNetWorth();
if (check.series.length !== 24 || check.accounts.length !== 5) {
  throw new Error(`unexpected report: ${check.series.length} points, ${check.accounts.length} accounts`);
}
const netWorth = await sequentialLatency(getNetWorth, quick);
emit({
  values: { me_net_worth_p50_ms: netWorth.p50 },
  measurements: {
    me_net_worth_p50_ms: {
      method: `GET /v1/me/analytics/net-worth?from=${facts!.first}&to=${facts!.last} (24 points) for the measured ` +
        `user (${Number(facts!.n)} transactions, ${Number(facts!.accounts)} accounts, ${
          Number(facts!.statements)
        } statements), ${url ? "postgres" : "pglite"}, direct driver with RLS (one read-only transaction per request ` +
        "as authenticated), sequential",
      ...netWorth,
    },
  },
});
await reader.close();
