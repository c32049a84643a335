/**
 * The zod-free acceptor: validates a parsed JSON body against an input shape (input-shape.ts, generated from the zod
 * input schema ahead of time) and answers exactly what zod's `safeParse(value).data` would be, or `undefined` when
 * the value is invalid or the shape cannot tell (an `unsupported` node). The caller then validates with zod, which
 * reports the real errors; so this module never explains a refusal, and only soundness matters: whenever it answers a
 * value, zod accepts the input with an output equal to it, key order included (accept-input.test.ts checks this on
 * every calculation operation's valid bodies and their mutations).
 *
 * Its whole import graph is zod-free (accept-input.test.ts checks it with `deno info`): a cold function validates its
 * first valid request without importing zod or building schemas.
 *
 * Semantics, node by node, are zod 4.6.7's (node_modules/zod/v4/core/schemas.js and checks.js):
 * - object: a non-null, non-array object. Fields in shape order: an absent key (`key in input`, as zod) is left out
 *   of the output when the field is optional (optional, or nullable around optional), else refused; a present key's
 *   output is set even when it is `undefined`. A strict object refuses any other enumerable key (`for...in`, as zod);
 *   a plain one ignores them. The output is a new object, keys in shape order.
 * - string: min/max/exact lengths in code points (zod 4.6.7 counts code points, not UTF-16 units), regex (lastIndex
 *   reset, as zod), primitives.ts maxCharacters (code points), dateField's real-date refinement (isValidDate).
 * - number: finite (not NaN or ±Infinity); `integer` (zod's safeint format) a safe integer; then its bounds.
 * - enum: one of the values; union: the first option that accepts; boolean.
 * - array: a new array of the elements' outputs, after its length checks.
 * - fast_array: the fast array loop (flat-items.ts, the loop fast-array.ts installs as zod's parse), at most
 *   `maxItems` items; the output is the input array itself, as that loop's. Accepted arrays get their key count
 *   recorded (json/counted-keys.ts) and their first items kept alive, as on the zod path.
 * - optional: `undefined` passes; nullable: `null` passes; unsupported: refused.
 */
import { isValidDate } from "../calendar/dates.ts";
import { characterCount } from "./character-count.ts";
import { checkFlatItems, compileFlatItems, type FieldRule } from "./flat-items.ts";
import type { Bound, FlatField, InputShape, LengthCheck, NumberCheck, StringCheck } from "./input-shape.ts";
import type { Limits } from "./limits.ts";

/** A refusal (invalid, or not known to be valid); `undefined` is a valid output (an optional value). */
const REFUSED: unique symbol = Symbol("refused");
type Accept = (value: unknown) => unknown;

const refuse: Accept = () => REFUSED;

class UnknownBound extends Error {}

function boundOf(bound: Bound, limits: Limits): number {
  const value = typeof bound === "number" ? bound : limits[bound.limit];
  if (typeof value !== "number" || Number.isNaN(value)) throw new UnknownBound();
  return value;
}

function stringTest(check: StringCheck, limits: Limits): (s: string) => boolean {
  switch (check.kind) {
    case "min_length": {
      const n = boundOf(check.value, limits);
      // Code points never outnumber units, and are at least half of them: count only in between.
      return (s) => s.length >= n && (s.length >= 2 * n || characterCount(s) >= n);
    }
    case "max_length":
    case "max_characters": {
      const n = boundOf(check.value, limits);
      return (s) => s.length <= n || characterCount(s) <= n;
    }
    case "length": {
      const n = boundOf(check.value, limits);
      return (s) => characterCount(s) === n;
    }
    case "regex": {
      const pattern = new RegExp(check.pattern.source, check.pattern.flags);
      return (s) => {
        pattern.lastIndex = 0;
        return pattern.test(s);
      };
    }
    case "real_date":
      return isValidDate;
    default:
      throw new UnknownBound(); // a check this version does not know: the node refuses everything
  }
}

function numberTest(check: NumberCheck, limits: Limits): (n: number) => boolean {
  const b = boundOf(check.value, limits);
  switch (check.kind) {
    case "gte":
      return (n) => n >= b;
    case "gt":
      return (n) => n > b;
    case "lte":
      return (n) => n <= b;
    case "lt":
      return (n) => n < b;
    default:
      throw new UnknownBound();
  }
}

function lengthTest(check: LengthCheck, limits: Limits): (n: number) => boolean {
  const b = boundOf(check.value, limits);
  switch (check.kind) {
    case "min_length":
      return (n) => n >= b;
    case "max_length":
      return (n) => n <= b;
    case "length":
      return (n) => n === b;
    default:
      throw new UnknownBound();
  }
}

function fieldRule(field: FlatField, limits: Limits): FieldRule {
  const optional = field.optional === true ? { optional: true } : {};
  switch (field.type) {
    case "money":
      return { type: "money", ...optional };
    case "enum":
      return { type: "enum", ...optional, values: field.values };
    case "string":
      return {
        type: "string",
        ...optional,
        ...(field.nullable === true ? { nullable: true } : {}),
        ...(field.min !== undefined ? { min: boundOf(field.min, limits) } : {}),
        ...(field.max !== undefined ? { max: boundOf(field.max, limits) } : {}),
        ...(field.pattern !== undefined ? { pattern: new RegExp(field.pattern.source, field.pattern.flags) } : {}),
      };
    default:
      throw new UnknownBound();
  }
}

/** True when zod leaves the field out of the output when its key is absent (optin and optout both "optional"). */
function omittable(shape: InputShape): boolean {
  return shape.type === "optional" || (shape.type === "nullable" && omittable(shape.inner));
}

function compile(shape: InputShape, limits: Limits): Accept {
  try {
    return compileNode(shape, limits);
  } catch (error) {
    if (error instanceof UnknownBound) return refuse;
    throw error;
  }
}

function compileNode(shape: InputShape, limits: Limits): Accept {
  switch (shape.type) {
    case "object": {
      const names = Object.keys(shape.fields);
      const accepts = names.map((name) => compile(shape.fields[name]!, limits));
      const optional = names.map((name) => omittable(shape.fields[name]!));
      const known = new Set(names);
      const strict = shape.unknownKeys === "reject";
      if (!strict && shape.unknownKeys !== "strip") return refuse;
      return (value) => {
        if (typeof value !== "object" || value === null || Array.isArray(value)) return REFUSED;
        const input = value as Record<string, unknown>;
        const output: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) {
          const name = names[i]!;
          if (!(name in input)) {
            if (optional[i]) continue;
            return REFUSED;
          }
          const result = accepts[i]!(input[name]);
          if (result === REFUSED) return REFUSED;
          output[name] = result;
        }
        if (strict) {
          for (const key in input) if (!known.has(key)) return REFUSED;
        }
        return output;
      };
    }
    case "string": {
      const tests = shape.checks.map((check) => stringTest(check, limits));
      return (value) => {
        if (typeof value !== "string") return REFUSED;
        for (let i = 0; i < tests.length; i++) if (!tests[i]!(value)) return REFUSED;
        return value;
      };
    }
    case "number": {
      const tests = shape.checks.map((check) => numberTest(check, limits));
      const integer = shape.integer;
      return (value) => {
        if (typeof value !== "number" || !Number.isFinite(value)) return REFUSED;
        if (integer && !Number.isSafeInteger(value)) return REFUSED;
        for (let i = 0; i < tests.length; i++) if (!tests[i]!(value)) return REFUSED;
        return value;
      };
    }
    case "boolean":
      return (value) => (typeof value === "boolean" ? value : REFUSED);
    case "enum": {
      const values = shape.values;
      return (value) => (typeof value === "string" && values.includes(value) ? value : REFUSED);
    }
    case "union": {
      const options = shape.options.map((option) => compile(option, limits));
      return (value) => {
        for (let i = 0; i < options.length; i++) {
          const result = options[i]!(value);
          if (result !== REFUSED) return result;
        }
        return REFUSED;
      };
    }
    case "array": {
      const element = compile(shape.element, limits);
      const tests = shape.checks.map((check) => lengthTest(check, limits));
      return (value) => {
        if (!Array.isArray(value)) return REFUSED;
        const n = value.length;
        for (let i = 0; i < tests.length; i++) if (!tests[i]!(n)) return REFUSED;
        const output = new Array(n);
        for (let i = 0; i < n; i++) {
          const result = element(value[i]);
          if (result === REFUSED) return REFUSED;
          output[i] = result;
        }
        return output;
      };
    }
    case "fast_array": {
      const maxItems = boundOf(shape.maxItems, limits);
      const rules: Record<string, FieldRule> = {};
      for (const [name, field] of Object.entries(shape.fields)) rules[name] = fieldRule(field, limits);
      const items = compileFlatItems(rules);
      if (!items.fastPath) return refuse;
      return (value) => {
        if (!Array.isArray(value) || value.length > maxItems) return REFUSED;
        return checkFlatItems(items, value) >= 0 ? value : REFUSED;
      };
    }
    case "optional": {
      const inner = compile(shape.inner, limits);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case "nullable": {
      const inner = compile(shape.inner, limits);
      return (value) => (value === null ? null : inner(value));
    }
    default:
      return refuse; // unsupported, or a node this version does not know
  }
}

/** The compiled acceptor of each shape, for the limits it was compiled with (one deployment: one set of limits). */
const compiled = new WeakMap<InputShape, { readonly limits: Limits; readonly accept: Accept }>();

function sameLimits(a: Limits, b: Limits): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof Limits)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * zod's output for `value` (what `safeParse(value).data` would be for the schema `shape` was derived from, built
 * with `limits`), or `undefined` when it is invalid or cannot be decided here: then validate with zod.
 */
export function acceptInput(shape: InputShape, value: unknown, limits: Limits): unknown {
  let entry = compiled.get(shape);
  if (entry === undefined || !sameLimits(entry.limits, limits)) {
    entry = { limits: { ...limits }, accept: compile(shape, limits) };
    compiled.set(shape, entry);
  }
  const result = entry.accept(value);
  return result === REFUSED ? undefined : result;
}
