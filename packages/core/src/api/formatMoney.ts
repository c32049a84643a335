import { currencyScale } from "../money/currencies.ts";
import { formatMinor } from "../money/format-minor.ts";

/** Formats integer minor units of `currency` as an exact decimal string with exactly the currency's scale. */
export function formatMoney(minor: number, currency: string): string {
  const scale = currencyScale(currency.toUpperCase());
  if (scale === undefined) throw new RangeError(`Unknown currency: ${currency}`);
  return formatMinor(minor, scale);
}
