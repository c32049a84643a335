/**
 * The GET side of currency conversion (API.md §11.3, §11.4): with `convert=true` a report reads the caller's day
 * groups in other currencies (the daily rollup) and the stored exchange rates, and runs them through the same
 * conversion service as POST (conversion/: Converter, DayGroups, convertDayGroups). Nothing here converts by itself.
 */
import { addDays, dayNumber } from "../calendar/day-number.ts";
import type { AccountData, ExchangeRateRow, Kind, LedgerTotalRow } from "../contracts/account-data.ts";
import { Converter } from "../conversion/converter.ts";
import { convertDayGroups, type DayGroup, DayGroups } from "../conversion/day-groups.ts";
import { parseRate } from "../conversion/parse-rate.ts";
import { DEFAULT_MAX_RATE_AGE_DAYS } from "../conversion/rate.ts";
import { RateIndexBuilder } from "../conversion/rate-index.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";
import { uncountedEntries } from "./converted-transactions.ts";
import { keepConversionShapes } from "./converted-shapes.ts";

/** Where a GET total beyond 10^15 − 1 minor units is reported (422 `out_of_range`). */
export const STORED_AT = { parameter: "convert" } as const;

export interface ConvertQuery {
  readonly convert?: boolean | undefined;
  readonly max_rate_age_days?: number | undefined;
}

/** The rate age limit of a converted GET: `max_rate_age_days`, default 7. */
export function maxRateAge(input: ConvertQuery): number {
  return input.max_rate_age_days ?? DEFAULT_MAX_RATE_AGE_DAYS;
}

/**
 * A converter into `report` over the stored rates a report dated `from` … `to` can use: the rates quoted in the
 * report currency or in one of `currencies` (every direct, inverse and cross route between them), dated from
 * `from` − `maxAgeDays` to `to`. Nothing is read when there is nothing to convert.
 */
export async function storedConverter(
  data: AccountData,
  report: string,
  currencies: Iterable<string>,
  from: string,
  to: string,
  maxAgeDays: number,
): Promise<Converter> {
  keepConversionShapes();
  const others = [...new Set(currencies)].filter((c) => c !== report).sort();
  const rows = others.length === 0
    ? []
    : await data.exchangeRates([report, ...others], ratesSince(from, maxAgeDays), to);
  return converterOf(rows, report, maxAgeDays);
}

/** The first date whose rate a report starting on `from` can use: `from` − `maxAgeDays`, not before year 1. */
function ratesSince(from: string, maxAgeDays: number): string {
  // Not before year 1 (the database's dates, and the API's, start there).
  const since = addDays(from, -maxAgeDays);
  return /^\d{4}-/.test(since) && since >= "0001-01-01" ? since : "0001-01-01";
}

/** A converter into `report` over stored rate rows. */
function converterOf(rows: readonly ExchangeRateRow[], report: string, maxAgeDays: number): Converter {
  const index = new RateIndexBuilder();
  for (const r of rows) {
    const rate = parseRate(r.rate);
    // The table holds positive numerics of at most 18 significant digits (the loader's checks); a rate the
    // service cannot read is a broken database, not bad input.
    if (typeof rate === "string") {
      throw new Error(`stored rate ${r.base}/${r.quote} on ${r.date} is not usable: ${rate}`);
    }
    index.add(r.base, r.quote, r.date, dayNumber(r.date), rate);
  }
  return new Converter({ index: index.build(), reportCurrency: report, maxAgeDays, source: "stored" });
}

export interface StoredFlows {
  readonly converter: Converter;
  /** The converted day groups (report currency) and the uncounted ones (amount 0, for `excluded`). */
  readonly entries: LedgerEntry[];
  /** The converted day groups only. */
  readonly converted: LedgerEntry[];
}

/**
 * The day groups in `currencies` (those other than the report's that have rows in the period, as the monthly
 * rollup shows them) dated `from` … `to`, converted where the report counts them (`counts`) and
 * handed back as entries of the report currency; the groups it does not count come back as entries of amount 0
 * with their count (the `excluded` counters count them as POST does). `uncounted: false` drops those instead.
 */
export async function storedFlows(
  data: AccountData,
  report: string,
  currencies: Iterable<string>,
  from: string,
  to: string,
  maxAgeDays: number,
  counts: (g: DayGroup) => boolean,
  options: { readonly uncounted?: boolean } = {},
): Promise<StoredFlows> {
  keepConversionShapes();
  const others = [...new Set(currencies)].filter((c) => c !== report).sort();
  // The day groups and the rates in parallel (one round trip less; the direct driver pipelines them).
  const [days, converter] = await Promise.all([
    others.length === 0 ? Promise.resolve([]) : data.ledgerDailyTotals(from, to, others),
    storedConverter(data, report, others, from, to, maxAgeDays),
  ]);
  const groups = new DayGroups();
  for (const d of days) groups.add(d.currency, d.date, d.kind, d.category, d.amount_minor, d.transaction_count);
  const converted = convertDayGroups(groups.values(), converter, counts, STORED_AT);
  const uncounted = options.uncounted === false ? [] : uncountedEntries(groups.values(), counts);
  return { converter, entries: converted.concat(uncounted), converted };
}

/** The converted day groups of a report, replayed without an entry object per group. */
export interface StoredUnits {
  readonly converter: Converter;
  /**
   * Passes the converted day groups (amounts in the report currency), then the groups the report does not count
   * (amount 0, with their counts, for `excluded`), each in the groups' order: what storedFlows' `entries` holds.
   */
  forEach(add: (date: string, amount: number, kind: Kind, count: number) => void): void;
}

/**
 * The day groups of every currency other than `report` dated `from` … `to`, converted where `counts(kind, date)`
 * (as storedFlows converts them), in one read (`ledgerConversion`) that needs nothing read before it, so a report can
 * send it together with its own read. The currencies with day groups in the period are the ones its own rows show in
 * the period: the same groups, rates and results as storedFlows.
 */
export async function storedUnitsOfOthers(
  data: AccountData,
  report: string,
  from: string,
  to: string,
  maxAgeDays: number,
  counts: (kind: Kind, date: string) => boolean,
): Promise<StoredUnits> {
  keepConversionShapes();
  const { days, rates } = await data.ledgerConversion(from, to, report, ratesSince(from, maxAgeDays));
  const converter = converterOf(rates, report, maxAgeDays);
  const groups = new DayGroups();
  for (const d of days) groups.add(d.currency, d.date, d.kind, d.category, d.amount_minor, d.transaction_count);
  // Every group converted first (an amount out of range is reported before anything is summed), in order.
  const order = groups.order();
  const converted: number[] = [];
  const convertedMinor: number[] = [];
  const uncounted: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const g = order[i]!;
    const date = groups.dateOf(g);
    if (!counts(groups.kindOf(g), date)) {
      uncounted.push(g);
      continue;
    }
    const minor = converter.convertToNumber(
      groups.currencyOf(g),
      date,
      groups.amountOf(g),
      groups.countOf(g),
      STORED_AT,
    );
    if (minor === null) continue;
    converted.push(g);
    convertedMinor.push(minor);
  }
  return {
    converter,
    forEach(add) {
      for (let i = 0; i < converted.length; i++) {
        const g = converted[i]!;
        add(groups.dateOf(g), convertedMinor[i]!, groups.kindOf(g), groups.countOf(g));
      }
      for (const g of uncounted) add(groups.dateOf(g), 0, groups.kindOf(g), groups.countOf(g));
    },
  };
}

/**
 * The `me_ledger_totals` rows of other currencies outside the requested range, as entries of amount 0 with their
 * count: with conversion, POST counts every currency's out-of-period rows in `excluded`, and so does GET.
 */
export function otherCurrencyOutside(rows: readonly LedgerTotalRow[], report: string): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (const r of rows) {
    if (r.currency === report || r.month !== null) continue;
    out.push({ date: null, amount: 0, kind: r.kind, category: null, count: r.transaction_count });
  }
  return out;
}
