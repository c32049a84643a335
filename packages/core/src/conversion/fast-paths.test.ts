/**
 * The fast paths of conversion against simple references (properties on random inputs):
 *
 * - parseRate's one-scan reading of plain decimals = its regular-expression reading;
 * - the rate index built pair by pair (no sort when the dates come in order) = a linear scan for the latest date on
 *   or before d; `hasDuplicate` = "two rates of one pair on one date";
 * - readRequestRates' one-pass indexing = the per-rate checks: undefined with the same errors as the checks record,
 *   a converter otherwise;
 * - Converter.convertToNumber (safe integers when they suffice) = chooseRate and convertMinor in bigint, and its tally
 *   = bigint sums of what was converted and what was not.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidDate } from "../calendar/dates.ts";
import { dayNumber } from "../calendar/day-number.ts";
import { currencyScale, normalizeCurrency } from "../money/currencies.ts";
import { chooseRate } from "./choose-rate.ts";
import { convertMinor } from "./convert-minor.ts";
import { Converter } from "./converter.ts";
import { parseRate, parseRateSlow } from "./parse-rate.ts";
import type { ExchangeRate, Rate } from "./rate.ts";
import { buildRateIndex, RateIndexBuilder } from "./rate-index.ts";
import { readRequestRates } from "./read-request-rates.ts";

describe("parseRate: the one-scan reading equals the regular-expression reading", () => {
  const chars = fc.constantFrom("0", "1", "5", "9", ".", "-", "e", "+", " ", ",");
  it("on random short texts (property)", () => {
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 24 }).map((c) => c.join("")), (text) => {
        expect(parseRate(text)).toEqual(parseRateSlow(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("on plain decimals of up to 21 digits (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("0", "1", "2", "7", "9"), { minLength: 1, maxLength: 21 }),
        fc.nat({ max: 22 }),
        (digits, at) => {
          const text = at === 0 || at >= digits.length
            ? digits.join("")
            : `${digits.slice(0, at).join("")}.${digits.slice(at).join("")}`;
          expect(parseRate(text)).toEqual(parseRateSlow(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

const DATES = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i * 2)).toISOString().slice(0, 10));
const CODES = ["EUR", "USD", "GBP", "CHF"];

const rateArb = fc.record({
  date: fc.constantFrom(...DATES),
  base: fc.constantFrom(...CODES),
  quote: fc.constantFrom(...CODES),
  rate: fc.integer({ min: 1, max: 99999 }).map((n) => `${Math.floor(n / 10000)}.${String(n % 10000).padStart(4, "0")}`),
}).filter((r) => r.base !== r.quote);

/** The reference lookup: the latest rate of the pair on or before `date`, by a scan (the last one of equal dates). */
function referenceFind(rates: readonly ExchangeRate[], base: string, quote: string, date: string, maxAge: number) {
  let best: ExchangeRate | undefined;
  for (const r of rates) {
    if (r.base !== base || r.quote !== quote || r.date > date) continue;
    if (best === undefined || r.date >= best.date) best = r;
  }
  if (best === undefined) return undefined;
  const ageDays = dayNumber(date) - dayNumber(best.date);
  return ageDays > maxAge ? undefined : { date: best.date, ageDays, rate: best.rate };
}

const toRates = (list: { date: string; base: string; quote: string; rate: string }[]): ExchangeRate[] =>
  list.map((r) => ({ date: r.date, base: r.base, quote: r.quote, rate: parseRate(r.rate) as Rate }));

describe("rate index: built pair by pair", () => {
  it("finds what a scan finds, whatever the order of the rates (property)", () => {
    fc.assert(
      fc.property(
        fc.array(rateArb, { maxLength: 80 }),
        fc.constantFrom("as given", "ascending", "descending"),
        fc.integer({ min: 0, max: 9 }),
        (list, order, maxAge) => {
          const sorted = order === "as given"
            ? list
            : [...list].sort((a, b) =>
              (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) * (order === "ascending" ? 1 : -1)
            );
          const rates = toRates(sorted);
          const index = buildRateIndex(rates);
          expect(index.size).toBe(rates.length);
          for (const base of CODES) {
            for (const quote of CODES) {
              if (base === quote) continue;
              for (const d of ["2025-12-31", ...DATES.slice(0, 12), "2026-03-15"]) {
                expect(index.find(base, quote, d, maxAge)).toEqual(referenceFind(rates, base, quote, d, maxAge));
              }
            }
            const bases = [...new Set(rates.filter((r) => r.quote === base).map((r) => r.base))].sort();
            expect(index.basesOf(base)).toEqual(bases);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("hasDuplicate: two rates of one pair on one date", () => {
    fc.assert(
      fc.property(fc.array(rateArb, { maxLength: 40 }), (list) => {
        const builder = new RateIndexBuilder();
        for (const r of toRates(list)) builder.add(r.base, r.quote, r.date, dayNumber(r.date), r.rate);
        const keys = list.map((r) => `${r.base}${r.quote}${r.date}`);
        expect(builder.hasDuplicate()).toBe(new Set(keys).size !== keys.length);
      }),
      { numRuns: 500 },
    );
  });
});

/** The per-rate checks of API.md §11.4 as a plain loop: the errors a conversion field gets, in order. */
function referenceRateErrors(rates: readonly { date: string; base: string; quote: string; rate: unknown }[]) {
  const out: { pointer: string; code: string }[] = [];
  const seen = new Set<string>();
  rates.forEach((r, i) => {
    const at = `/conversion/rates/${i}`;
    const before = out.length;
    if (!isValidDate(r.date)) out.push({ pointer: `${at}/date`, code: "invalid_date" });
    const base = normalizeCurrency(r.base);
    const quote = normalizeCurrency(r.quote);
    if (base === undefined) out.push({ pointer: `${at}/base`, code: "unknown_currency" });
    if (quote === undefined) out.push({ pointer: `${at}/quote`, code: "unknown_currency" });
    if (base !== undefined && base === quote) out.push({ pointer: `${at}/quote`, code: "invalid_value" });
    const rate = parseRate(r.rate);
    if (typeof rate === "string") out.push({ pointer: `${at}/rate`, code: rate });
    if (out.length > before) return;
    const key = `${base}${quote}${r.date}`;
    if (seen.has(key)) out.push({ pointer: at, code: "duplicate" });
    else seen.add(key);
  });
  return out;
}

describe("readRequestRates: one pass when every rate is good", () => {
  const messy = fc.record({
    date: fc.constantFrom(...DATES.slice(0, 6), "2026-02-30", "2026-1-05"),
    base: fc.constantFrom("EUR", "usd", "GBP", "XXX", "EURO"),
    quote: fc.constantFrom("USD", "EUR", "chf", "ABC"),
    rate: fc.constantFrom<unknown>("1.0832", "0.9", 1.25, "0", "-1", "1e3", "1,5", "1234567890.123456789", 7),
  });

  it("records exactly the reference's errors, or returns a converter when there are none (property)", () => {
    fc.assert(
      fc.property(fc.array(messy, { minLength: 1, maxLength: 12 }), (rates) => {
        const items: { pointer: string; code: string }[] = [];
        const converter = readRequestRates({ rates }, "EUR", "/conversion", {
          at: (pointer, code) => void items.push({ pointer, code }),
        });
        const expected = referenceRateErrors(rates);
        expect(items).toEqual(expected);
        expect(converter === undefined).toBe(expected.length > 0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("Converter.convertToNumber: safe integers where they suffice, the same result as bigint", () => {
  const amount = fc.oneof(
    fc.integer({ min: -40, max: 40 }),
    fc.integer({ min: -10_000_000, max: 10_000_000 }),
    fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
    fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  );
  const unit = fc.record({
    currency: fc.constantFrom("USD", "GBP", "JPY", "KWD", "CHF"),
    date: fc.constantFrom(...DATES.slice(0, 20)),
    amount,
    count: fc.integer({ min: 1, max: 4 }),
  });
  const rate = fc.record({
    date: fc.constantFrom(...DATES.slice(0, 20)),
    base: fc.constantFrom("EUR", "USD", "GBP", "JPY", "KWD"),
    quote: fc.constantFrom("EUR", "USD", "GBP", "JPY", "KWD", "CHF"),
    rate: fc.oneof(
      fc.integer({ min: 1, max: 999999 }).map((n) => `${Math.floor(n / 10000)}.${String(n % 10000).padStart(4, "0")}`),
      fc.constantFrom("123456789.012345678", "0.000000000000000001", "157.12", "1"),
      // Rates that make exact halves of small amounts: the rounding tie cases.
      fc.constantFrom("0.5", "1.5", "2.5", "0.125", "0.05", "0.005", "12.5"),
    ),
  }).filter((r) => r.base !== r.quote);

  it("converts and tallies like chooseRate, convertMinor and bigint sums (property)", () => {
    fc.assert(
      fc.property(
        fc.array(rate, { maxLength: 30 }),
        fc.array(unit, { maxLength: 40 }),
        fc.nat({ max: 7 }),
        (list, units, age) => {
          const rates = toRates(list);
          // One rate per (base, quote, date), as a request must send them.
          const unique = [...new Map(rates.map((r) => [`${r.base}${r.quote}${r.date}`, r])).values()];
          const index = buildRateIndex(unique);
          const converter = new Converter({ index, reportCurrency: "EUR", maxAgeDays: age, source: "request" });
          const tally = new Map<
            string,
            { converted: bigint; to: bigint; count: number; un: bigint; unCount: number }
          >();
          for (const u of units) {
            const choice = chooseRate(index, u.currency, "EUR", u.date, age);
            const t = tally.get(u.currency) ?? { converted: 0n, to: 0n, count: 0, un: 0n, unCount: 0 };
            tally.set(u.currency, t);
            let expected: bigint | null = null;
            if (choice === undefined) {
              t.un += BigInt(u.amount);
              t.unCount += u.count;
            } else {
              expected = convertMinor(BigInt(u.amount), currencyScale(u.currency)!, 2, choice.factor);
            }
            if (expected !== null && (expected > 999_999_999_999_999n || expected < -999_999_999_999_999n)) {
              expect(() => converter.convertToNumber(u.currency, u.date, u.amount, u.count)).toThrow();
              return;
            }
            const got = converter.convertToNumber(u.currency, u.date, u.amount, u.count);
            expect(got === null ? null : BigInt(got)).toEqual(expected);
            if (expected !== null) {
              t.converted += BigInt(u.amount);
              t.to += expected;
              t.count += u.count;
            }
          }
          for (const [currency, t] of converter.tally.entries()) {
            const want = tally.get(currency)!;
            expect([t.convertedMinor, t.convertedToMinor, t.convertedCount, t.unconvertedMinor, t.unconvertedCount])
              .toEqual([want.converted, want.to, want.count, want.un, want.unCount]);
          }
          expect(converter.tally.entries().map(([c]) => c)).toEqual([...tally.keys()].sort());
        },
      ),
      { numRuns: 500 },
    );
  });
});
