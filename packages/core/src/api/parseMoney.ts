import { currencyScale } from "../money/currencies.ts";
import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import { ValidationError } from "../problem/validation-error.ts";

/**
 * Parses a money value (decimal string or JSON number) into integer minor units of `currency`.
 * Throws a ValidationError (422) instead of rounding: see parseMinor for the exact rules.
 */
export function parseMoney(value: unknown, currency: string): number {
  const code = currency.toUpperCase();
  const scale = currencyScale(code);
  if (scale === undefined) {
    throw new ValidationError([{ code: "unknown_currency", message: `${currency} is not an ISO 4217 currency code.` }]);
  }
  const result = parseMinor(value, scale);
  if (typeof result === "number") return result;
  throw new ValidationError([{ code: result, message: moneyIssueMessage(result, "The amount", code, scale) }]);
}
