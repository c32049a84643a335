import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import type { Budget } from "../services/budget-summary.ts";
import type { ErrorCollector } from "./error-collector.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

/**
 * Parses one month's budget list at `base` (`/budgets`, `/history/2/budgets`): exact amounts, zero or more, each
 * category at most once. Problems are recorded with their pointers; an invalid amount is returned as 0.
 */
export function parseBudgets(
  input: readonly { readonly category: string; readonly amount: string | number }[],
  currency: ResolvedCurrency,
  base: string,
  errors: ErrorCollector,
): Budget[] {
  const budgets: Budget[] = [];
  const seen = new Map<string, number>();
  input.forEach((b, i) => {
    const amount = parseMinor(b.amount, currency.scale);
    const pointer = `${base}/${i}/amount`;
    if (typeof amount !== "number") {
      errors.at(pointer, amount, moneyIssueMessage(amount, `\`${pointer}\``, currency.code, currency.scale));
    } else if (amount < 0) {
      errors.at(pointer, "out_of_range", `\`${pointer}\` is negative; a budget is zero or more.`);
    }
    const first = seen.get(b.category);
    if (first !== undefined) {
      errors.at(
        `${base}/${i}/category`,
        "duplicate",
        `\`${base}/${i}/category\` repeats the category "${b.category}" of \`${base}/${first}\`.`,
      );
    } else seen.set(b.category, i);
    budgets.push({ category: b.category, amount: typeof amount === "number" ? amount : 0 });
  });
  return budgets;
}
