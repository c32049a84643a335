/**
 * POST cashflow with conversion sums a month's converted day groups as one amount when even the sum of their
 * magnitudes stays a safe integer, and one by one otherwise. Property against the plain report: at a rate of exactly 1
 * between two 2-decimal currencies, with one transaction per day group in date order, the converted report is the
 * plain report of the same transactions relabeled, amounts near the 10^15 − 1 limit included, so month sums whose
 * partial sums pass 2^53 (422 `out_of_range` on both sides) and magnitudes beyond it whose partial sums do not. (A
 * converted report also refuses a total beyond 10^15 − 1 that the plain report still writes: API.md §11.4.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../problem/validation-error.ts";
import { post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const ops = createOperations().byName;

const minor = (n: number) => {
  const sign = n < 0 ? "-" : "";
  const a = Math.abs(n);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
};

function outcome(fn: () => unknown): unknown {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ValidationError) return { errors: error.errors };
    throw error;
  }
}

describe("POST cashflow with conversion: month sums of converted day groups", () => {
  it("equals the plain report at a rate of 1, near the limits too (property)", () => {
    const amount = fc.oneof(
      fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }),
      fc.constantFrom(999_999_999_999_999, -999_999_999_999_999, 900_000_000_000_000, -900_000_000_000_000),
      fc.integer({ min: -100_000, max: 100_000 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount, month: fc.integer({ min: 1, max: 3 }), usd: fc.boolean() }), { maxLength: 40 }),
        (list) => {
          // One transaction per day group, in date order (so the converted groups come in the transactions' order).
          const sorted = [...list].sort((a, b) => a.month - b.month);
          const txs = sorted.map((t, i) => ({
            date: `2026-${String(t.month).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
            amount: minor(t.amount),
            category: `c${i}`,
            usd: t.usd,
          }));
          const rates = ["2026-01-01", "2026-02-01", "2026-03-01"].map((date) => ({
            date,
            base: "USD",
            quote: "EUR",
            rate: "1",
          }));
          const converted = outcome(() =>
            post(ops.calculate_cashflow, {
              currency: "EUR",
              year: 2026,
              conversion: { rates, max_rate_age_days: 31 },
              transactions: txs.map(({ usd, ...t }) => ({ ...t, currency: usd ? "USD" : "EUR" })),
            })
          ) as Record<string, unknown>;
          const plain = outcome(() =>
            post(ops.calculate_cashflow, {
              currency: "EUR",
              year: 2026,
              transactions: txs.map(({ usd: _, ...t }) => t),
            })
          );
          if (typeof plain === "object" && plain !== null && "errors" in plain) expect(converted).toEqual(plain);
          else if (/"-?\d{14,}\./.test(JSON.stringify(plain))) {
            // A total of 10^15 minor units or more (16 digits and up): refused with conversion only.
            expect(converted).toMatchObject({ errors: [{ pointer: "/transactions", code: "out_of_range" }] });
          } else {
            const { conversion: _, ...rest } = converted;
            expect(rest).toEqual(plain);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("a month whose partial sums pass 2^53 though its total does not: 422 out_of_range, as without conversion", () => {
    // Ten times +9.5·10^14, then ten times −9.5·10^14: the tenth partial sum is 9.5·10^15 > 2^53 − 1; the total is 0.
    const amounts = [...Array(10).fill(950_000_000_000_000), ...Array(10).fill(-950_000_000_000_000)] as number[];
    const txs = amounts.map((a, i) => ({
      date: `2026-05-${String(i + 1).padStart(2, "0")}`,
      amount: minor(a),
      kind: "income",
    }));
    const rates = [{ date: "2026-05-01", base: "USD", quote: "EUR", rate: "1" }];
    const converted = outcome(() =>
      post(ops.calculate_cashflow, {
        currency: "EUR",
        year: 2026,
        conversion: { rates, max_rate_age_days: 31 },
        transactions: txs.map((t) => ({ ...t, currency: "USD" })),
      })
    );
    const plain = outcome(() => post(ops.calculate_cashflow, { currency: "EUR", year: 2026, transactions: txs }));
    expect(plain).toMatchObject({ errors: [{ pointer: "/transactions", code: "out_of_range" }] });
    expect(converted).toEqual(plain);
  });

  it("a month whose magnitudes pass 2^53 but whose partial sums do not: summed one by one, no error", () => {
    // +9·10^14 and −9·10^14 alternately, twelve times: magnitudes 2.16·10^16, partial sums 9·10^14 or 0.
    const txs = Array.from({ length: 24 }, (_, i) => ({
      date: `2026-04-${String(i + 1).padStart(2, "0")}`,
      amount: minor(i % 2 === 0 ? 900_000_000_000_000 : -900_000_000_000_000),
      currency: "USD",
      kind: "income",
    }));
    const r = post(ops.calculate_cashflow, {
      currency: "EUR",
      year: 2026,
      conversion: { rates: [{ date: "2026-04-01", base: "USD", quote: "EUR", rate: "1" }], max_rate_age_days: 31 },
      transactions: txs,
    });
    expect(r.months[3]).toMatchObject({ month: 4, income: "0.00", transaction_count: 24 });
  });
});
