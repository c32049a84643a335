/**
 * With conversion, every total of a report must stay within 10^15 − 1 minor units (API.md §11.4): walks a
 * formatted report and refuses (422 `out_of_range` at `pointer`) any money field beyond it.
 */
import { MAX_MONEY_MINOR } from "../money/limits.ts";
import { ValidationError } from "../problem/validation-error.ts";

const MONEY_KEYS = new Set([
  "income",
  "expenses",
  "net",
  "cumulative_net",
  "total",
  "budgeted",
  "spent",
  "remaining",
  "unbudgeted_spent",
  "carryover_in",
  "available",
  "net_worth",
  "change",
  "converted_balance",
]);

function digitsBeyond(value: string): boolean {
  const digits = value.replace("-", "").replace(".", "").replace(/^0+/, "");
  return digits.length > 15 || (digits.length === 15 && Number(digits) > MAX_MONEY_MINOR);
}

export function checkReportRange(report: unknown, where: { pointer?: string; parameter?: string }): void {
  const stack: unknown[] = [report];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (const v of value) stack.push(v);
      continue;
    }
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === "string" && MONEY_KEYS.has(key) && digitsBeyond(v)) {
        throw new ValidationError([{
          ...(where.parameter !== undefined ? { parameter: where.parameter } : { pointer: where.pointer ?? "" }),
          code: "out_of_range",
          message: `The report's \`${key}\` would be ${v}, beyond 10^15 − 1 minor units, the largest amount this ` +
            "API computes.",
        }]);
      }
      if (typeof v === "object") stack.push(v);
    }
  }
}
