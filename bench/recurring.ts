/**
 * Recurring streams and forecast latency (issue 16), run by bench/lib/recurring.mjs (which owns the fresh database
 * and drops it afterwards; without BENCH_DATABASE_URL it uses an embedded PGlite).
 *
 * 1. Migrates the empty database and loads one measured user with 100,000 statement transactions over 24 months
 *    (seedScale) plus nine recurring streams over the 25 months up to its last date (rent, a biweekly salary, a
 *    weekly gym fee, two subscriptions of which one ended, an annual insurance, a quarterly fee, a late bill and a
 *    monthly phone bill), and 50 other users with 2,000 transactions each, then VACUUM ANALYZE.
 * 2. Runs the real operations through the production direct driver with row-level security (one read-only
 *    transaction per request as `authenticated` with the user's claims): GET /v1/me/analytics/recurring and GET
 *    /v1/me/analytics/forecast at the user's last date. Warm-up, then N sequential requests each; p50 and p95 of the
 *    wall time per request, from the withUser call to the JSON text.
 * 3. post_recurring_50k_vs_parse, in-process: the real app's fetch handler answering POST /v1/analytics/recurring
 *    with 50,000 transactions (bench/lib/payload.mjs, as for cashflow) against JSON.parse alone of the same body,
 *    alternating, a GC before each sample, median of N.
 *
 * Prints one `BENCH:{json}` line on stderr.
 */
import { createOperations } from "@pfa/core";
import { migrate } from "../scripts/db/migrate.ts";
import { seedScale } from "../scripts/db/seed-scale.ts";
import { createPgliteClient, createPostgresClient, type SqlClient } from "../scripts/db/sql-client.ts";
import { createDirectDataProvider } from "../supabase/functions/v1/data/direct/direct-provider.ts";
import { postgresEngine, type SqlEngine } from "../supabase/functions/v1/data/direct/sql-engine.ts";
import { transactions } from "./lib/payload.mjs";
import { buildCalculationApp } from "./servers/build.ts";

const url = Deno.env.get("BENCH_DATABASE_URL") || undefined;
const quick = Deno.env.get("BENCH_QUICK") === "1";
const emit = (data: Record<string, unknown>) =>
  console.error(`BENCH:${JSON.stringify({ event: "recurring", ...data })}`);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]! * 100) / 100;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};
const r2 = (x: number) => Math.round(x * 100) / 100;

// ------------------------------------------------------------------------------------------- POST, in process
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const body = JSON.stringify({ currency: "EUR", as_of: "2025-12-31", transactions: transactions(50000) });
const bytes = new TextEncoder().encode(body);
const app = await buildCalculationApp();
async function handle(): Promise<number> {
  const request = new Request("http://127.0.0.1:54321/v1/analytics/recurring", {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) },
    body: bytes,
  });
  const t0 = performance.now();
  const response = await app.fetch(request);
  const text = await response.text();
  const t = performance.now() - t0;
  if (response.status !== 200) throw new Error(`status ${response.status}: ${text.slice(0, 1000)}`);
  return t;
}
function parse(): number {
  const t0 = performance.now();
  const v = JSON.parse(body);
  const t = performance.now() - t0;
  if (!v) throw new Error("unreachable");
  return t;
}
for (let i = 0; i < 3; i++) {
  parse();
  await handle();
}
const handled: number[] = [];
const parsed: number[] = [];
const iterations = quick ? 9 : 21;
for (let i = 0; i < iterations; i++) {
  gc();
  if (i % 2) {
    parsed.push(parse());
    gc();
    handled.push(await handle());
  } else {
    handled.push(await handle());
    gc();
    parsed.push(parse());
  }
}
const postRatio = median(handled) / median(parsed);

// --------------------------------------------------------------------------------------------------- GET, SQL
const client: SqlClient = url ? createPostgresClient(url, { max: 2 }) : await createPgliteClient();
await migrate(client);
const measured = await seedScale(client, { users: 1, transactionsPerUser: 100_000, seed: "bench-recurring" });
await seedScale(client, { users: 50, transactionsPerUser: 2_000, seed: "bench-recurring-others" });
const userId = measured.userIds[0]!;
// Nine streams over the 25 months up to the user's last date, in the user's currency, on its latest import.
await client.query(
  `with u as (
     select max(t.date) as last, (select default_currency from public.profiles where user_id = $1) as currency
     from public.statement_transactions as t where t.user_id = $1
   ), imp as (
     select i.id from public.statement_imports as i, u where i.user_id = $1 and i.currency = u.currency
     order by i.statement_start desc limit 1
   ), streams(name, category, amount, step, first_back, last_back) as (values
     ('Hausverwaltung Müller', 'Rent', -115000, interval '1 month', 25, 0),
     ('ACME GmbH Gehalt', 'Salary', 210000, interval '14 days', 25, 0),
     ('FitX', 'Sport', -799, interval '7 days', 25, 0),
     ('NETFLIX.COM', 'Subscriptions', -1299, interval '1 month', 25, 0),
     ('Tunely Music', 'Subscriptions', -999, interval '1 month', 25, 6),
     ('Allianz Hausrat', 'Insurance', -18900, interval '12 months', 25, 0),
     ('Rundfunkbeitrag', 'Utilities', -5508, interval '3 months', 25, 0),
     ('Stadtwerke', 'Utilities', -8600, interval '1 month', 25, 3),
     ('Telekom', 'Utilities', -3999, interval '1 month', 25, 0)
   )
   insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency,
     counterparty, category)
   select $1, imp.id, d::date, s.amount, u.currency, s.name, s.category
   from u, imp, streams as s,
     generate_series(u.last - make_interval(months => s.first_back) + interval '1 day',
                     u.last - make_interval(months => s.last_back), s.step) as d`,
  [userId],
);
await client.exec("vacuum analyze");
const [facts] = await client.query<{ n: unknown; first: string; last: string }>(
  `select count(*) as n, min(date)::text as first, max(date)::text as last
   from public.statement_transactions where user_id = $1`,
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
const user = { sub: userId, token: "", claims: { sub: userId, role: "authenticated", aud: "authenticated" } };
const { byName } = createOperations();
const asOf = facts!.last;

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number; n: number; bytes: number }> {
  const n = quick ? 50 : 300;
  let size = 0;
  for (let i = 0; i < 20; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    size = JSON.stringify(await run()).length;
    samples.push(performance.now() - t);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), n, bytes: size };
}

const recurringQuery = byName.get_recurring.input.parse({ as_of: asOf });
const forecastQuery = byName.get_forecast.input.parse({ as_of: asOf, horizon_days: "90" });
const check = await provider.withUser(
  user,
  (data) => byName.get_recurring.run(recurringQuery, { data, subject: userId }),
);
const recurring = await time(() =>
  provider.withUser(user, (data) => byName.get_recurring.run(recurringQuery, { data, subject: userId }))
);
const forecast = await time(() =>
  provider.withUser(user, (data) => byName.get_forecast.run(forecastQuery, { data, subject: userId }))
);
const engineName = url ? "postgres" : "pglite";
const method = (what: string) =>
  `${what} for the measured user (${Number(facts!.n)} transactions from ${facts!.first} to ${facts!.last}, ` +
  `${check.streams.length} streams found), ${engineName}, direct driver with RLS (one read-only transaction per ` +
  `request as authenticated), sequential`;
emit({
  values: {
    me_recurring_p50_ms: recurring.p50,
    me_forecast_p50_ms: forecast.p50,
    post_recurring_50k_vs_parse: r2(postRatio),
  },
  measurements: {
    me_recurring_p50_ms: { method: method(`GET /v1/me/analytics/recurring?as_of=${asOf}`), ...recurring },
    me_forecast_p50_ms: { method: method(`GET /v1/me/analytics/forecast?as_of=${asOf}&horizon_days=90`), ...forecast },
    post_recurring_50k_vs_parse: {
      method: `in-process: app.fetch(new Request(body)) of POST /v1/analytics/recurring to the last response byte ` +
        `vs JSON.parse(body), alternating, GC before each sample, median of ${iterations} after 3 warm-ups`,
      body_bytes: bytes.byteLength,
      transactions: 50000,
      handle_median_ms: r2(median(handled)),
      parse_median_ms: r2(median(parsed)),
      ratio: postRatio,
    },
  },
});
await engine.close?.();
if (url) await client.close();
