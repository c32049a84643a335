/**
 * Row mappers of the categorization read functions (API.md §10.3, §10.4): `me_categorization_rules` and
 * `me_categorization_suggestion_inputs`, shared by both drivers like rows.ts.
 */
import type { CategorizationRuleRow, SuggestionInputRow } from "@pfa/core/contracts/account-data.ts";
import { UnexpectedDataError } from "./errors.ts";
import {
  direction,
  isoDate,
  nullableIsoDate,
  nullableSafeInteger,
  nullableText,
  rfc3339Utc,
  type Row,
  safeInteger,
  text,
  uuid,
} from "./values.ts";

function bad(field: string, expected: string): never {
  throw new UnexpectedDataError(`database column ${field}: expected ${expected}`);
}

/** A jsonb column: already parsed by both drivers; text is parsed here (a driver that returns jsonb as text). */
function json(row: Row, field: string): unknown {
  const value = row[field];
  if (typeof value === "string") {
    try {
      return JSON.parse(value);
    } catch {
      return bad(field, "JSON");
    }
  }
  return value === undefined ? bad(field, "JSON") : value;
}

export function toCategorizationRule(r: Row): CategorizationRuleRow {
  const enabled = r["enabled"];
  const match = r["match"];
  const conditions = json(r, "conditions");
  const set = json(r, "set");
  if (typeof enabled !== "boolean") bad("enabled", "a boolean");
  if (match !== "all" && match !== "any") bad("match", '"all" or "any"');
  if (!Array.isArray(conditions)) bad("conditions", "a JSON array");
  if (set === null || typeof set !== "object" || Array.isArray(set)) bad("set", "a JSON object");
  return {
    id: uuid(r, "id"),
    position: safeInteger(r, "position"),
    name: text(r, "name"),
    enabled,
    match,
    conditions,
    set,
    created_at: rfc3339Utc(r, "created_at"),
    updated_at: rfc3339Utc(r, "updated_at"),
  };
}

export function toSuggestionInput(r: Row): SuggestionInputRow {
  const kind = r["kind"];
  if (kind !== "candidate" && kind !== "history") bad("kind", '"candidate" or "history"');
  return {
    kind,
    key: text(r, "key"),
    direction: direction(r, "direction"),
    category: nullableText(r, "category"),
    date: kind === "history" ? isoDate(r, "date") : nullableIsoDate(r, "date"),
    id: r["id"] === null || r["id"] === undefined ? null : uuid(r, "id"),
    txn_count: nullableSafeInteger(r, "txn_count") ?? 0,
    rn: nullableSafeInteger(r, "rn"),
  };
}
