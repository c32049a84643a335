/**
 * Stored exchange rates (issue 26), run by bench/lib/rates.mjs (which owns the fresh database and drops it
 * afterwards; without BENCH_DATABASE_URL it uses an embedded PGlite).
 *
 * 1. rates_load_rows_per_s: `loadRatesFile` (the code of `npm run rates`) on the ECB's history CSV into the empty
 *    exchange_rates table: rates read (rate_count) ÷ wall seconds from the file path to the committed transaction.
 *    The file is BENCH_ECB_HIST when set (a real eurofxref-hist.csv); otherwise a file in exactly its layout is
 *    generated: every weekday from 1999-01-04 to the bench's date, newest first, the ECB's 41 currency columns
 *    (withdrawn ones like CYP and HRK included, skipped by the loader) with `N/A` outside each currency's years and a
 *    trailing empty column. A reload of the same file (all unchanged) is measured too.
 * 2. me_cashflow_convert_vs_plain: one user with 100,000 statement transactions over 24 months (seedScale), a third
 *    of them (by id hash) moved to two other currencies, EUR-based rates for every weekday of the span loaded; GET
 *    /v1/me/analytics/cashflow for the year of the last date with convert=true ÷ the same GET without, p50 of
 *    sequential requests through the production direct driver with row-level security.
 *
 * Prints one `BENCH:{json}` line on stderr.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadRatesFile } from "@pfa/importer";
import { seedScale } from "../scripts/db/seed-scale.ts";
import { sequentialLatency } from "./lib/latency.ts";
import { r2 } from "./lib/handle-vs-parse.ts";
import { benchDatabase, benchQuick as quick, emitter, engineName, readAs } from "./lib/measured-user.ts";

const emit = emitter("rates");

/** The ECB's columns, in its order, with the years each has rates (approximately as published). */
const ECB_COLUMNS: [string, number, number][] = [
  ["USD", 1999, 9999],
  ["JPY", 1999, 9999],
  ["BGN", 2000, 2025],
  ["CYP", 1999, 2007],
  ["CZK", 1999, 9999],
  ["DKK", 1999, 9999],
  ["EEK", 1999, 2010],
  ["GBP", 1999, 9999],
  ["HUF", 1999, 9999],
  ["LTL", 1999, 2014],
  ["LVL", 1999, 2013],
  ["MTL", 1999, 2007],
  ["PLN", 1999, 9999],
  ["ROL", 1999, 2005],
  ["RON", 2005, 9999],
  ["SEK", 1999, 9999],
  ["SIT", 1999, 2006],
  ["SKK", 1999, 2008],
  ["CHF", 1999, 9999],
  ["ISK", 1999, 9999],
  ["NOK", 1999, 9999],
  ["HRK", 1999, 2022],
  ["RUB", 1999, 2022],
  ["TRL", 1999, 2004],
  ["TRY", 2005, 9999],
  ["AUD", 1999, 9999],
  ["BRL", 2008, 9999],
  ["CAD", 1999, 9999],
  ["CNY", 2005, 9999],
  ["HKD", 1999, 9999],
  ["IDR", 2005, 9999],
  ["ILS", 2011, 9999],
  ["INR", 2009, 9999],
  ["KRW", 1999, 9999],
  ["MXN", 2008, 9999],
  ["MYR", 2005, 9999],
  ["NZD", 1999, 9999],
  ["PHP", 2005, 9999],
  ["SGD", 1999, 9999],
  ["THB", 2005, 9999],
  ["ZAR", 1999, 9999],
];

function weekdays(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** A rate text with 4 decimals from an integer walk (no floats on the text). */
const rateText = (units: number) => `${Math.floor(units / 10000)}.${String(units % 10000).padStart(4, "0")}`;

function ecbHistoryCsv(last: string): string {
  const days = weekdays("1999-01-04", last).reverse();
  const lines = [`Date,${ECB_COLUMNS.map((c) => c[0]).join(",")},`];
  days.forEach((date, i) => {
    const year = Number(date.slice(0, 4));
    const cells = ECB_COLUMNS.map(([, from, to], c) =>
      year < from || year > to ? "N/A" : rateText(10000 + c * 3917 + (i * 7 + c) % 997)
    );
    lines.push(`${date},${cells.join(",")},`);
  });
  return lines.join("\n") + "\n";
}

const client = await benchDatabase();
const dir = mkdtempSync(join(tmpdir(), "bench-rates-"));
const today = new Date().toISOString().slice(0, 10);
const file = Deno.env.get("BENCH_ECB_HIST") || join(dir, "eurofxref-hist.csv");
if (!Deno.env.get("BENCH_ECB_HIST")) writeFileSync(file, ecbHistoryCsv(today));

let t = performance.now();
const first = await loadRatesFile(client, { path: file });
const firstSeconds = (performance.now() - t) / 1000;
t = performance.now();
const again = await loadRatesFile(client, { path: file });
const againSeconds = (performance.now() - t) / 1000;
if (first.errors.length > 0) throw new Error(`rates file refused: ${JSON.stringify(first.errors.slice(0, 3))}`);
const rowsPerSecond = Math.round(first.rate_count / firstSeconds);

// ------------------------------------------------------------------------- GET cashflow, convert vs plain
const measured = await seedScale(client, { users: 1, transactionsPerUser: 100_000, seed: "bench-rates" });
const userId = measured.userIds[0]!;
const [profile] = await client.query<{ currency: string }>(
  "select default_currency as currency from public.profiles where user_id = $1",
  [userId],
);
const own = profile!.currency;
const [c1, c2] = ["USD", "CHF", "GBP"].filter((c) => c !== own);
// Two more accounts of the user, in c1 and c2 (a transaction's currency is its import's), and a third of the
// transactions (by id hash) moved onto them.
const moved = await client.query<{ id: string; currency: string }>(
  `insert into public.statement_imports (user_id, account_name, file_name, format, status, currency, imported_at)
   select $1, 'Bench ' || c, 'bench-' || c || '.csv', 'csv', 'completed', c, now() from unnest($2::text[]) as c
   returning id::text, currency`,
  [userId, `{${c1},${c2}}`],
);
const importOf = (c: string) => moved.find((m) => m.currency === c)!.id;
await client.query(
  `update public.statement_transactions
   set currency = case when abs(hashtext(id::text)) % 6 = 0 then $2 else $3 end,
       statement_import_id = (case when abs(hashtext(id::text)) % 6 = 0 then $4 else $5 end)::uuid
   where user_id = $1 and abs(hashtext(id::text)) % 3 = 0`,
  [userId, c1, c2, importOf(c1!), importOf(c2!)],
);
const [facts] = await client.query<{ n: unknown; moved: unknown; first: string; last: string }>(
  `select count(*) as n, count(*) filter (where currency <> $2) as moved, min(date)::text as first,
          max(date)::text as last from public.statement_transactions where user_id = $1`,
  [userId, own],
);
// EUR-based rates for the user's currencies on every weekday of the span (the history above already has them when
// it reaches that far; a later load of a different rate replaces it).
const rateLines = ["date,base,quote,rate"];
for (const date of weekdays(facts!.first.slice(0, 8) + "01", facts!.last)) {
  for (const [i, q] of ["USD", "CHF", "GBP", "JPY"].entries()) {
    rateLines.push(`${date},EUR,${q},${rateText(9000 + i * 2500)}`);
  }
}
writeFileSync(join(dir, "span.csv"), rateLines.join("\n") + "\n");
await loadRatesFile(client, { path: join(dir, "span.csv") }, { source: "bench" });
await client.exec("vacuum analyze");

const reader = readAs(client, userId);
const { byName } = reader;
const year = facts!.last.slice(0, 4);
const time = (run: () => Promise<unknown>) => sequentialLatency(run, quick);
const converted = await reader.request(byName.get_cashflow, { year, convert: "true" })();
const plain = await time(reader.request(byName.get_cashflow, { year }));
const convert = await time(reader.request(byName.get_cashflow, { year, convert: "true" }));
const ratio = r2(convert.p50 / plain.p50);
rmSync(dir, { recursive: true, force: true });

emit({
  values: { rates_load_rows_per_s: rowsPerSecond, me_cashflow_convert_vs_plain: ratio },
  measurements: {
    rates_load_rows_per_s: {
      method: `loadRatesFile (npm run rates) of ${
        Deno.env.get("BENCH_ECB_HIST")
          ? "the given eurofxref-hist.csv"
          : "a generated file in the layout of the ECB's eurofxref-hist.csv (1999-01-04 to today, 41 currency columns, N/A cells, trailing empty column; no network here)"
      } into an empty exchange_rates table, ${engineName}: rate_count ÷ wall seconds, path to commit`,
      rate_count: first.rate_count,
      inserted: first.inserted,
      skipped: first.skipped,
      seconds: r2(firstSeconds),
      reload_seconds: r2(againSeconds),
      reload_unchanged: again.unchanged,
    },
    me_cashflow_convert_vs_plain: {
      method: `GET /v1/me/analytics/cashflow?year=${year}&convert=true ÷ the same without convert, p50 of sequential ` +
        `requests for the measured user (${Number(facts!.n)} transactions from ${facts!.first} to ${facts!.last}, ` +
        `${Number(facts!.moved)} of them in ${c1} and ${c2}, report currency ${own}), ${engineName}, direct driver ` +
        `with RLS (one read-only transaction per request as authenticated)`,
      plain,
      convert,
      converted_currencies: converted.conversion?.currencies.map((c: { currency: string; converted_count: number }) =>
        `${c.currency}: ${c.converted_count}`
      ),
    },
  },
});
await reader.close();
