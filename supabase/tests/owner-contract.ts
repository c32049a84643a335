/**
 * The AccountData contract (the in-memory implementation) over one user's raw statement rows, read as the owner:
 * the reference the SQL read functions and views are compared with, built without the code under test.
 */
import type { StatementImportRow } from "../../packages/core/src/contracts/account-data.ts";
import { InMemoryAccountData, type StoredTransaction } from "../../packages/core/src/testing/in-memory-account-data.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import { toStatementImport, toStatementTransaction } from "../functions/v1/data/rows.ts";
import type { Row } from "../functions/v1/data/values.ts";

export async function ownerContract(client: SqlClient, userId: string): Promise<InMemoryAccountData> {
  const imports = await client.query<{ row: Row }>(
    "select to_jsonb(i) as row from public.statement_imports i where user_id = $1",
    [userId],
  );
  const txs = await client.query<{ row: Row }>(
    `select to_jsonb(t) - 'kind' || jsonb_build_object('kind', t.effective_kind) as row
     from public.statement_transactions t where user_id = $1`,
    [userId],
  );
  return new InMemoryAccountData({
    imports: imports.map((r): StatementImportRow => toStatementImport(r.row)),
    transactions: txs.map((r): StoredTransaction => toStatementTransaction(r.row)),
  });
}
