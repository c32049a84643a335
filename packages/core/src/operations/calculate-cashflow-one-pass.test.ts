/**
 * With a `year`, calculate_cashflow validates and sums the transactions in one pass (visitTransactions +
 * CashflowSums). These properties hold it to the two-pass path it replaces: normalizeTransactions, then the
 * cashflow service over the entries, then formatting. Same report, or the same errors (overflow after validation).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../problem/validation-error.ts";
import { cashflow } from "../services/cashflow.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatCashflow } from "./format-cashflow.ts";
import { createOperations } from "./index.ts";
import { normalizeTransactions, type TransactionInput } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";
import { cleanCashflowSums } from "./clean-cashflow-sums.ts";

const op = createOperations().byName.calculate_cashflow;

/** The two-pass path (as calculate_cashflow ran before the one-pass change). */
function twoPass(input: { currency: string; year: number; transactions: TransactionInput[] }) {
  const errors = new ErrorCollector();
  const currency = resolveBodyCurrency(input.currency, "/currency", errors)!;
  const { entries } = normalizeTransactions(input.transactions, currency, "/transactions", errors);
  errors.throwIfAny();
  const result = locateOverflow("/transactions", () => cashflow(entries, input.year));
  return formatCashflow(currency.code, currency.scale, result);
}

function outcome(fn: () => unknown) {
  try {
    return { ok: JSON.stringify(fn()) };
  } catch (error) {
    if (error instanceof ValidationError) return { name: error.name, errors: error.errors, detail: error.message };
    throw error;
  }
}

const transaction = fc.record({
  date: fc.constantFrom(
    "2026-01-05",
    "2026-01-31",
    "2026-02-28",
    "2026-12-31",
    "2025-12-31",
    "2027-01-01",
    "2026-02-30",
  ),
  amount: fc.oneof(
    fc.constantFrom("-12.30", "2500.00", "0", "-0", "9999999999999.99", "-9999999999999.99", "1.234", "1e3", "x"),
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.constantFrom(0.1, 12.345, 9_999_999_999_999.99),
  ),
  currency: fc.constantFrom("EUR", "eur", "USD", "XYZ"),
  category: fc.constantFrom("groceries", null),
  kind: fc.constantFrom("income", "expense", "transfer"),
}, { requiredKeys: ["date", "amount"] });

describe("calculate_cashflow in one pass", () => {
  it("gives the two-pass report or errors, on random transactions with overflows and invalid values", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(transaction, { maxLength: 40 }),
          // Enough large amounts in a few months to overflow some totals, mixed with invalid ones.
          fc.array(
            fc.oneof(
              {
                weight: 8,
                arbitrary: fc.record({
                  date: fc.constant("2026-03-01"),
                  amount: fc.constantFrom("9999999999999.99", "9999999999999.99", "-9999999999999.99"),
                }),
              },
              { weight: 1, arbitrary: transaction },
            ),
            { minLength: 8, maxLength: 24 },
          ),
        ),
        fc.constantFrom(2026, 2025),
        (transactions, year) => {
          const input = { currency: "EUR", year, transactions: transactions as TransactionInput[] };
          expect(outcome(() => op.run(input))).toEqual(outcome(() => twoPass(input)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("reports validation errors before an overflow, as the two-pass path does", () => {
    const big = { date: "2026-01-01", amount: "9999999999999.99" };
    const input = { currency: "EUR", year: 2026, transactions: [...Array(10).fill(big), { date: "x", amount: "1" }] };
    const result = outcome(() => op.run(input));
    expect(result).toEqual(outcome(() => twoPass(input)));
    expect(result.errors?.map((e) => e.code)).toEqual(["invalid_date"]);
    expect(outcome(() => op.run({ ...input, transactions: Array(10).fill(big) }))).toMatchObject({
      errors: [{ pointer: "/transactions", code: "out_of_range" }],
    });
  });

  it("takes the tight loop on clean transactions and gives the two-pass report there too", () => {
    const clean = fc.record({
      date: fc.constantFrom("2026-01-05", "2026-02-28", "2024-02-29", "2026-12-31", "2025-12-31", "2027-01-01"),
      amount: fc.oneof(
        fc.constantFrom("-12.30", "2500.00", "0", "-0", "0.5", "-9999999999999.99"),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
      ),
      currency: fc.constantFrom("EUR", "eur"),
      kind: fc.constantFrom("income", "expense", "transfer"),
    }, { requiredKeys: ["date", "amount"] });
    const eur = resolveBodyCurrency("EUR", "/currency", new ErrorCollector())!;
    fc.assert(
      fc.property(fc.array(clean, { maxLength: 40 }), fc.constantFrom(2026, 2025, 2024), (transactions, year) => {
        const input = { currency: "EUR", year, transactions: transactions as TransactionInput[] };
        // Only an overflow leaves the tight loop here (many -9999999999999.99 in one month).
        const sums = cleanCashflowSums(input.transactions, eur, year);
        const result = outcome(() => op.run(input));
        expect(result).toEqual(outcome(() => twoPass(input)));
        if (sums === undefined) expect(result.errors?.map((e) => e.code)).toEqual(["out_of_range"]);
      }),
      { numRuns: 1000 },
    );
  });

  it("leaves the tight loop at an invalid date, amount or currency, so that the general path reports it", () => {
    const eur = resolveBodyCurrency("EUR", "/currency", new ErrorCollector())!;
    const ok = { date: "2026-01-05", amount: "-1.00" };
    expect(cleanCashflowSums([ok], eur, 2026)?.expenseSum[0]).toBe(-100);
    for (
      const bad of [{ date: "2026-02-30", amount: "1" }, { date: "2026-01-05", amount: "1.234" }, {
        date: "2026-01-05",
        amount: "1",
        currency: "USD",
      }]
    ) {
      expect(cleanCashflowSums([ok, bad as TransactionInput], eur, 2026)).toBeUndefined();
    }
  });
});
