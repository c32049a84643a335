/**
 * Replaces a user's whole ordered rule list (API.md §10.3) in the caller's transaction: rules whose id is not in the
 * new list are deleted; the others are inserted or updated at their new position (the position key is deferred to
 * the commit). Ids are stored as UUID v5 of the file's id in the user's namespace (storedRuleId), so a rule that
 * keeps its id keeps its UUID, its created_at, and its updated_at when nothing of it changed. `name` defaults to
 * the id; conditions and set are stored as validated.
 */
import { type Rule, storedRuleId } from "@pfa/core";
import type { SqlClient } from "../db/sql-client.ts";

export interface StoredCounts {
  readonly stored: number;
  readonly deleted: number;
}

export async function replaceRules(tx: SqlClient, userId: string, rules: readonly Rule[]): Promise<StoredCounts> {
  // One writer per user at a time: a concurrent --set waits for this one's commit.
  await tx.query("select pg_advisory_xact_lock(hashtextextended('categorization_rules:' || $1::text, 0))", [userId]);
  const rows = rules.map((rule, position) => ({
    id: storedRuleId(userId, rule.id),
    position,
    name: rule.name ?? rule.id,
    enabled: rule.enabled ?? true,
    match: rule.match ?? "all",
    conditions: rule.conditions,
    set: rule.set,
  }));
  const deleted = await tx.query(
    `delete from public.categorization_rules
     where user_id = $1 and not (id = any ($2::text::uuid[])) returning id`,
    [userId, `{${rows.map((r) => r.id).join(",")}}`],
  );
  if (rows.length > 0) {
    await tx.query(
      `insert into public.categorization_rules as r (user_id, id, position, name, enabled, match, conditions, "set")
       select $1, n.id, n.position, n.name, n.enabled, n.match, n.conditions, n."set"
       from jsonb_to_recordset($2::text::jsonb) as n(id uuid, position integer, name text, enabled boolean, match text,
         conditions jsonb, "set" jsonb)
       on conflict (user_id, id) do update
         set position = excluded.position, name = excluded.name, enabled = excluded.enabled, match = excluded.match,
             conditions = excluded.conditions, "set" = excluded."set",
             updated_at = case
               when (r.name, r.enabled, r.match, r.conditions, r."set")
                 is distinct from (excluded.name, excluded.enabled, excluded.match, excluded.conditions, excluded."set")
               then now() else r.updated_at end`,
      [userId, JSON.stringify(rows)],
    );
  }
  return { stored: rows.length, deleted: deleted.length };
}
