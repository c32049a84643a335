import { BALANCE_RULES } from "../contracts/rule-texts.ts";
import type { AccountContext, AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { currencyScale } from "../money/currencies.ts";
import { ValidationError } from "../problem/validation-error.ts";
import { balanceOnDate } from "../services/balance-on-date.ts";
import { closingDifference } from "../services/reconcile-statements.ts";
import { storedAccounts } from "./account-statements.ts";
import { accountDefaults } from "./account-defaults.ts";
import { formatBigMinor } from "./format-net-worth.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";
import { accountCurrency } from "./account-defaults.ts";
import { checkReportRange } from "./check-report-range.ts";
import { maxRateAge, STORED_AT, storedConverter } from "./stored-conversion.ts";

export function listAccountsOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["netWorth"]["accountsQuery"], Schemas["netWorth"]["accountsReport"]> = {
    kind: "account",
    name: "list_accounts",
    method: "get",
    path: "/v1/me/accounts",
    tag: "Account",
    summary: "Your accounts: each one's balance, the date it refers to, its statements and whether it reconciles.",
    description: "Every account of your statement imports (an account is an account name and a currency) with its " +
      "balance on `as_of` (default: today in your profile's time zone) by the same rules as net worth on `to`, the " +
      "number of its statements starting on or before `as_of`, and whether the statement chosen for the balance " +
      "reconciles. Without `currency`, every currency is listed (there is no profile default here), ordered by " +
      "account name, then currency. Imports that are `processing` or `failed` are ignored. Reads each " +
      "account's transaction totals per day from the database (a rollup), never raw transactions. Requires a bearer token. " +
      BALANCE_RULES +
      "\n\nConversion: with `convert=true`, `currency` (default: your profile's default currency) is the currency " +
      "to convert into, not a filter: every account of every currency is listed, each with `converted_balance`, its " +
      "balance converted at the rate of `as_of` (not of `balance_date`) and rounded once half-to-even (equal to " +
      "`balance` in that currency; null without a balance or a usable rate), and the response gains `currency` and " +
      "`conversion` (`source`: `stored`; counts are accounts). " + CONVERSION_RULES,
    get input() {
      return schemas.netWorth.accountsQuery;
    },
    get output() {
      return schemas.netWorth.accountsReport;
    },
    async run(input, ctx) {
      if (input.convert === true) return await convertedAccounts(input, ctx);
      // The profile is read only for "today": a given `as_of` needs no default.
      const asOf = input.as_of ?? (await accountDefaults(ctx)).today;
      let currency: string | null = null;
      if (input.currency !== undefined) {
        currency = input.currency.toUpperCase();
        if (currencyScale(currency) === undefined) {
          throw new ValidationError([{
            parameter: "currency",
            code: "unknown_currency",
            message: `Parameter \`currency\` is "${input.currency}", which is not an active ISO 4217 currency code.`,
          }]);
        }
      }
      const { accounts } = storedAccounts(await ctx.data.statementBalances(currency, [asOf]), [asOf]);
      return {
        as_of: asOf,
        accounts: accounts.map((a) => {
          const scale = currencyScale(a.currency);
          if (scale === undefined) throw new Error(`statement currency ${a.currency} is not an ISO 4217 code`);
          const balance = balanceOnDate(a.statements, asOf);
          const difference = balance === null ? null : closingDifference(balance.statement);
          return {
            account_name: a.account_name,
            currency: a.currency,
            balance: balance === null ? null : formatBigMinor(balance.balanceMinor, scale),
            balance_date: balance?.balanceDate ?? null,
            statement_count: a.statements.filter((s) => s.start <= asOf).length,
            reconciled: difference === null ? null : difference === 0n,
          };
        }),
      };
    },
  };
  return operation;
}

/** GET /v1/me/accounts?convert=true: every account, each balance converted into the report currency on `as_of`. */
async function convertedAccounts(
  input: { currency?: string | undefined; as_of?: string | undefined; max_rate_age_days?: number | undefined },
  ctx: AccountContext,
) {
  const needsProfile = input.currency === undefined || input.as_of === undefined;
  const { profile, today } = needsProfile ? await accountDefaults(ctx) : { profile: null, today: undefined };
  const currency = accountCurrency(input.currency, profile);
  const asOf = input.as_of ?? today!;
  const { accounts } = storedAccounts(await ctx.data.statementBalances(null, [asOf]), [asOf]);
  const maxAge = maxRateAge(input);
  const converter = await storedConverter(ctx.data, currency.code, accounts.map((a) => a.currency), asOf, asOf, maxAge);
  const report = {
    as_of: asOf,
    currency: currency.code,
    accounts: accounts.map((a) => {
      const scale = currencyScale(a.currency);
      if (scale === undefined) throw new Error(`statement currency ${a.currency} is not an ISO 4217 code`);
      const balance = balanceOnDate(a.statements, asOf);
      const difference = balance === null ? null : closingDifference(balance.statement);
      const converted = balance === null
        ? null
        : converter.convert(a.currency, asOf, balance.balanceMinor, 1, STORED_AT);
      return {
        account_name: a.account_name,
        currency: a.currency,
        balance: balance === null ? null : formatBigMinor(balance.balanceMinor, scale),
        balance_date: balance?.balanceDate ?? null,
        converted_balance: converted === null ? null : formatBigMinor(converted, currency.scale),
        statement_count: a.statements.filter((s) => s.start <= asOf).length,
        reconciled: difference === null ? null : difference === 0n,
      };
    }),
    conversion: converter.block(STORED_AT),
  };
  checkReportRange(report, STORED_AT);
  return report;
}
