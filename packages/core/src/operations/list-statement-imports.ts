import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { formatStatementImport } from "./format-statements.ts";

export function listStatementImportsOperation(schemas: Schemas) {
  const { pageDefault } = schemas.limits;
  const operation: AccountOperation<Schemas["statements"]["importsQuery"], Schemas["statements"]["importsPage"]> = {
    kind: "account",
    name: "list_statement_imports",
    method: "get",
    path: "/v1/me/statements/imports",
    tag: "Account",
    summary: "Your statement imports, newest first.",
    description: "Lists your statement imports, newest `imported_at` first (then `id` descending), one page at a " +
      `time (\`limit\` 1–${schemas.limits.pageMax}, default ${pageDefault}). Pass \`next_cursor\` as \`cursor\` ` +
      "for the next page (no filters today; a cursor is bound to the list's filters, as for transactions). Money is in each import's own currency. Requires a bearer token.",
    get input() {
      return schemas.statements.importsQuery;
    },
    get output() {
      return schemas.statements.importsPage;
    },
    async run(input, ctx) {
      const limit = input.limit ?? pageDefault;
      const position = input.cursor === undefined ? undefined : decodeCursor("imports", ctx.subject, {}, input.cursor);
      const rows = await ctx.data.statementImports(
        limit + 1,
        position === undefined ? undefined : { imported_at: position.key, id: position.id },
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        data: page.map(formatStatementImport),
        next_cursor: rows.length > limit && last !== undefined
          ? encodeCursor("imports", ctx.subject, {}, last.imported_at, last.id)
          : null,
      };
    },
  };
  return operation;
}
