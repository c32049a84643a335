import { BALANCE_RULES } from "../contracts/net-worth.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { currencyScale } from "../money/currencies.ts";
import { ValidationError } from "../problem/validation-error.ts";
import { balanceOnDate } from "../services/balance-on-date.ts";
import { closingDifference } from "../services/reconcile-statements.ts";
import { storedAccounts } from "./account-statements.ts";
import { accountDefaults } from "./account-defaults.ts";
import { formatBigMinor } from "./format-net-worth.ts";

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
      BALANCE_RULES,
    get input() {
      return schemas.netWorth.accountsQuery;
    },
    get output() {
      return schemas.netWorth.accountsReport;
    },
    async run(input, ctx) {
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
