/**
 * Keeps the hidden classes of a conversion's per-request objects alive between requests.
 *
 * V8 compiles hot code for the hidden classes ("maps") of the objects it has seen, and holds those maps weakly: a
 * class instance's map is reached from its constructor through transitions that do not keep it alive. When every
 * DayGroups, Converter, tally and CashflowSums of a request is garbage, a full collection frees their maps, and V8
 * throws away all the optimized code that depended on them (a deopt for "embedded weak objects cleared"). The next
 * request then runs the conversion in the interpreter until V8 has optimized it again: for a 50,000-transaction
 * POST that costs about twice the conversion itself, on every request that follows a full collection.
 *
 * So one small conversion runs here once, at the first converted request, through the same functions a request uses (rates read
 * and indexed, transactions grouped by day, the three routes, a unit without a rate, a bigint sum, the tally and its
 * block, the cashflow sums), and its objects are kept: one live instance of each class holds its map, and the code
 * built on it stays valid. A few kilobytes, computed once; nothing here is ever read.
 */
import { cashflowOf, CashflowSums } from "../services/cashflow.ts";
import { readRequestRates } from "../conversion/read-request-rates.ts";
import { ErrorCollector } from "./error-collector.ts";
import { readConvertedTransactions } from "./converted-transactions.ts";

/** The small conversion (exported for its test: it must run through without an error). */
export function convertOnce(): readonly unknown[] {
  const errors = new ErrorCollector();
  const eur = { code: "EUR", scale: 2 };
  // USD/EUR in ascending date order (direct), EUR/GBP descending as the ECB writes them (inverse), USD/CHF for a
  // cross from CHF through USD, and JPY without any rate.
  const converter = readRequestRates(
    {
      rates: [
        { date: "2025-12-30", base: "USD", quote: "EUR", rate: "0.9232" },
        { date: "2025-12-31", base: "USD", quote: "EUR", rate: 0.9216 },
        { date: "2025-12-31", base: "EUR", quote: "GBP", rate: "0.8512" },
        { date: "2025-12-30", base: "EUR", quote: "GBP", rate: "0.8497" },
        { date: "2025-12-31", base: "USD", quote: "CHF", rate: "0.9033" },
      ],
    },
    "EUR",
    "/conversion",
    errors,
  )!;
  const sums = new CashflowSums(2025);
  const { groups } = readConvertedTransactions(
    [
      { date: "2025-12-30", amount: "-12.50", currency: "USD", category: "Food" },
      { date: "2025-12-31", amount: "-7.25", currency: "usd", category: "Food" },
      { date: "2025-12-31", amount: "2500.00", currency: "GBP", kind: "income", category: null },
      { date: "2025-12-31", amount: "-3.10", currency: "GBP", category: "Food" },
      { date: "2026-01-02", amount: "-40.00", currency: "USD", kind: "transfer" },
      { date: "2025-12-31", amount: "-9.99", currency: "CHF", category: "Food" },
      { date: "2025-12-31", amount: "-1000", currency: "JPY", category: "Food" },
      { date: "2025-12-31", amount: "-4.20", category: "Food" },
    ],
    eur,
    "/transactions",
    errors,
    (date, amount, kind) => sums.add(date, amount, kind, 1),
  );
  // A sum beyond the safe integers (the bigint path of the groups and the tally), into a group the loop skips.
  groups.add("USD", "2024-06-30", "expense", "Food", -Number.MAX_SAFE_INTEGER);
  groups.add("USD", "2024-06-30", "expense", "Food", -Number.MAX_SAFE_INTEGER);
  converter.convertToNumber("USD", "2025-12-30", 10n ** 12n, 1);
  for (const g of groups.order()) {
    const date = groups.dateOf(g);
    if (groups.kindOf(g) === "transfer" || !date.startsWith("2025-")) {
      sums.add(date, 0, groups.kindOf(g), groups.countOf(g));
      continue;
    }
    const minor = converter.convertToNumber(groups.currencyOf(g), date, groups.amountOf(g), groups.countOf(g));
    if (minor !== null) sums.add(date, minor, groups.kindOf(g), groups.countOf(g));
  }
  groups.values();
  return [errors, converter, converter.block(), converter.unconvertedCurrencies(), groups, sums, cashflowOf(sums)];
}

/** The kept objects (module state, never read). */
let kept: readonly unknown[] | null = null;

/**
 * Runs the small conversion once per process, at the first converted request (not when the module loads: a cold
 * start that converts nothing should not pay for it). It cannot fail a request: were it ever to throw, the request
 * just runs without the kept shapes.
 */
export function keepConversionShapes(): void {
  if (kept !== null) return;
  try {
    kept = convertOnce();
  } catch {
    kept = [];
  }
}
