import { BALANCE_RULES, SERIES_RULES } from "../contracts/rule-texts.ts";
import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import { accountStatement, type StatementFacts } from "../services/account-statement.ts";
import type { AccountStatement } from "../services/balance-on-date.ts";
import { compareCodePoints } from "../services/code-point-order.ts";
import { netWorth, type NetWorthAccount } from "../services/net-worth.ts";
import { type DatedAmount, statementSums } from "../services/statement-sums.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatNetWorth } from "./format-net-worth.ts";
import { checkNetWorthRange } from "./net-worth-range.ts";
import { normalizeTransactions } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency, type ResolvedCurrency } from "./resolve-currency.ts";
import { convertedReports, prepareConversion } from "./converted-on-demand.ts";
import { statementCurrency } from "./statement-currency.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";

/** A money field of a statement as minor units, recording a rejected value at its pointer. */
function money(value: unknown, pointer: string, currency: ResolvedCurrency, errors: ErrorCollector): number {
  const minor = parseMinor(value, currency.scale);
  if (typeof minor === "number") return minor;
  errors.at(pointer, minor, moneyIssueMessage(minor, `\`${pointer}\``, currency.code, currency.scale));
  return 0;
}

export function calculateNetWorthOperation(schemas: Schemas) {
  const { transactions: maxTransactions } = schemas.limits;
  const operation: CalculationOperation<Schemas["netWorth"]["body"], Schemas["netWorth"]["report"]> = {
    kind: "calculation",
    name: "calculate_net_worth",
    method: "post",
    path: "/v1/analytics/net-worth",
    tag: "Calculations",
    summary: "Net worth month by month, account balances and statement reconciliation, from the statements you send.",
    description: "From account statements (opening balance, optional reported closing balance, transactions): the " +
      "net worth on the last day of each month from `from` to `to`, each account's balance on `to`, and for every " +
      "statement its computed closing balance, the difference from the reported one and the gap from the previous " +
      `statement. ${BALANCE_RULES} ${SERIES_RULES} At most ${schemas.limits.statements} statements and ` +
      `${maxTransactions} transactions over all statements (422 \`too_many_items\`). Every transaction must be ` +
      "in `currency` (422 `currency_mismatch`). Deterministic: no clock, no database; the same body always gives " +
      "the same response.\n\nConversion: with `conversion`, statements may be in other currencies (a statement's " +
      "`currency`, inherited by its transactions); each account balance on each series date is converted at that " +
      "date's rate, net worth sums the converted balances, each account keeps `balance` in its own currency and " +
      "gains `converted_balance`, reconciliation stays in the account's currency, and the response gains " +
      `\`conversion\` (counts are account balance points). ${CONVERSION_RULES}`,
    prepare: prepareConversion,
    get input() {
      return schemas.netWorth.body;
    },
    get output() {
      return schemas.netWorth.report;
    },
    run(input) {
      const errors = new ErrorCollector();
      const currency = resolveBodyCurrency(input.currency, "/currency", errors);
      const total = input.statements.reduce((n, s) => n + s.transactions.length, 0);
      if (total > maxTransactions) {
        errors.at(
          "/statements",
          "too_many_items",
          `The statements hold ${total} transactions in all; at most ${maxTransactions} are allowed per request.`,
        );
      }
      if (currency === undefined || !errors.empty) throw errors.toError();
      checkNetWorthRange(input.from, input.to, "body");

      // First the statements as sent, grouped by account; then each account's transactions (of all its
      // statements, API.md §9.3) summed once, and every statement's balances from those sums.
      // With conversion an account is a name in one currency (without it every statement is in `currency`).
      const converting = input.conversion !== undefined;
      const currencyOf = new Map<string, ResolvedCurrency>();
      const byName = new Map<string, { facts: StatementFacts; amounts: DatedAmount[] }[]>();
      input.statements.forEach((s, i) => {
        const base = `/statements/${i}`;
        const own = statementCurrency(s.currency, currency, converting, base, errors);
        if (own === undefined) return;
        const opening = s.opening_balance === undefined || s.opening_balance === null
          ? null
          : money(s.opening_balance, `${base}/opening_balance`, own, errors);
        const closing = s.closing_balance === undefined || s.closing_balance === null
          ? null
          : money(s.closing_balance, `${base}/closing_balance`, own, errors);
        const start = s.statement_start ?? null;
        const end = s.statement_end ?? null;
        if (start !== null && end !== null && end < start) {
          errors.at(
            `${base}/statement_end`,
            "invalid_range",
            `\`${base}/statement_end\` (${end}) is before \`${base}/statement_start\` (${start}).`,
          );
        }
        const { entries } = normalizeTransactions(s.transactions, own, `${base}/transactions`, errors);
        if (!errors.empty) return;
        const amounts = entries.map((e): DatedAmount => ({ date: e.date!, amountMinor: BigInt(e.amount) }));
        const sums = statementSums(amounts);
        const facts: StatementFacts = {
          statementStart: start,
          statementEnd: end,
          firstDate: sums.firstDate,
          lastDate: sums.lastDate,
          openingMinor: opening === null ? null : BigInt(opening),
          reportedClosingMinor: closing === null ? null : BigInt(closing),
          sequence: i,
        };
        const key = converting ? `${s.account_name}\u0000${own.code}` : s.account_name;
        currencyOf.set(key, own);
        const list = byName.get(key);
        if (list === undefined) byName.set(key, [{ facts, amounts }]);
        else list.push({ facts, amounts });
      });
      errors.throwIfAny();

      let excluded = 0;
      const accountsByName = new Map<string, AccountStatement[]>();
      for (const [name, sent] of byName) {
        const sums = statementSums(sent.flatMap((x) => x.amounts));
        const statements: AccountStatement[] = [];
        for (const { facts } of sent) {
          const statement = accountStatement(facts, (span) => ({
            totalMinor: sums.sumBetween(span.start, span.end),
            through: (date) => sums.sumBetween(span.start, date),
          }));
          if (statement === null) excluded += 1;
          else statements.push(statement);
        }
        if (statements.length > 0) accountsByName.set(name, statements);
      }
      if (input.conversion !== undefined) {
        return convertedReports().convertedNetWorth(
          input,
          input.conversion,
          currency,
          accountsByName,
          currencyOf,
          excluded,
          errors,
        );
      }

      const accounts: NetWorthAccount[] = [...accountsByName.entries()]
        .sort(([a], [b]) => compareCodePoints(a, b))
        .map(([name, statements]) => ({ name, statements }));
      return locateOverflow("/statements", () => {
        const result = netWorth(accounts, input.from, input.to);
        return formatNetWorth(currency.code, currency.scale, input.from, input.to, result, excluded);
      });
    },
  };
  return operation;
}
