/**
 * Properties of converted POST reports (API.md §11): a rate of exactly 1 between two 2-decimal currencies is a
 * relabeling; the order of transactions and rates changes nothing; splitting one day group across two requests
 * moves its converted total by at most one minor unit (rounding happens once per group).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createOperations } from "../operations/index.ts";
import { post } from "../testing/run.ts";

const ops = createOperations().byName;

const minor = (n: number) => {
  const sign = n < 0 ? "-" : "";
  const a = Math.abs(n);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
};

const transaction = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  month: fc.integer({ min: 1, max: 12 }),
  amount: fc.integer({ min: -500000, max: 500000 }),
  category: fc.constantFrom(null, "Food", "Rent"),
  kind: fc.constantFrom(undefined, "income", "expense", "transfer"),
  usd: fc.boolean(),
});
type Tx = { day: number; month: number; amount: number; category: string | null; kind?: string; usd: boolean };

const body = (txs: Tx[], currencyOf: (t: Tx) => string) =>
  txs.map((t) => ({
    date: `2026-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`,
    amount: minor(t.amount),
    currency: currencyOf(t),
    category: t.category,
    ...(t.kind === undefined ? {} : { kind: t.kind }),
  }));

/** EUR/USD rates on every Friday of 2026, between 0.8 and 1.6. */
const ratesArb = fc.array(fc.integer({ min: 8000, max: 16000 }), { minLength: 53, maxLength: 53 }).map((values) =>
  values.map((v, i) => {
    const d = new Date(Date.UTC(2026, 0, 2 + 7 * i)); // 2026-01-02 is a Friday (test data only, no money)
    return { date: d.toISOString().slice(0, 10), base: "EUR", quote: "USD", rate: `${v / 10000}` };
  }).filter((r) => r.date.startsWith("2026"))
);

const shuffle = <T>(list: T[], seed: number) => {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

describe("conversion properties", () => {
  it("a rate of exactly 1 between two 2-decimal currencies equals relabeling", () => {
    fc.assert(
      fc.property(fc.array(transaction, { maxLength: 60 }), (txs) => {
        const rates = Array.from({ length: 12 }, (_, m) => ({
          date: `2026-${String(m + 1).padStart(2, "0")}-01`,
          base: "USD",
          quote: "EUR",
          rate: "1",
        }));
        for (const op of ["calculate_cashflow", "calculate_spending_by_category"] as const) {
          const converted = post(ops[op] as typeof ops.calculate_cashflow, {
            currency: "EUR",
            ...(op === "calculate_cashflow" ? { year: 2026 } : {}),
            conversion: { rates, max_rate_age_days: 31 },
            transactions: body(txs, (t) => (t.usd ? "USD" : "EUR")),
          } as never) as Record<string, unknown>;
          const { conversion, ...rest } = converted;
          const plain = post(ops[op] as typeof ops.calculate_cashflow, {
            currency: "EUR",
            ...(op === "calculate_cashflow" ? { year: 2026 } : {}),
            transactions: body(txs, () => "EUR"),
          } as never);
          expect(rest).toEqual(plain);
          for (const c of (conversion as { currencies: { unconverted_count: number }[] }).currencies) {
            expect(c.unconverted_count).toBe(0);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("shuffling transactions or rates changes nothing", () => {
    fc.assert(
      fc.property(fc.array(transaction, { maxLength: 60 }), ratesArb, fc.integer(), (txs, rates, seed) => {
        const make = (t: unknown[], r: unknown[]) => ({
          currency: "EUR",
          year: 2026,
          conversion: { rates: r, max_rate_age_days: 5 },
          transactions: t,
        });
        const transactions = body(txs, (t) => (t.usd ? "USD" : "EUR"));
        const a = post(ops.calculate_cashflow, make(transactions, rates));
        const b = post(ops.calculate_cashflow, make(shuffle(transactions, seed), shuffle(rates, seed + 1)));
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
        const budget = (t: unknown[], r: unknown[]) => ({
          ...make(t, r),
          year: 2026,
          month: 6,
          budgets: [{ category: "Food", amount: "100.00" }],
        });
        expect(JSON.stringify(post(ops.calculate_budget_summary, budget(shuffle(transactions, seed), rates))))
          .toBe(JSON.stringify(post(ops.calculate_budget_summary, budget(transactions, shuffle(rates, seed)))));
      }),
      { numRuns: 60 },
    );
  });

  it("splitting one day group across two requests changes its converted total by at most one minor unit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10_000_000, max: -1 }), { minLength: 2, maxLength: 20 }),
        fc.integer({ min: 1, max: 19 }),
        fc.stringMatching(/^[1-9][0-9]{0,3}\.[0-9]{1,6}$/),
        (amounts, cut, rate) => {
          const at = Math.min(cut, amounts.length - 1);
          const spend = (list: number[]) =>
            BigInt(
              post(ops.calculate_spending_by_category, {
                currency: "EUR",
                conversion: { rates: [{ date: "2026-05-04", base: "USD", quote: "EUR", rate }] },
                transactions: list.map((a) => ({ date: "2026-05-04", amount: minor(a), currency: "USD" })),
              }).total.replace(".", ""),
            );
          const whole = spend(amounts);
          const split = spend(amounts.slice(0, at)) + spend(amounts.slice(at));
          const diff = whole - split;
          expect(diff >= -1n && diff <= 1n).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
