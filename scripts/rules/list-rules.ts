/**
 * A user's stored rules as GET /v1/me/categorization/rules returns them: the registry's own operation
 * (list_categorization_rules) run over the rows read through the trusted connection, so the two cannot differ.
 */
import { type AccountData, createOperations } from "@pfa/core";
import type { CategorizationRuleRow } from "@pfa/core/contracts/account-data.ts";
import type { SqlClient } from "../db/sql-client.ts";

export async function storedRuleRows(db: SqlClient, userId: string): Promise<CategorizationRuleRow[]> {
  return await db.query<CategorizationRuleRow & Record<string, unknown>>(
    `select id::text as id, position, name, enabled, match, conditions, "set",
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
            to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at
     from public.categorization_rules where user_id = $1 order by position`,
    [userId],
  );
}

export async function listRules(db: SqlClient, userId: string): Promise<unknown> {
  const rows = await storedRuleRows(db, userId);
  const data = { categorizationRules: () => Promise.resolve(rows) } as unknown as AccountData;
  return await createOperations().byName.list_categorization_rules.run({}, { data, subject: userId });
}
