/**
 * compileRules with a small memo of whole rule lists, as pattern-cache.ts keeps single patterns: the work bound
 * (transactions × conditions ≤ 5,000,000) makes a client send a long history in batches with the same rules, and a
 * dashboard posts the same list again and again; each of those requests after the first skips compiling the list
 * (its needle automata, indexes and matcher: 0.6–0.9 ms for the benchmark's 100 rules, about 2 % of a 50,000-
 * transaction request).
 *
 * A list is known by its JSON text (the validated rules, so two bodies that differ only in white space or member
 * order share it). Bounded: at most MAX_CACHED_LISTS lists (the least recently used goes first), each with at most
 * MAX_CACHED_TABLE_ENTRIES entries in its automata (4 bytes each) and a text of at most MAX_CACHED_KEY_CHARS; a larger
 * list is compiled for its request alone, as before.
 *
 * A compiled list holds scratch arrays and the texts its memos met (text-memo.ts, pattern-group.ts). Evaluation is
 * synchronous, so two requests never use one list at once, and its answers never depend on what it met before (a memo
 * only skips work). A request takes a list with withCompiledRules, which empties its memos when the request is done
 * with it (also when it throws), so no text of one request's transactions stays for the next.
 */
import { type CompiledRules, compileRules } from "./compile-rules.ts";
import type { Rule } from "./rule-schema.ts";

export const MAX_CACHED_LISTS = 4;
export const MAX_CACHED_TABLE_ENTRIES = 1 << 18;
export const MAX_CACHED_KEY_CHARS = 1 << 18;

/** By JSON text, least recently used first (a Map keeps insertion order). */
const cache = new Map<string, CompiledRules>();

/** Entries of every needle automaton a compiled list holds. */
export function tableEntriesOf(compiled: CompiledRules): number {
  let entries = compiled.descriptionAndText?.tableEntries ?? 0;
  for (const field of compiled.fields) entries += field.tableEntries;
  return entries;
}

/**
 * `use(compiled)` with the list compiled from `rules` (compileRulesCached), its memos of texts emptied once `use` is
 * done, whether it returned or threw: how a request takes a list that may be kept for later ones.
 */
export function withCompiledRules<T>(rules: readonly Rule[], use: (compiled: CompiledRules) => T): T {
  const compiled = compileRulesCached(rules);
  try {
    return use(compiled);
  } finally {
    for (const field of compiled.fields) field.forget();
  }
}

/** compileRules(rules), or the same list compiled for an earlier request (requests take it with withCompiledRules). */
export function compileRulesCached(rules: readonly Rule[]): CompiledRules {
  const key = JSON.stringify(rules);
  if (key.length > MAX_CACHED_KEY_CHARS) return compileRules(rules);
  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const compiled = compileRules(rules);
  if (tableEntriesOf(compiled) > MAX_CACHED_TABLE_ENTRIES) return compiled;
  cache.set(key, compiled);
  if (cache.size > MAX_CACHED_LISTS) cache.delete(cache.keys().next().value!);
  return compiled;
}
