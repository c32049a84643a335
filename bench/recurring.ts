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
 *    /v1/me/analytics/forecast at the user's last date, and GET /v1/me/categorization/suggestions (issue 25:
 *    me_suggestions_p50_ms, the year up to that date, its history read from the 25 months before). Warm-up, then N
 *    sequential requests each; p50 and p95 of the wall time per request, from the withUser call to the JSON text.
 * 3. post_recurring_50k_vs_parse, in-process: the real app's fetch handler answering POST /v1/analytics/recurring
 *    with 50,000 transactions (bench/lib/payload.mjs, as for cashflow) against JSON.parse alone of the same body,
 *    alternating, a GC before each sample, median of N.
 *
 * Prints one `BENCH:{json}` line on stderr.
 */
import { seedScale } from "../scripts/db/seed-scale.ts";
import { transactions } from "./lib/payload.mjs";
import { buildCalculationApp } from "./servers/build.ts";
import { handleVsParse, median, r2 } from "./lib/handle-vs-parse.ts";
import { sequentialLatency } from "./lib/latency.ts";
import { benchDatabase, benchQuick as quick, emitter, engineName, readAs } from "./lib/measured-user.ts";

const emit = emitter("recurring");

// ------------------------------------------------------------------------------------------- POST, in process
const body = JSON.stringify({ currency: "EUR", as_of: "2025-12-31", transactions: transactions(50000) });
const app = await buildCalculationApp();
const post = handleVsParse(app, "http://127.0.0.1:54321/v1/analytics/recurring", body);
const bytes = post.bytes;
const iterations = quick ? 9 : 21;
const { handled, parsed, ratio: postRatio } = await post.alternate(iterations);

// --------------------------------------------------------------------------------------------------- GET, SQL
const client = await benchDatabase();
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
const reader = readAs(client, userId);
const { byName } = reader;
const asOf = facts!.last;
const time = (run: () => Promise<unknown>) => sequentialLatency(run, quick);

const getRecurring = reader.request(byName.get_recurring, { as_of: asOf });
const check = await getRecurring();
const recurring = await time(getRecurring);
const forecast = await time(reader.request(byName.get_forecast, { as_of: asOf, horizon_days: "90" }));
const getSuggestions = reader.request(byName.get_categorization_suggestions, { to: asOf });
const suggested = await getSuggestions();
const suggestions = await time(getSuggestions);
const method = (what: string) =>
  `${what} for the measured user (${Number(facts!.n)} transactions from ${facts!.first} to ${facts!.last}, ` +
  `${check.streams.length} streams found), ${engineName}, direct driver with RLS (one read-only transaction per ` +
  `request as authenticated), sequential`;
emit({
  values: {
    me_recurring_p50_ms: recurring.p50,
    me_forecast_p50_ms: forecast.p50,
    me_suggestions_p50_ms: suggestions.p50,
    post_recurring_50k_vs_parse: r2(postRatio),
  },
  measurements: {
    me_recurring_p50_ms: { method: method(`GET /v1/me/analytics/recurring?as_of=${asOf}`), ...recurring },
    me_forecast_p50_ms: { method: method(`GET /v1/me/analytics/forecast?as_of=${asOf}&horizon_days=90`), ...forecast },
    me_suggestions_p50_ms: {
      method: method(`GET /v1/me/categorization/suggestions?to=${asOf}`) +
        ` (${suggested.suggestions.length} suggestions)`,
      ...suggestions,
    },
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
await reader.close();
