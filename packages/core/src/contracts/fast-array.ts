/**
 * A fast validator for the big arrays (transactions, contributions). zod validates 50,000 strict objects at about
 * 1.5× the cost of JSON.parse; this hand-written loop does the same checks in a fraction of that. It is installed
 * as the `run` of the array schema, so the schema (and its JSON Schema / OpenAPI rendering) stays the declared zod
 * one, and it reports the issues zod would report (same codes, paths and parameters; problemFromZodError maps
 * them). contracts/fast-array.test.ts checks that equivalence against the plain zod schema on random inputs.
 *
 * The field rules are compiled from the declared item schema (field-rules.ts), never written by hand. Supported
 * rules are exactly the ones the item schemas use: strings (length in characters, pattern), money (string or
 * number), enums; optional and nullable. The item's output equals its input (no transforms), so valid items are
 * passed through unchanged.
 */
import type { z } from "zod";
import { recordKeyCount } from "../json/counted-keys.ts";
import { DATE_PATTERN_SOURCE } from "../problem/from-zod.ts";
import { arrayParts, fieldRulesOf } from "./field-rules.ts";
import { lengthForLimits } from "./primitives.ts";

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

type RawIssue = Record<string, unknown> & { path: PropertyKey[]; code: string; message: string };

function typeOfInput(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

type Check = (value: unknown, index: number, issues: RawIssue[]) => void;

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

const MONEY = 0;
const ENUM = 1;
const STRING = 2;

/**
 * `valid(f, value)`: true exactly when field `f`'s Check would report nothing for `value` (the allocation-free fast
 * path). One function over per-field tables, so its call site stays monomorphic whatever the field.
 */
function fastValidator(rules: readonly FieldRule[]): (f: number, value: unknown) => boolean {
  const kind = rules.map((r) => (r.type === "money" ? MONEY : r.type === "enum" ? ENUM : STRING));
  const optional = rules.map((r) => r.optional === true);
  const nullable = rules.map((r) => r.type === "string" && r.nullable === true);
  const min = rules.map((r) => (r.type === "string" ? r.min ?? 0 : 0));
  const max = rules.map((r) => (r.type === "string" ? r.max ?? Number.POSITIVE_INFINITY : 0));
  const pattern = rules.map((r) => (r.type === "string" ? r.pattern : undefined));
  const values = rules.map((r) => (r.type === "enum" ? r.values : []));
  const dateShaped = pattern.map((p) => p !== undefined && p.source === DATE_PATTERN_SOURCE && p.flags === "");
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
      return p === undefined || (dateShaped[f]! ? isDateShaped(value) : p.test(value));
    }
    if (value === undefined) return optional[f]!;
    if (typeof value === "number") return kind[f] === MONEY;
    return value === null && nullable[f]!;
  };
}

/** Compiles one field rule into a monomorphic check; issue objects (and their paths) are built only on failure. */
function compile(rule: FieldRule, key: string): Check {
  const optional = rule.optional === true;
  const missing = (index: number, issues: RawIssue[]) => {
    const path = [index, key];
    if (rule.type === "money") {
      issues.push({ code: "invalid_union", errors: [], path, message: "Invalid input", input: undefined });
    } else if (rule.type === "enum") {
      issues.push({
        code: "invalid_value",
        values: [...rule.values],
        path,
        message: "Invalid option",
        input: undefined,
      });
    } else {
      issues.push({
        code: "invalid_type",
        expected: "string",
        path,
        message: "Invalid input: expected string, received undefined",
      });
    }
  };
  switch (rule.type) {
    case "money":
      return (value, index, issues) => {
        if (typeof value === "string" || typeof value === "number") return;
        if (value === undefined) {
          if (!optional) missing(index, issues);
          return;
        }
        issues.push({ code: "invalid_union", errors: [], path: [index, key], message: "Invalid input", input: value });
      };
    case "enum": {
      const values = rule.values;
      return (value, index, issues) => {
        if (value === undefined) {
          if (!optional) missing(index, issues);
          return;
        }
        if (typeof value === "string" && values.includes(value)) return;
        issues.push({
          code: "invalid_value",
          values: [...values],
          path: [index, key],
          message: "Invalid option",
          input: value,
        });
      };
    }
    case "string": {
      const nullable = rule.nullable === true;
      const min = rule.min ?? 0;
      const max = rule.max ?? Number.POSITIVE_INFINITY;
      const pattern = rule.pattern;
      const patternMessage = rule.patternMessage ?? `Invalid string: must match pattern ${String(pattern)}`;
      return (value, index, issues) => {
        if (typeof value === "string") {
          const n = lengthForLimits(value, min, max);
          if (n >= min && n <= max && (pattern === undefined || pattern.test(value))) return;
          if (n < min) {
            issues.push({
              code: "too_small",
              origin: "string",
              minimum: min,
              inclusive: true,
              path: [index, key],
              message: "Too small",
              input: value,
            });
          }
          if (n > max) {
            issues.push({
              code: "too_big",
              origin: "string",
              maximum: max,
              inclusive: true,
              path: [index, key],
              message: "Too big",
              input: value,
            });
          }
          if (pattern !== undefined && !pattern.test(value)) {
            issues.push({
              code: "invalid_format",
              format: "regex",
              pattern: String(pattern),
              path: [index, key],
              message: patternMessage,
              input: value,
            });
          }
          return;
        }
        if (value === undefined) {
          if (!optional) missing(index, issues);
          return;
        }
        if (value === null && nullable) return;
        issues.push({
          code: "invalid_type",
          expected: "string",
          path: [index, key],
          message: `Invalid input: expected string, received ${typeOfInput(value)}`,
          input: value,
        });
      };
    }
  }
}

/**
 * The first items of the last array validated, and a copy of zod's parse payload that carried it (the same hidden class,
 * holding only those items, not the whole array), kept alive on purpose. JSON.parse
 * gives the items of a body hidden classes (maps) of their key order; when every object of a map has died, a full GC
 * clears the map and V8 throws away the optimized code of every loop that embedded it (this validator, the operations'
 * passes over the transactions), which the next request then runs unoptimized until it is compiled again (about 1.7×
 * the validation and the cashflow pass of a 50,000-transaction request). A few live objects keep the common maps.
 */
let retained: readonly unknown[] = [];
let retainedPayload: unknown = undefined;
const RETAINED_ITEMS = 1024;

function retainShapes(items: readonly unknown[], payload: unknown): void {
  retained = items.length <= RETAINED_ITEMS ? items.slice() : items.slice(0, RETAINED_ITEMS);
  // A spread copy keeps the payload's hidden class; `value` and `issues` are replaced, so neither the request's array
  // nor its issues are kept.
  retainedPayload = { ...(payload as object), value: retained, issues: [] };
}

/** The items kept alive by retainShapes (tests). */
export function retainedItems(): readonly unknown[] {
  return retainedPayload === undefined ? [] : retained;
}

/**
 * Replaces the parse of `schema` (a `z.array(z.strictObject(...)).max(maxItems)`) with the loop, its field rules
 * compiled from the item schema (field-rules.ts; an unsupported rule throws here, at start-up).
 */
export function withFastArrayParse<T extends z.ZodType>(schema: T): T {
  const { item, maxItems } = arrayParts(schema);
  const fields: Readonly<Record<string, FieldRule>> = fieldRulesOf(item);
  const names = Object.keys(fields);
  const checks = names.map((name) => compile(fields[name]!, name));
  const fieldCount = names.length;
  const known = new Set(names);
  // Fast path per item: one walk over its keys, each known and valid, and every required field seen. Any other
  // item takes the checks below, which build the issues (so issues and their order are exactly theirs).
  const valid = fastValidator(names.map((name) => fields[name]!));
  const position = new Map(names.map((name, f) => [name, f]));
  let requiredMask = 0;
  names.forEach((name, f) => {
    if (fields[name]!.optional !== true) requiredMask |= 1 << f;
  });
  const fastPath = fieldCount <= 30;
  const run = (payload: { value: unknown; issues: unknown[] }) => {
    const input = payload.value;
    const issues = payload.issues as RawIssue[];
    if (!Array.isArray(input)) {
      issues.push({
        code: "invalid_type",
        expected: "array",
        path: [],
        message: `Invalid input: expected array, received ${typeOfInput(input)}`,
        input,
      });
      return payload;
    }
    if (input.length > maxItems) {
      issues.push({
        code: "too_big",
        origin: "array",
        maximum: maxItems,
        inclusive: true,
        path: [],
        message: "Too big",
        input,
      });
      return payload;
    }
    // Keys of the items that took the fast path (every value a valid primitive), for the exact-JSON duplicate-key
    // check (json/counted-keys.ts); recorded only when every item took it.
    let keys = 0;
    let allFast = fastPath;
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      if (item === null || typeof item !== "object" || Array.isArray(item)) {
        allFast = false;
        issues.push({
          code: "invalid_type",
          expected: "object",
          path: [i],
          message: `Invalid input: expected object, received ${typeOfInput(item)}`,
          input: item,
        });
        continue;
      }
      const record = item as Record<string, unknown>;
      if (fastPath) {
        let seen = 0;
        let ok = true;
        let count = 0;
        for (const key in record) {
          const f = position.get(key);
          if (f === undefined || !valid(f, record[key])) {
            ok = false;
            break;
          }
          seen |= 1 << f;
          count++;
        }
        if (ok && (seen & requiredMask) === requiredMask) {
          keys += count;
          continue;
        }
      }
      allFast = false;
      let keyCount = 0;
      for (let f = 0; f < fieldCount; f++) {
        const value = record[names[f]!];
        if (value !== undefined) keyCount++;
        checks[f]!(value, i, issues);
      }
      // Own keys beyond the known ones are unknown fields (JSON has no `undefined` values, so counting suffices
      // on the fast path; the slow path lists them).
      let total = 0;
      for (const _ in record) total++;
      if (total !== keyCount) {
        const unknown = Object.keys(record).filter((k) => !known.has(k));
        if (unknown.length) {
          issues.push({
            code: "unrecognized_keys",
            keys: unknown,
            path: [i],
            message: "Unrecognized key",
            input: item,
          });
        }
      }
    }
    if (allFast) recordKeyCount(input, keys);
    retainShapes(input, payload);
    return payload;
  };
  const internals = (schema as unknown as { _zod: { run: unknown; parse: unknown } })._zod;
  internals.run = run;
  internals.parse = run;
  return schema;
}
