import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { ValidationError } from "../problem/validation-error.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { formatStatementTransaction } from "./format-statements.ts";

export function listStatementTransactionsOperation(schemas: Schemas) {
  const { pageDefault } = schemas.limits;
  const operation: AccountOperation<
    Schemas["statements"]["transactionsQuery"],
    Schemas["statements"]["transactionsPage"]
  > = {
    kind: "account",
    name: "list_statement_transactions",
    method: "get",
    path: "/v1/me/statements/transactions",
    tag: "Account",
    summary: "Your statement transactions, newest first, with optional filters.",
    description: "Lists your statement transactions, `date` descending then `id` descending, one page at a time " +
      `(\`limit\` 1–${schemas.limits.pageMax}, default ${pageDefault}). Optional filters: \`statement_import_id\`, ` +
      "`from`/`to` (inclusive dates), `category` (exact match) and `kind`. Pass `next_cursor` as `cursor` with " +
      "the same filters for the next page: a cursor carries a fingerprint of the filters it was issued for, and a " +
      "cursor sent with other filters (one added, dropped or changed; their order does not matter) is refused " +
      "with 422 `validation_failed`, whose `errors[]` names parameter `cursor` with code `invalid_cursor`. " +
      "Money is in each transaction's own currency. Requires a bearer token.",
    get input() {
      return schemas.statements.transactionsQuery;
    },
    get output() {
      return schemas.statements.transactionsPage;
    },
    async run(input, ctx) {
      if (input.from !== undefined && input.to !== undefined && input.to < input.from) {
        throw new ValidationError([{
          parameter: "to",
          code: "invalid_range",
          message: `Parameter \`to\` (${input.to}) is before \`from\` (${input.from}).`,
        }]);
      }
      const limit = input.limit ?? pageDefault;
      const filters = {
        statement_import_id: input.statement_import_id,
        from: input.from,
        to: input.to,
        category: input.category,
        kind: input.kind,
      };
      const position = input.cursor === undefined
        ? undefined
        : decodeCursor("transactions", ctx.subject, filters, input.cursor);
      const rows = await ctx.data.statementTransactions({
        limit: limit + 1,
        after: position === undefined ? undefined : { date: position.key, id: position.id },
        ...filters,
      });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        data: page.map(formatStatementTransaction),
        next_cursor: rows.length > limit && last !== undefined
          ? encodeCursor("transactions", ctx.subject, filters, last.date, last.id)
          : null,
      };
    },
  };
  return operation;
}
