import { currencyScale } from "../money/currencies.ts";
import type { ErrorCollector } from "./error-collector.ts";
import { keepAlive } from "./keep-alive.ts";

export interface ResolvedCurrency {
  readonly code: string;
  readonly scale: number;
}

/** Upper-cases and looks up a currency code; records `unknown_currency` at `pointer` when it is not ISO 4217. */
export function resolveBodyCurrency(
  code: string,
  pointer: string,
  errors: ErrorCollector,
): ResolvedCurrency | undefined {
  const upper = code.toUpperCase();
  const scale = currencyScale(upper);
  if (scale === undefined) {
    errors.at(
      pointer,
      "unknown_currency",
      `\`${pointer}\` is "${code}", which is not an active ISO 4217 currency code.`,
    );
    return undefined;
  }
  const resolved = { code: upper, scale };
  // Every operation's hot loop reads this object: the last one stays alive so that its hidden class outlives a full
  // GC between requests (keep-alive.ts).
  keepAlive("currency", resolved);
  return resolved;
}
