/**
 * `matches` patterns (API.md §10.1): compiled by re2js, a linear-time engine with RE2 syntax, case-insensitive, and
 * searched (not anchored). A backtracking `RegExp` never sees a caller's pattern. Back-references and look-around
 * are not RE2: re2js refuses them, and this module says so in plain words.
 */
import type { RE2JS } from "re2js";
import { re2 } from "./re2.ts";

/** A compiled pattern, or why it was refused (a sentence that follows the value's name). */
export type PatternResult = { ok: true; regex: RE2JS } | { ok: false; message: string };

/** The largest compiled program accepted: bounds the memory and the per-character work of one pattern. */
export const MAX_PROGRAM_SIZE = 20_000;

/** What a pattern uses that RE2 does not have, found by a scan that skips escaped characters. */
function unsupportedSyntax(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1];
      if (!inClass && next !== undefined && next >= "1" && next <= "9") return "a back-reference (`\\" + next + "`)";
      if (!inClass && next === "k" && pattern[i + 2] === "<") return "a named back-reference (`\\k<…>`)";
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") {
      inClass = true;
      if (pattern[i + 1] === "^") i++;
      if (pattern[i + 1] === "]") i++; // a leading ] is a literal
      continue;
    }
    if (c === "(" && pattern[i + 1] === "?") {
      const a = pattern[i + 2];
      const b = pattern[i + 3];
      if (a === "=") return "a look-ahead (`(?=…)`)";
      if (a === "!") return "a negative look-ahead (`(?!…)`)";
      if (a === "<" && b === "=") return "a look-behind (`(?<=…)`)";
      if (a === "<" && b === "!") return "a negative look-behind (`(?<!…)`)";
    }
  }
  return undefined;
}

/** Why a pattern is not RE2 (back-references, look-around), as a sentence after the value's name; else undefined. */
export function unsupportedPatternMessage(pattern: string): string | undefined {
  const unsupported = unsupportedSyntax(pattern);
  return unsupported === undefined ? undefined : `uses ${unsupported}, which RE2 syntax does not have: patterns ` +
    "run on a linear-time engine without back-references or look-around.";
}

/** Compiles `pattern` case-insensitively with RE2 syntax. */
export function compilePattern(pattern: string): PatternResult {
  const unsupported = unsupportedPatternMessage(pattern);
  if (unsupported !== undefined) return { ok: false, message: unsupported };
  const { RE2JS: Engine } = re2();
  let regex: RE2JS;
  try {
    regex = Engine.compile(pattern, Engine.CASE_INSENSITIVE);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : String(error);
    return { ok: false, message: `is not a valid RE2 pattern: ${detail}.` };
  }
  if (regex.programSize() > MAX_PROGRAM_SIZE) {
    return { ok: false, message: `compiles to a program too large to run (more than ${MAX_PROGRAM_SIZE} steps).` };
  }
  return { ok: true, regex };
}
