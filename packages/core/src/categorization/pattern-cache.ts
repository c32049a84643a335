/**
 * compilePattern with a bounded memo: validation and compilation of one request see each pattern twice, and a
 * stored rule list is compiled again for every import and read. At most MAX_CACHED patterns are kept; past that the
 * memo starts over (a pattern is at most 200 characters, so the memo's memory is bounded).
 */
import { compilePattern, type PatternResult } from "./compile-pattern.ts";

const MAX_CACHED = 1_000;
const cache = new Map<string, PatternResult>();

export function compilePatternCached(pattern: string): PatternResult {
  let result = cache.get(pattern);
  if (result === undefined) {
    result = compilePattern(pattern);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(pattern, result);
  }
  return result;
}
