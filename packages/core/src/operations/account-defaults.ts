import type { AccountContext } from "../contracts/operation.ts";
import type { ProfileRow } from "../contracts/account-data.ts";
import { currencyScale } from "../money/currencies.ts";
import { ValidationError } from "../problem/validation-error.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

export interface AccountDefaults {
  readonly profile: ProfileRow | null;
  /** Today in the profile's time zone (UTC without a profile). */
  readonly today: string;
}

/** Today's date in UTC from a clock, as `YYYY-MM-DD`. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Reads the profile: "today" comes from the database in the profile's time zone; without a profile row the time
 * zone is UTC and today is taken from `ctx.clock` (default: the system clock) in UTC.
 */
export async function accountDefaults(ctx: AccountContext): Promise<AccountDefaults> {
  const profile = await ctx.data.profile();
  const today = profile?.today ?? utcToday((ctx.clock ?? (() => new Date()))());
  return { profile, today };
}

/**
 * The currency of an account report: the `currency` parameter (case-insensitive), else the profile's default.
 * Neither: 422 `required` on parameter `currency`. Unknown code: 422 `unknown_currency`.
 */
export function accountCurrency(requested: string | undefined, profile: ProfileRow | null): ResolvedCurrency {
  const raw = requested ?? profile?.default_currency ?? undefined;
  if (raw === undefined || raw === null) {
    throw new ValidationError([{
      parameter: "currency",
      code: "required",
      message: "Parameter `currency` is required because your profile has no default currency.",
    }]);
  }
  const code = raw.toUpperCase();
  const scale = currencyScale(code);
  if (scale === undefined) {
    throw new ValidationError([{
      parameter: "currency",
      code: "unknown_currency",
      message: requested === undefined
        ? `Your profile's default currency "${raw}" is not an active ISO 4217 code; pass \`currency\`.`
        : `Parameter \`currency\` is "${raw}", which is not an active ISO 4217 currency code.`,
    }]);
  }
  return { code, scale };
}

/** Sorted distinct currencies other than `selected`. */
export function otherCurrencies(currencies: Iterable<string>, selected: string): string[] {
  const set = new Set<string>();
  for (const c of currencies) if (c !== selected) set.add(c);
  return [...set].sort();
}
