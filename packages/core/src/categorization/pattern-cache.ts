/**
 * compilePattern with a bounded memo: a stored rule list is compiled again for every import and read, and a client
 * sends the same patterns again. Bounded by count and by the total size of the compiled programs (a pattern of 200
 * characters can compile to 20,000 steps, about 2 MB): past either bound the memo starts over.
 */
import { compilePattern, type PatternResult } from "./compile-pattern.ts";

const MAX_CACHED = 1_000;
const MAX_CACHED_PROGRAM = 500_000;
const cache = new Map<string, PatternResult>();
let cachedProgram = 0;

export function compilePatternCached(pattern: string): PatternResult {
  let result = cache.get(pattern);
  if (result === undefined) {
    result = compilePattern(pattern);
    const size = result.ok ? result.regex.programSize() : 0;
    if (cache.size >= MAX_CACHED || cachedProgram + size > MAX_CACHED_PROGRAM) {
      cache.clear();
      cachedProgram = 0;
    }
    cache.set(pattern, result);
    cachedProgram += size;
  }
  return result;
}
