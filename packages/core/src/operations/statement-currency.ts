import { currencyScale } from "../money/currencies.ts";
import type { ErrorCollector } from "./error-collector.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

/**
 * The currency of statement `base`: its `currency` (default the request's). Another currency than the request's
 * is 422 `currency_mismatch` without conversion; an unknown one 422 `unknown_currency`. Undefined when refused.
 */
export function statementCurrency(
  given: string | undefined,
  request: ResolvedCurrency,
  converting: boolean,
  base: string,
  errors: ErrorCollector,
): ResolvedCurrency | undefined {
  if (given === undefined) return request;
  const code = given.toUpperCase();
  const scale = currencyScale(code);
  if (scale === undefined) {
    errors.at(
      `${base}/currency`,
      "unknown_currency",
      `\`${base}/currency\` is "${given}", which is not an active ISO 4217 currency code.`,
    );
    return undefined;
  }
  if (code !== request.code && !converting) {
    errors.at(
      `${base}/currency`,
      "currency_mismatch",
      `\`${base}/currency\` is ${code} but the request's currency is ${request.code}; send \`conversion\` to ` +
        "convert statements in other currencies.",
    );
    return undefined;
  }
  return code === request.code ? request : { code, scale };
}
