/**
 * The CategorizationReport of format-categorization.ts written straight as the response body's UTF-8 bytes, in chunks,
 * equal to the UTF-8 of `JSON.stringify(formatCategorization(…))` (the tests hold the two together), without building
 * one object per transaction or one string of the whole. A row is its index, its id and a tail that depends only on
 * which rule (or the transaction itself, or the sign) decided its category and its kind: the tails repeat, so each is
 * encoded once and copied (json/utf8-writer.ts), with the next row's opening (`,{"index":`) at its end, which the
 * last row's takes back. The indexes come from a decimal counter (utf8-writer.ts newCounter). On 50,000 transactions
 * this takes a fraction of the objects' JSON.stringify, and the server has no 7.9 MB string to flatten and encode.
 */
import type { CategorizedColumns } from "../categorization/categorize-columns.ts";
import type { CompiledRules } from "../categorization/compile-rules.ts";
import type { Kind } from "../categorization/rule-schema.ts";
import {
  CHUNK_BYTES,
  encode,
  MAX_DIGITS,
  newChunk,
  newCounter,
  putBytes,
  putCounter,
  putText,
  stepCounter,
  utf8Bound,
} from "../json/utf8-writer.ts";
import { reportSummary, type ReportTransaction } from "./format-categorization.ts";

export function categorizationJson(
  compiled: CompiledRules,
  transactions: readonly ReportTransaction[],
  amountMinor: ArrayLike<number>,
  columns: CategorizedColumns,
): Uint8Array<ArrayBuffer>[] {
  const rules = compiled.rules;
  const ruleCount = rules.length;
  const { categoryRule, kindRule } = columns;
  // A kind's state: a rule's index, else KIND_STATES past the rules (the transaction's own kind, or the sign's).
  const kindStates = ruleCount + KIND_STATES.length;
  /**
   * Tails by category state (a rule's index, or ruleCount: none), then by kind state, each also after `"id":null,`:
   * arrays indexed by the states, made on first use (a map keyed by their product took a third of the report's time).
   */
  const tails = new Array<(Uint8Array | undefined)[] | undefined>(ruleCount + 1);
  const tailsAfterNullId = new Array<(Uint8Array | undefined)[] | undefined>(ruleCount + 1);
  /** Tails after an input category's JSON, by kind state. */
  const afterInputCategory = new Array<Uint8Array | undefined>(kindStates);
  /** `"category":` and an input category's JSON, by category. */
  const inputCategories = new Map<string, Uint8Array>();
  let categorized = 0;
  let byRule = 0;
  let kindByRule = 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let chunk = newChunk(0);
  let at = putBytes(chunk, 0, OPEN);
  if (transactions.length > 0) at = putBytes(chunk, at, FIRST_ROW);
  const counter = newCounter();
  for (let index = 0; index < transactions.length; index++) {
    const t = transactions[index]!;
    const c = categoryRule[index]!;
    const k = kindRule[index]!;
    let kindState: number;
    if (k >= 0) {
      kindState = k;
      kindByRule++;
    } else if (t.kind !== undefined && t.kind !== null) kindState = ruleCount + KIND_STATES.indexOf(t.kind);
    else kindState = ruleCount + (amountMinor[index]! > 0 ? INCOME : EXPENSE);
    const id = t.id;
    const idJson = id === undefined || id === null ? null : JSON.stringify(id);
    // The row after its index: its id (unless null, which the tail includes), the input category, the tail.
    let category: Uint8Array | null = null;
    let tail: Uint8Array | undefined;
    if (c < 0 && typeof t.category === "string" && t.category.length > 0) {
      categorized++;
      let own = inputCategories.get(t.category);
      if (own === undefined) inputCategories.set(t.category, own = encodeCategory(t.category));
      category = own;
      tail = afterInputCategory[kindState];
      if (tail === undefined) afterInputCategory[kindState] = tail = encodeTail(rules, -1, kindState, "input", false);
    } else {
      if (c >= 0) {
        categorized++;
        byRule++;
      }
      const categoryState = c >= 0 ? c : ruleCount;
      const cache = idJson === null ? tailsAfterNullId : tails;
      const byKind = cache[categoryState] ?? (cache[categoryState] = new Array<Uint8Array | undefined>(kindStates));
      tail = byKind[kindState];
      if (tail === undefined) byKind[kindState] = tail = encodeTail(rules, c, kindState, null, idJson === null);
    }
    const room = MAX_DIGITS + NULL_ID.length + (idJson === null ? 0 : utf8Bound(idJson)) +
      (category === null ? 0 : category.length) + tail.length;
    if (at >= CHUNK_BYTES || at + room > chunk.length) {
      chunks.push(chunk.subarray(0, at));
      chunk = newChunk(room);
      at = 0;
    }
    at = putCounter(chunk, at, counter);
    stepCounter(counter);
    if (idJson !== null) {
      at = putBytes(chunk, at, ID);
      at = putText(chunk, at, idJson);
      at = putBytes(chunk, at, COMMA);
    } else if (category !== null) at = putBytes(chunk, at, NULL_ID);
    if (category !== null) at = putBytes(chunk, at, category);
    at = putBytes(chunk, at, tail);
  }
  // The last row's tail ends with the opening of a row that does not follow: take it back (it is in this chunk).
  if (transactions.length > 0) at -= NEXT_ROW_TEXT.length; // ASCII: as many bytes as characters
  const summary = reportSummary(compiled, columns, transactions.length, categorized, byRule, kindByRule);
  const end = '],"rules":' + JSON.stringify(summary.rules) + ',"totals":' + JSON.stringify(summary.totals) + "}";
  if (at + utf8Bound(end) > chunk.length) {
    chunks.push(chunk.subarray(0, at));
    chunk = newChunk(utf8Bound(end));
    at = 0;
  }
  at = putText(chunk, at, end);
  chunks.push(chunk.subarray(0, at));
  return chunks;
}

const OPEN = encode('{"transactions":[');
const FIRST_ROW = encode('{"index":');
const NEXT_ROW_TEXT = ',{"index":';
const ID = encode(',"id":');
const NULL_ID = encode(',"id":null,');
const COMMA = encode(",");

/** The kinds a transaction may give itself, then the two the sign gives, in the order of the kind states. */
const KIND_STATES: readonly Kind[] = ["income", "expense", "transfer", "income", "expense"];
const INCOME = 3;
const EXPENSE = 4;

// The pieces a row's writing needs only when a cache has not got them yet: functions of their own, so that the
// optimized loop above is not thrown away the first time a late row needs a piece no earlier row needed.

/** `"category":` and the JSON of a transaction's own category, as UTF-8. */
function encodeCategory(category: string): Uint8Array {
  return encode('"category":' + JSON.stringify(category));
}

/**
 * A row's tail as UTF-8: after its id, its category (a rule's, or null, unless `input`: then it was written before),
 * then rowTail, then the next row's opening; with `nullId`, preceded by a null id.
 */
function encodeTail(
  rules: CompiledRules["rules"],
  categoryRule: number,
  kindState: number,
  input: "input" | null,
  nullId: boolean,
): Uint8Array {
  if (input !== null) return encode(rowTail(rules, rules.length, kindState, input) + NEXT_ROW_TEXT);
  const category = JSON.stringify(categoryRule >= 0 ? rules[categoryRule]!.category! : null);
  return encode(
    (nullId ? ',"id":null,' : "") + `"category":${category}${rowTail(rules, categoryRule, kindState, null)}` +
      NEXT_ROW_TEXT,
  );
}

/**
 * A row after its category's value: its kind, the category's source and rule, the kind's source and rule, and the
 * row's closing brace. `categoryRule`: the index of the rule that set the category (no rule did when it is not an
 * index of `rules`); `input`: the category is the transaction's own.
 */
function rowTail(
  rules: CompiledRules["rules"],
  categoryRule: number,
  kindState: number,
  input: "input" | null,
): string {
  const ruleCount = rules.length;
  const categoryByRule = input === null && categoryRule >= 0 && categoryRule < ruleCount;
  const kindByRule = kindState < ruleCount;
  const row = {
    kind: kindByRule ? rules[kindState]!.kind! : KIND_STATES[kindState - ruleCount]!,
    category_source: categoryByRule ? "rule" : input,
    category_rule_id: categoryByRule ? rules[categoryRule]!.id : null,
    kind_source: kindByRule ? "rule" : kindState - ruleCount < INCOME ? "input" : "default",
    kind_rule_id: kindByRule ? rules[kindState]!.id : null,
  };
  // `{"kind":…}` without its opening brace, after the category's member.
  return "," + JSON.stringify(row).slice(1);
}
