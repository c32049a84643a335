/**
 * A user's stored categorization rules (table categorization_rules, API.md §10.3), read through the trusted
 * connection in position order and compiled once for the import and the re-apply command. Each rule's `id` is its
 * stored UUID, so the engine's rule index gives the `category_rule_id` / `kind_rule_id` to store.
 */
import { type CompiledRules, compileRules, type Rule, validateRules } from "@pfa/core";
import type { ImportSql } from "../db/import-sql.ts";

export interface StoredRules {
  /** The rules in position order, as stored (id = the stored UUID). */
  readonly rules: readonly Rule[];
  readonly compiled: CompiledRules;
  /** Whether any rule is enabled (none: the engine is never called). */
  readonly anyEnabled: boolean;
}

interface RuleRow {
  id: string;
  name: string;
  enabled: boolean;
  match: "all" | "any";
  conditions: unknown;
  set: unknown;
  [key: string]: unknown;
}

export async function loadStoredRules(db: ImportSql, userId: string): Promise<StoredRules> {
  const rows = await db.query<RuleRow>(
    `select id::text as id, name, enabled, match, conditions, "set"
     from public.categorization_rules where user_id = $1 order by position`,
    [userId],
  );
  const json = rows.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    match: r.match,
    conditions: typeof r.conditions === "string" ? JSON.parse(r.conditions) : r.conditions,
    set: typeof r.set === "string" ? JSON.parse(r.set) : r.set,
  }));
  // The rules were validated when they were stored; validating again keeps anything else away from the compiler.
  const checked = validateRules(json);
  if (!checked.ok) {
    const first = checked.errors[0]!;
    throw new Error(`the stored categorization rules are invalid at ${first.pointer}: ${first.message}`);
  }
  return {
    rules: checked.rules,
    compiled: compileRules(checked.rules),
    anyEnabled: checked.rules.some((r) => r.enabled !== false),
  };
}
