/**
 * Re-applies a user's stored rules to their stored transactions (API.md §10.3), in the caller's transaction, through
 * the importer's LineCategorizer (the one evaluator of @pfa/core, with the same inputs the import gave it):
 *
 * - a category or kind that came from the file is given to the rules as the transaction's own (kept unless
 *   `overwrite`); one a rule set, or none, is not: it is recomputed, so an edited or deleted rule's work is undone;
 * - rows whose stored values or sources differ are updated in one UPDATE per batch, so the rollups' statement-level
 *   triggers keep every aggregate exact; nothing is written on a dry run;
 * - `changed` counts the rows whose category value or effective kind changes, credited per rule to the rule that
 *   now decides the value (none when no rule does). Running it twice changes nothing the second time.
 */
import { currencyScale } from "@pfa/core";
import { LineCategorizer, loadStoredRules } from "@pfa/importer";
import type { SqlClient } from "../db/sql-client.ts";

export interface ReapplyOptions {
  readonly from: string | null;
  readonly to: string | null;
  readonly dryRun: boolean;
  readonly overwrite: boolean;
}

export interface ReapplySummary {
  dry_run: boolean;
  transaction_count: number;
  changed: { category: number; kind: number };
  rules: { id: string; category_changed: number; kind_changed: number }[];
}

interface StoredRow {
  id: string;
  date: string;
  description: string | null;
  counterparty: string | null;
  amount_minor: number | bigint | string;
  currency: string;
  category: string | null;
  kind: "income" | "expense" | "transfer" | null;
  category_source: "file" | "rule" | null;
  category_rule_id: string | null;
  kind_source: "file" | "rule" | "default";
  kind_rule_id: string | null;
  account_name: string;
  [key: string]: unknown;
}

const PAGE = 20_000;

const effectiveKind = (kind: string | null, amount: number) => kind ?? (amount > 0 ? "income" : "expense");

export async function reapplyRules(tx: SqlClient, userId: string, options: ReapplyOptions): Promise<ReapplySummary> {
  // The same lock as `npm run rules -- --set`: the rules cannot change under a re-apply.
  await tx.query("select pg_advisory_xact_lock(hashtextextended('categorization_rules:' || $1::text, 0))", [userId]);
  const stored = await loadStoredRules(tx, userId);
  const categorizer = new LineCategorizer(stored, options.overwrite);
  const counts = new Map(stored.rules.map((r) => [r.id, { id: r.id, category_changed: 0, kind_changed: 0 }]));
  const summary: ReapplySummary = {
    dry_run: options.dryRun,
    transaction_count: 0,
    changed: { category: 0, kind: 0 },
    rules: [...counts.values()],
  };
  let after: { date: string; id: string } | null = null;
  for (;;) {
    const rows: StoredRow[] = await tx.query<StoredRow>(
      `select t.id::text as id, t.date::text as date, t.description, t.counterparty, t.amount_minor::text as amount_minor,
              t.currency, t.category, t.kind, t.category_source, t.category_rule_id::text as category_rule_id,
              t.kind_source, t.kind_rule_id::text as kind_rule_id, i.account_name
       from public.statement_transactions t
       join public.statement_imports i on i.user_id = t.user_id and i.id = t.statement_import_id
       where t.user_id = $1
         and ($2::date is null or t.date >= $2::date) and ($3::date is null or t.date <= $3::date)
         and ($4::date is null or (t.date, t.id) < ($4::date, $5::uuid))
       order by t.date desc, t.id desc
       limit ${PAGE}`,
      [userId, options.from, options.to, after?.date ?? null, after?.id ?? null],
    );
    if (rows.length === 0) break;
    after = { date: rows[rows.length - 1]!.date, id: rows[rows.length - 1]!.id };
    const updates: Record<string, unknown>[] = [];
    for (const row of rows) {
      summary.transaction_count++;
      const amount = Number(row.amount_minor);
      const scale = currencyScale(row.currency);
      if (scale === undefined) throw new Error(`stored transaction ${row.id} has an unknown currency ${row.currency}`);
      // What the file gave: a stored value whose source is not a rule.
      const fileCategory = row.category !== null && row.category_source !== "rule" ? row.category : null;
      const fileKind = row.kind !== null && row.kind_source !== "rule" ? row.kind : null;
      const next = categorizer.apply({
        description: row.description,
        counterparty: row.counterparty,
        account: row.account_name,
        amountMinor: amount,
        scale,
        category: fileCategory,
        kind: fileKind,
      });
      const categoryChanged = next.category !== row.category;
      const kindChanged = effectiveKind(next.kind, amount) !== effectiveKind(row.kind, amount);
      if (categoryChanged) {
        summary.changed.category++;
        if (next.categoryRuleId !== null) counts.get(next.categoryRuleId)!.category_changed++;
      }
      if (kindChanged) {
        summary.changed.kind++;
        if (next.kindRuleId !== null) counts.get(next.kindRuleId)!.kind_changed++;
      }
      if (
        categoryChanged || next.kind !== row.kind || next.categorySource !== row.category_source ||
        next.categoryRuleId !== row.category_rule_id || next.kindSource !== row.kind_source ||
        next.kindRuleId !== row.kind_rule_id
      ) {
        updates.push({
          id: row.id,
          category: next.category,
          kind: next.kind,
          category_source: next.categorySource,
          category_rule_id: next.categoryRuleId,
          kind_source: next.kindSource,
          kind_rule_id: next.kindRuleId,
        });
      }
    }
    if (!options.dryRun && updates.length > 0) {
      await tx.query(
        `update public.statement_transactions as t
         set category = n.category, kind = n.kind, category_source = n.category_source,
             category_rule_id = n.category_rule_id, kind_source = n.kind_source, kind_rule_id = n.kind_rule_id
         from jsonb_to_recordset($2::text::jsonb) as n(id uuid, category text, kind text, category_source text,
           category_rule_id uuid, kind_source text, kind_rule_id uuid)
         where t.user_id = $1 and t.id = n.id`,
        [userId, JSON.stringify(updates)],
      );
    }
    if (rows.length < PAGE) break;
  }
  return summary;
}
