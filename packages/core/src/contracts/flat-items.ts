/**
 * The checking loop of the big arrays (transactions, contributions), zod-free: one loop shared by the zod schema's
 * fast `run` (fast-array.ts, which adds zod's issues for the items this loop refuses) and the zod-free acceptor
 * (accept-input.ts, which falls back to zod for them). An item passes when it is an object whose every key is a
 * known field with a valid value and which has every required field; only strings, numbers, null and (absent)
 * undefined values can be valid, so a passing item is flat, which the key count below relies on.
 *
 * Besides checking, the loop records the items' key count (json/counted-keys.ts) when every item passed and keeps the
 * first items alive (see retainShapes), for whichever of the two callers validated the array.
 */
import { recordKeyCount } from "../json/counted-keys.ts";
import { DATE_PATTERN_SOURCE } from "../problem/date-pattern.ts";
import { lengthForLimits } from "./character-count.ts";

/** One field of a flat item, compiled from the declared zod item schema (field-rules.ts). */
export type FieldRule =
  | {
    readonly type: "string";
    readonly optional?: boolean;
    readonly nullable?: boolean;
    readonly min?: number;
    readonly max?: number;
    readonly pattern?: RegExp;
    /** Message of a pattern mismatch when the schema sets one (zod `error` option). */
    readonly patternMessage?: string;
  }
  | { readonly type: "money"; readonly optional?: boolean }
  | { readonly type: "enum"; readonly optional?: boolean; readonly values: readonly string[] };

/**
 * `^\d{4}-\d{2}-\d{2}$` (the date fields' pattern) without a regular expression: ten characters, ASCII digits and
 * the two hyphens. The same answer as the pattern for every string (fast-array.test.ts), at a fraction of the cost.
 */
export function isDateShaped(s: string): boolean {
  if (s.length !== 10) return false;
  for (let i = 0; i < 10; i++) {
    const c = s.charCodeAt(i);
    if (i === 4 || i === 7 ? c !== 45 : c < 48 || c > 57) return false;
  }
  return true;
}

/** The source of the currency fields' pattern (primitives.ts CURRENCY_PATTERN, made from it). */
export const CURRENCY_PATTERN_SOURCE = "^[A-Za-z]{3}$";

/**
 * `^[A-Za-z]{3}$` (the currency fields' pattern) without a regular expression: three ASCII letters. The same answer
 * as the pattern for every string (flat-items.test.ts).
 */
export function isThreeLetters(s: string): boolean {
  if (s.length !== 3) return false;
  for (let i = 0; i < 3; i++) {
    // ASCII letters are A–Z and, 32 above them, a–z: setting bit 5 maps the first onto the second.
    const c = s.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) return false;
  }
  return true;
}

const MONEY = 0;
const ENUM = 1;
const STRING = 2;

const OTHER_PATTERN = 0;
const DATE_SHAPED = 1;
const THREE_LETTERS = 2;

/**
 * `valid(f, value)`: true exactly when field `f`'s rule accepts `value` (allocation-free). One function over
 * per-field tables, so its call site stays monomorphic whatever the field.
 */
function fastValidator(rules: readonly FieldRule[]): (f: number, value: unknown) => boolean {
  const kind = rules.map((r) => (r.type === "money" ? MONEY : r.type === "enum" ? ENUM : STRING));
  const optional = rules.map((r) => r.optional === true);
  const nullable = rules.map((r) => r.type === "string" && r.nullable === true);
  const min = rules.map((r) => (r.type === "string" ? r.min ?? 0 : 0));
  const max = rules.map((r) => (r.type === "string" ? r.max ?? Number.POSITIVE_INFINITY : 0));
  const pattern = rules.map((r) => (r.type === "string" ? r.pattern : undefined));
  const values = rules.map((r) => (r.type === "enum" ? r.values : []));
  // The patterns of every transaction (date, currency) are tested by hand, at a fraction of a regular expression's cost.
  const shape = pattern.map((p) =>
    p === undefined || p.flags !== ""
      ? OTHER_PATTERN
      : p.source === DATE_PATTERN_SOURCE
      ? DATE_SHAPED
      : p.source === CURRENCY_PATTERN_SOURCE
      ? THREE_LETTERS
      : OTHER_PATTERN
  );
  return (f, value) => {
    if (typeof value === "string") {
      const k = kind[f];
      if (k === MONEY) return true;
      if (k === ENUM) return values[f]!.includes(value);
      const lo = min[f]!;
      const hi = max[f]!;
      const n = lengthForLimits(value, lo, hi);
      if (n < lo || n > hi) return false;
      const p = pattern[f];
      if (p === undefined) return true;
      const known = shape[f];
      return known === DATE_SHAPED
        ? isDateShaped(value)
        : known === THREE_LETTERS
        ? isThreeLetters(value)
        : p.test(value);
    }
    if (value === undefined) return optional[f]!;
    if (typeof value === "number") return kind[f] === MONEY;
    return value === null && nullable[f]!;
  };
}

/** The compiled rules of one item schema: what checkFlatItems needs. */
export interface FlatItems {
  /** The field names, in the item schema's order. */
  readonly names: readonly string[];
  readonly rules: readonly FieldRule[];
  /** False when the item has more fields than the bit mask holds: then no item passes and callers check slowly. */
  readonly fastPath: boolean;
  readonly position: ReadonlyMap<string, number>;
  readonly requiredMask: number;
  readonly valid: (f: number, value: unknown) => boolean;
  /**
   * The keys of the last items checked, by position (one slot per field; undefined until one is seen there, never a
   * string, since any string, "" included, can be a member name), and their fields: itemKeys' scratch.
   */
  readonly lastKeys: (string | undefined)[];
  readonly lastFields: Int32Array;
}

/**
 * The compiled rules by their text: the zod schema (fast-array.ts) and the acceptor (accept-input.ts) compile the same
 * item rules separately, and sharing one compiled object gives the loop a single `valid` closure to call, so that its
 * call site stays monomorphic (inlined) whichever of the two validates the array.
 */
const compiledByRules = new Map<string, FlatItems>();

/** What decides `valid`: the rules without their messages, regular expressions as source and flags. */
function rulesKey(fields: Readonly<Record<string, FieldRule>>): string {
  return JSON.stringify(fields, (key, value) => {
    if (key === "patternMessage") return undefined;
    return value instanceof RegExp ? { regex: [value.source, value.flags] } : value;
  });
}

export function compileFlatItems(fields: Readonly<Record<string, FieldRule>>): FlatItems {
  const key = rulesKey(fields);
  let compiled = compiledByRules.get(key);
  if (compiled === undefined) {
    compiled = compile(fields);
    compiledByRules.set(key, compiled);
  }
  return compiled;
}

function compile(fields: Readonly<Record<string, FieldRule>>): FlatItems {
  const names = Object.keys(fields);
  const rules = names.map((name) => fields[name]!);
  let requiredMask = 0;
  rules.forEach((rule, f) => {
    if (rule.optional !== true) requiredMask |= 1 << f;
  });
  return {
    names,
    rules,
    fastPath: names.length <= 30,
    position: new Map(names.map((name, f) => [name, f])),
    requiredMask,
    valid: fastValidator(rules),
    lastKeys: names.map(() => undefined),
    lastFields: new Int32Array(names.length),
  };
}

/**
 * The number of keys of `item` when it passes, else -1: an object whose every key is a known field with a valid
 * value, with every required field. The one per-item test of both the loop below and the callers' slow paths.
 */
function itemKeys(
  compiled: FlatItems,
  valid: (f: number, value: unknown) => boolean,
  requiredMask: number,
  item: unknown,
): number {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return -1;
  const record = item as Record<string, unknown>;
  // The field of the k-th key is first looked up in the last item's keys: items mostly list their keys in the same
  // order, and comparing two member names (interned by JSON.parse) costs less than a map lookup.
  const lastKeys = compiled.lastKeys;
  const lastFields = compiled.lastFields;
  let seen = 0;
  let count = 0;
  for (const key in record) {
    let f: number | undefined;
    if (count < lastKeys.length && lastKeys[count] === key) f = lastFields[count]!;
    else {
      f = compiled.position.get(key);
      if (f === undefined) return -1;
      if (count < lastKeys.length) {
        lastKeys[count] = key;
        lastFields[count] = f;
      }
    }
    if (!valid(f, record[key])) return -1;
    seen |= 1 << f;
    count++;
  }
  return (seen & requiredMask) === requiredMask ? count : -1;
}

/**
 * The items' key count when every item passes (then recorded with recordKeyCount), else `-(i + 1)` where `i` is the
 * first item that does not. Either way the first items are kept alive (retainShapes).
 */
export function checkFlatItems(compiled: FlatItems, items: readonly unknown[]): number {
  const { valid, requiredMask } = compiled;
  let keys = 0;
  let failed = compiled.fastPath ? -1 : 0;
  if (failed < 0) {
    for (let i = 0; i < items.length; i++) {
      const n = itemKeys(compiled, valid, requiredMask, items[i]);
      if (n < 0) {
        failed = i;
        break;
      }
      keys += n;
    }
  }
  retainShapes(items);
  if (failed >= 0) return -(failed + 1);
  recordKeyCount(items, keys);
  return keys;
}

/** True when one item passes (for the slow path of fast-array.ts, past the first item that did not). */
export function flatItemPasses(compiled: FlatItems, item: unknown): boolean {
  return compiled.fastPath && itemKeys(compiled, compiled.valid, compiled.requiredMask, item) >= 0;
}

/**
 * The first items of the last array checked, and a copy of zod's parse payload that last carried one (the same
 * hidden class, holding only those items, not the whole array), kept alive on purpose. JSON.parse gives the items of
 * a body hidden classes (maps) of their key order; when every object of a map has died, a full GC clears the map and
 * V8 throws away the optimized code of every loop that embedded it (this loop, the operations' passes over the
 * transactions), which the next request then runs unoptimized until it is compiled again (about 1.7× the validation
 * and the cashflow pass of a 50,000-transaction request). A few live objects keep the common maps.
 */
let retained: readonly unknown[] = [];
let retainedPayload: unknown = undefined;
const RETAINED_ITEMS = 1024;

function retainShapes(items: readonly unknown[]): void {
  retained = items.length <= RETAINED_ITEMS ? items.slice() : items.slice(0, RETAINED_ITEMS);
}

/**
 * Keeps a copy of zod's parse `payload` alive, holding the retained items (fast-array.ts, after checkFlatItems). A
 * spread copy keeps the payload's hidden class; `value` and `issues` are replaced, so neither the request's array nor
 * its issues are kept.
 */
export function retainPayload(payload: object): void {
  retainedPayload = { ...payload, value: retained, issues: [] };
}

/** The items kept alive (tests). */
export function retainedItems(): readonly unknown[] {
  return retained;
}

/** The payload copy kept alive (tests). */
export function retainedPayloadCopy(): unknown {
  return retainedPayload;
}
