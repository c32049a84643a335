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
 *
 * The checking loop itself lives in flat-items.ts (zod-free), shared with the zod-free acceptor (accept-input.ts):
 * one loop decides both. This module adds what only zod's path needs: the issues of the items the loop refuses,
 * and the keep-alive copy of zod's parse payload.
 */
import type { z } from "zod";
import { lengthForLimits } from "./character-count.ts";
import { arrayParts, fieldRulesOf } from "./field-rules.ts";
import { checkFlatItems, compileFlatItems, type FieldRule, flatItemPasses, retainPayload } from "./flat-items.ts";

export { isDateShaped, retainedItems } from "./flat-items.ts";
export type { FieldRule } from "./flat-items.ts";

type RawIssue = Record<string, unknown> & { path: PropertyKey[]; code: string; message: string };

function typeOfInput(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

type Check = (value: unknown, index: number, issues: RawIssue[]) => void;

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

/** The array schemas whose parse withFastArrayParse replaced (shape-of.ts reads their rules, not zod's). */
const fastArrays = new WeakSet<object>();

/** True when `schema` validates with the loop (withFastArrayParse), whose output is its input array itself. */
export function hasFastArrayParse(schema: object): boolean {
  return fastArrays.has(schema);
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
  // Fast path: the shared loop (flat-items.ts), one walk over each item's keys, each known and valid, and every
  // required field seen. From the first item it refuses on, items take the checks below, which build the issues
  // (so issues and their order are exactly zod's).
  const compiled = compileFlatItems(fields);
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
    // On success the loop records the items' key count for the exact-JSON duplicate-key check
    // (json/counted-keys.ts) and keeps the first items alive; the payload copy is kept here.
    const checked = checkFlatItems(compiled, input);
    retainPayload(payload);
    if (checked >= 0) return payload;
    for (let i = -checked - 1; i < input.length; i++) {
      const item = input[i];
      if (flatItemPasses(compiled, item)) continue;
      if (item === null || typeof item !== "object" || Array.isArray(item)) {
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
    return payload;
  };
  const internals = (schema as unknown as { _zod: { run: unknown; parse: unknown } })._zod;
  internals.run = run;
  internals.parse = run;
  fastArrays.add(schema);
  return schema;
}
