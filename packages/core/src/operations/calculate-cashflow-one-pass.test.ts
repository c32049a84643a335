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
});
