/**
 * Exact JSON body parsing. JSON.parse silently rounds number tokens it cannot represent (`0.1000000000000000055`,
 * `12345678901234567`) and accepts exponents (`1e3`) and duplicate keys (keeping the last value). This module
 * rejects all three instead, with the JSON pointer of each offending token.
 *
 * Decisions:
 * - A number token with an exponent is `exponent_not_allowed`; one with more than 15 significant digits (the most
 *   a double always round-trips) is `too_many_digits`, whatever field it is in. Decimal strings have no such limit.
 * - A duplicate object key is rejected (`duplicate_key`): silently keeping one of the values would drop data.
 *
 * - An object with more than MAX_OBJECT_MEMBERS members is refused (422 `too_many_items` at its pointer) before
 *   JSON.parse builds it: no object of the API has that many fields, and a 5 MiB object of unknown keys would
 *   otherwise cost tens of MB to build and a key-per-item error list to report.
 * - Arrays and objects nested more than MAX_DEPTH deep (422 `too_deep`), and member names longer than
 *   MAX_MEMBER_NAME_BYTES (422 `too_long`), are refused the same way, before JSON.parse. No body of the API
 *   nests deeper than about 8 or has a long member name, and every error item carries the JSON pointer of its value:
 *   with both bounded, a pointer is at most MAX_DEPTH × MAX_MEMBER_NAME_BYTES long, so 100 error items stay small.
 *   (Unbounded, a 2 MB body nested a million deep made 100 pointers of 2 MB each.)
 *
 * Cost: one pass over the UTF-8 bytes (before JSON.parse; 64 bytes at a time with WebAssembly SIMD for bodies of
 * SIMD_MIN_BYTES and more, json/structure-scan.ts), JSON.parse, and one walk counting the parsed keys (which skips
 * the arrays the fast array validator has already counted: json/counted-keys.ts).
 * Pointers are computed only when something is wrong (a second, slower pass over the text). A false alarm of the fast
 * pass (none is known) would only cost time: the slow pass decides. Past MAX_REPORTED_ERRORS items the slow pass
 * only counts.
 */
import type { ErrorItem } from "../problem/problem.ts";
import { jsonPointer } from "../problem/json-pointer.ts";
import { countKeys } from "./counted-keys.ts";
import { scanStructure } from "./structure-scan.ts";
import {
  InexactJsonError,
  InvalidJsonError,
  MAX_REPORTED_ERRORS,
  ValidationError,
} from "../problem/validation-error.ts";

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const LOWER_E = 101;
const UPPER_E = 69;
const PLUS = 43;
const MAX_SIGNIFICANT_DIGITS = 15;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** Most members one JSON object may have (no object of the API has more than a few dozen fields). */
export const MAX_OBJECT_MEMBERS = 1000;
/** Deepest nesting of arrays and objects (the deepest body of the API, an MCP batch of goal progress, is 8). */
export const MAX_DEPTH = 32;
/** Longest member name, in UTF-8 bytes as written in the body (escapes included). */
export const MAX_MEMBER_NAME_BYTES = 128;
/** Longest number token quoted in an error message; a longer one is cut, with an ellipsis. */
const MAX_QUOTED_TOKEN = 40;

/** Index of the quote closing the string whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  let j = text.indexOf('"', start + 1);
  while (j !== -1) {
    let backslashes = 0;
    for (let k = j - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if ((backslashes & 1) === 0) return j;
    j = text.indexOf('"', j + 1);
  }
  return text.length;
}

interface NumberToken {
  /** Index just after the token. */
  end: number;
  exponent: boolean;
  significant: number;
}

function readNumber(text: string, start: number, out: NumberToken): void {
  const n = text.length;
  let i = start;
  if (text.charCodeAt(i) === MINUS) i++;
  let significant = 0;
  let pendingZeros = 0;
  let seenNonZero = false;
  let exponent = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      if (c === ZERO) {
        if (seenNonZero) pendingZeros++;
      } else {
        significant += seenNonZero ? pendingZeros + 1 : 1;
        seenNonZero = true;
        pendingZeros = 0;
      }
      i++;
    } else if (c === DOT) {
      i++;
    } else if (c === LOWER_E || c === UPPER_E) {
      exponent = true;
      i++;
      const sign = text.charCodeAt(i);
      if (sign === PLUS || sign === MINUS) i++;
      while (i < n && text.charCodeAt(i) >= ZERO && text.charCodeAt(i) <= NINE) i++;
      break;
    } else break;
  }
  out.end = i;
  out.exponent = exponent;
  out.significant = significant;
}

/**
 * Parses a JSON request body exactly. Malformed JSON throws InvalidJsonError (400 `invalid_json`); exponents,
 * numbers with more than 15 significant digits and duplicate keys throw a ValidationError (422) whose items carry
 * the JSON pointer of each offending token.
 *
 * `utf8`, when given, must be the UTF-8 bytes `text` was decoded from (a leading BOM may be included); the fast
 * pass then scans them instead of encoding `text` again.
 */
export function parseJsonBody(text: string, utf8?: Uint8Array): unknown {
  const read = readExactJson(text, utf8);
  const problems = read.problems();
  if (problems !== undefined) throw problems;
  return read.value;
}

/** A body read by readExactJson: its value, and the exactness problems, decided when asked. */
export interface ExactJson {
  readonly value: unknown;
  /**
   * The body's exponents, over-long numbers and duplicate keys (an InexactJsonError), or undefined when it has none.
   * Ask after the schema's validation: the fast array validator records the keys it counted on the way
   * (json/counted-keys.ts), and the duplicate-key check then need not walk those arrays again.
   */
  problems(): InexactJsonError | undefined;
}

/**
 * parseJsonBody in two steps: malformed JSON and the structural refusals throw here, as there; the problems of
 * exactness are left to `problems()`, so that the schema's validation can count the keys of the big arrays first.
 */
export function readExactJson(text: string, utf8?: Uint8Array): ExactJson {
  const bytes = utf8 ?? encoder.encode(text);
  const scan = (bytes.length >= SIMD_MIN_BYTES ? scanStructure(bytes) : undefined) ?? scanNumbersAndKeys(bytes);
  if (scan.refused) throw structureProblem(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InvalidJsonError(`The request body is not valid JSON: ${reason}`);
  }
  return {
    value,
    problems() {
      if (!scan.suspicious && scan.colons === countKeys(value)) return undefined;
      const found = locateProblems(text);
      return found.total > 0 ? new InexactJsonError(found.items, found.total, value) : undefined;
    },
  };
}

/**
 * The 422 for the first structural refusal of the fast pass, in document order: an object with more than
 * MAX_OBJECT_MEMBERS members, nesting deeper than MAX_DEPTH, or a member name longer than MAX_MEMBER_NAME_BYTES.
 */
function structureProblem(text: string): ValidationError {
  const found = locateStructureProblem(text);
  const pointer = found?.pointer ?? "";
  const at = `\`${pointer || "/"}\``;
  const item: ErrorItem = found?.kind === "depth"
    ? {
      pointer,
      code: "too_deep",
      message: `${at} nests arrays and objects more than ${MAX_DEPTH} deep; no body of this API is that deep.`,
    }
    : found?.kind === "name"
    ? {
      pointer,
      code: "too_long",
      message: `${at} has a member name longer than ${MAX_MEMBER_NAME_BYTES} bytes; no field of this API has one.`,
    }
    : {
      pointer,
      code: "too_many_items",
      message: `${at} has more than ${MAX_OBJECT_MEMBERS} members; no object of this API has that many.`,
    };
  return new ValidationError([item]);
}

const encoder = new TextEncoder();

/**
 * Bodies from this size on are first scanned 64 bytes at a time (structure-scan.ts, WebAssembly SIMD: about a third of
 * the byte loop's time on the 100- and 50,000-transaction bodies); the byte loop reads the rest, and whatever the SIMD
 * pass leaves to it. Below it, a cold function's first small request does not compile the WebAssembly module.
 */
const SIMD_MIN_BYTES = 2048;

/**
 * What a byte starts, for the fast pass: most bytes start nothing it counts, and one table lookup says so. A quote,
 * the most frequent start, is tested before the lookup.
 */
const OTHER = 0;
const KEY = 2;
const NUMBER = 3;
const OBJECT_START = 4;
const OBJECT_END = 5;
const ARRAY_START = 6;
const ARRAY_END = 7;
const BYTE_KIND = new Uint8Array(256);
BYTE_KIND[COLON] = KEY;
BYTE_KIND[MINUS] = NUMBER;
BYTE_KIND[OPEN_BRACE] = OBJECT_START;
BYTE_KIND[CLOSE_BRACE] = OBJECT_END;
BYTE_KIND[OPEN_BRACKET] = ARRAY_START;
BYTE_KIND[CLOSE_BRACKET] = ARRAY_END;
for (let d = ZERO; d <= NINE; d++) BYTE_KIND[d] = NUMBER;

/**
 * The fast pass: over the UTF-8 bytes (a typed-array loop is markedly faster than charCodeAt; multi-byte
 * characters never contain quote, backslash or ASCII bytes, so the state machine is exact), counts the colons
 * outside strings (one per object key) and tells whether any number token has an exponent or more than 15
 * significant digits, and whether it must be refused: an object with more than MAX_OBJECT_MEMBERS members (a colon
 * belongs to the innermost open object: a stack of member counts, one per open object), nesting deeper than
 * MAX_DEPTH, or a member name (the string before a colon) longer than MAX_MEMBER_NAME_BYTES. Runs before JSON.parse,
 * on text that may not be JSON at all: it always ends, and its answer then only decides which error comes first.
 * (Exported for structure-scan.test.ts, which holds the SIMD pass to this loop's answers.)
 */
export function scanNumbersAndKeys(bytes: Uint8Array): { colons: number; suspicious: boolean; refused: boolean } {
  const n = bytes.length;
  let colons = 0;
  let suspicious = false;
  const members: number[] = [];
  let depth = 0;
  /** Open arrays and objects. */
  let nesting = 0;
  /** Bytes between the quotes of the last string: a member name when a colon follows. */
  let lastString = 0;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b === QUOTE) {
      // A run of strings joined by single colons and commas (`"key":"value","key":…`, most of a compact body) is
      // read in this inner loop, without going back to the dispatch below between them: the same steps in the same
      // order (a colon counts and checks as below, a comma is skipped), with fewer and better-predicted branches
      // (the pass takes 8-15% less time on the 50k cashflow and categorize bodies).
      for (;;) {
        const start = ++i;
        while (i < n) {
          const d = bytes[i]!;
          if (d === QUOTE) break;
          i += d === BACKSLASH ? 2 : 1;
        }
        lastString = i - start;
        let next = bytes[++i];
        if (next === COLON) {
          colons++;
          if (lastString > MAX_MEMBER_NAME_BYTES) return { colons, suspicious, refused: true };
          if (depth > 0 && ++members[depth - 1]! > MAX_OBJECT_MEMBERS) return { colons, suspicious, refused: true };
          next = bytes[++i];
        } else if (next === COMMA) {
          next = bytes[++i];
        } else break;
        if (next !== QUOTE) break;
      }
      continue;
    }
    const kind = BYTE_KIND[b]!;
    if (kind === OTHER) {
      i++;
    } else if (kind === KEY) {
      colons++;
      if (lastString > MAX_MEMBER_NAME_BYTES) return { colons, suspicious, refused: true };
      if (depth > 0 && ++members[depth - 1]! > MAX_OBJECT_MEMBERS) return { colons, suspicious, refused: true };
      i++;
    } else if (kind === OBJECT_START) {
      if (++nesting > MAX_DEPTH) return { colons, suspicious, refused: true };
      members[depth++] = 0;
      i++;
    } else if (kind === OBJECT_END) {
      if (depth > 0) depth--;
      if (nesting > 0) nesting--;
      i++;
    } else if (kind === ARRAY_START) {
      if (++nesting > MAX_DEPTH) return { colons, suspicious, refused: true };
      i++;
    } else if (kind === ARRAY_END) {
      if (nesting > 0) nesting--;
      i++;
    } else {
      if (bytes[i] === MINUS) i++;
      let significant = 0;
      let pendingZeros = 0;
      let seenNonZero = false;
      while (i < n) {
        const d = bytes[i]!;
        if (d >= ZERO && d <= NINE) {
          if (d === ZERO) {
            if (seenNonZero) pendingZeros++;
          } else {
            significant += seenNonZero ? pendingZeros + 1 : 1;
            seenNonZero = true;
            pendingZeros = 0;
          }
        } else if (d === LOWER_E || d === UPPER_E) {
          suspicious = true;
        } else if (d !== DOT && d !== PLUS && d !== MINUS) {
          break;
        }
        i++;
      }
      if (significant > MAX_SIGNIFICANT_DIGITS) suspicious = true;
    }
  }
  return { colons, suspicious, refused: false };
}

/**
 * The slow path of the fast pass's refusals: walks the text with the path and returns the first structural problem
 * in document order (the one the fast pass stopped at) and its pointer: an object with more than MAX_OBJECT_MEMBERS
 * members (its pointer), an array or object opened deeper than MAX_DEPTH (its pointer), or a member name longer than
 * MAX_MEMBER_NAME_BYTES (the pointer of its object). The path never grows past MAX_DEPTH frames, and every name in
 * it is short, so the pointer stays small.
 */
function locateStructureProblem(text: string): { kind: "members" | "depth" | "name"; pointer: string } | null {
  const stack: { array: boolean; index: number; key: string; expectKey: boolean; members: number }[] = [];
  const pointerOf = (frames: typeof stack) => jsonPointer(frames.map((f) => (f.array ? f.index : f.key)));
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (top !== undefined && !top.array && top.expectKey) {
        if (encoder.encode(text.slice(i + 1, end)).length > MAX_MEMBER_NAME_BYTES) {
          return { kind: "name", pointer: pointerOf(stack.slice(0, -1)) };
        }
        top.key = memberName(text, i, end);
        top.expectKey = false;
        if (++top.members > MAX_OBJECT_MEMBERS) return { kind: "members", pointer: pointerOf(stack.slice(0, -1)) };
      }
      i = end + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (stack.length === MAX_DEPTH) return { kind: "depth", pointer: pointerOf(stack) };
      stack.push({ array: c !== OPEN_BRACE, index: 0, key: "", expectKey: c === OPEN_BRACE, members: 0 });
      i++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      stack.pop();
      i++;
    } else if (c === 44 /* , */) {
      if (top !== undefined) {
        if (top.array) top.index++;
        else top.expectKey = true;
      }
      i++;
    } else i++;
  }
  return null;
}

/**
 * The member name whose quotes are at `start` and `end`, for a pointer of locateStructureProblem. That walk runs on
 * text JSON.parse has not read, so the name may be malformed (`"\x"`, or cut off by the end of the text): then it is
 * the characters between the quotes as written, so that the refusal is still answered (a JSON.parse error here was a
 * 500).
 */
function memberName(text: string, start: number, end: number): string {
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    return text.slice(start + 1, end);
  }
}

/** A number token as quoted in a message: cut to MAX_QUOTED_TOKEN characters. */
function quoted(token: string): string {
  return token.length > MAX_QUOTED_TOKEN ? `${token.slice(0, MAX_QUOTED_TOKEN)}…` : token;
}

interface Frame {
  readonly array: boolean;
  index: number;
  key: string;
  expectKey: boolean;
  readonly keys: Set<string> | null;
}

/**
 * Slow path: walks the (valid) JSON text again, tracking the path, and lists the offending tokens (the first
 * MAX_REPORTED_ERRORS; the rest are only counted).
 */
function locateProblems(text: string): { items: ErrorItem[]; total: number } {
  const items: ErrorItem[] = [];
  let total = 0;
  const stack: Frame[] = [];
  const token: NumberToken = { end: 0, exponent: false, significant: 0 };
  /** Pointer of the current value, or (with `key`) of a key of the innermost object. */
  const path = (key?: string): string => {
    const frames = key === undefined ? stack : stack.slice(0, -1);
    const segments: (string | number)[] = frames.map((f) => (f.array ? f.index : f.key));
    if (key !== undefined) segments.push(key);
    return jsonPointer(segments);
  };
  const full = () => items.length >= MAX_REPORTED_ERRORS;
  const add = (item: () => ErrorItem) => {
    total++;
    if (!full()) items.push(item());
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (top !== undefined && !top.array && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys!.has(key)) {
          add(() => {
            const pointer = path(key);
            return { pointer, code: "duplicate_key", message: `\`${pointer}\` appears more than once in its object.` };
          });
        }
        top.keys!.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end + 1;
    } else if (c === 123 /* { */) {
      stack.push({ array: false, index: 0, key: "", expectKey: true, keys: new Set() });
      i++;
    } else if (c === 91 /* [ */) {
      stack.push({ array: true, index: 0, key: "", expectKey: false, keys: null });
      i++;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      i++;
    } else if (c === 44 /* , */) {
      if (top !== undefined) {
        if (top.array) top.index++;
        else top.expectKey = true;
      }
      i++;
    } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
      readNumber(text, i, token);
      const start = i;
      if (token.exponent) {
        add(() => {
          const pointer = path();
          const raw = quoted(text.slice(start, token.end));
          return {
            pointer,
            code: "exponent_not_allowed",
            message: `\`${pointer || "/"}\` is written with an exponent (${raw}); write numbers as plain decimals.`,
          };
        });
      } else if (token.significant > MAX_SIGNIFICANT_DIGITS) {
        add(() => {
          const pointer = path();
          const raw = quoted(text.slice(start, token.end));
          return {
            pointer,
            code: "too_many_digits",
            message: `\`${pointer || "/"}\` has more than ${MAX_SIGNIFICANT_DIGITS} significant digits (${raw}) ` +
              "and cannot be read exactly as a JSON number; send it as a decimal string.",
          };
        });
      }
      i = token.end;
    } else i++;
  }
  return { items, total };
}
