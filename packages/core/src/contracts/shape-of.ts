/**
 * Derives input shapes (input-shape.ts) from zod schemas, ahead of time (scripts/generate-input-shapes.ts): reads
 * the schema's `_zod.def` (zod 4.6.7) and describes what it recognises with certainty; everything else becomes an
 * `unsupported` node, which the acceptor never accepts. Recognition is by exact zod traits (the `$Zod...` classes of
 * the node) and def keys, so a variant that parses differently (an exact optional, an exclusive or discriminated
 * union, a coercing or formatted string, a loose object) is never mistaken for the plain node.
 *
 * Custom checks are recognised only by a certain marker: the character limit of primitives.ts `maxCharacters` (its
 * registry, `characterLimitOf`) and the real-date refinement of `dateField`, whose function is calendar/dates.ts
 * `isValidDate` itself. Arrays whose parse is the fast array loop (fast-array.ts `hasFastArrayParse`) are described by
 * the loop's own field rules (field-rules.ts), since that loop, not zod's array, is what parses them.
 *
 * Limits (limits.ts) become symbolic with symbolicInputShape: the schema is built with DEFAULT_LIMITS and with each
 * set of SENTINEL_LIMITS (distinct values); a bound that is one limit's value in every build becomes `{ limit }`, and
 * any other difference between the builds makes the node that holds it `unsupported` (no arithmetic is ever guessed).
 */
import type { z } from "zod";
import { isValidDate } from "../calendar/dates.ts";
import { hasFastArrayParse } from "./fast-array.ts";
import { arrayParts, fieldRulesOf } from "./field-rules.ts";
import type { FieldRule } from "./flat-items.ts";
import type { Bound, FlatField, InputShape, LengthCheck, NumberCheck, Pattern, StringCheck } from "./input-shape.ts";
import { DEFAULT_LIMITS, type Limits } from "./limits.ts";
import { characterLimitOf } from "./primitives.ts";

// zod's internal definitions, as far as this reads them.
interface Def {
  readonly type: string;
  readonly [key: string]: unknown;
}
interface Node {
  readonly _zod: { readonly def: Def; readonly traits: ReadonlySet<string>; readonly optin?: string };
}
interface CheckDef {
  readonly check?: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly length?: unknown;
  readonly value?: unknown;
  readonly inclusive?: unknown;
  readonly format?: unknown;
  readonly pattern?: unknown;
  readonly fn?: unknown;
}
interface CheckNode {
  // A check made by `schema.check(fn)` has no traits.
  readonly _zod: { readonly def: CheckDef; readonly traits?: ReadonlySet<string> };
}

class Unsupported extends Error {}

function unsupported(reason: string): never {
  throw new Unsupported(reason);
}

/** The node's zod classes (`$Zod...` traits), sorted, joined: what identifies its parse exactly. */
function classesOf(node: { readonly _zod: { readonly traits?: ReadonlySet<string> } }): string {
  return [...(node._zod.traits ?? [])].filter((t) => t.startsWith("$")).sort().join(",");
}

/** Throws unless every def key is one the node's description accounts for. */
function onlyKeys(def: Def, allowed: readonly string[]): void {
  for (const key of Object.keys(def)) {
    // `error` only customises messages; errors never come from the acceptor.
    if (key !== "type" && key !== "error" && !allowed.includes(key)) unsupported(`a ${def.type} with ${key}`);
  }
}

function checksOf(def: Def): readonly CheckNode[] {
  const checks = def.checks;
  if (checks === undefined) return [];
  if (!Array.isArray(checks)) unsupported("checks that are not a list");
  return checks as CheckNode[];
}

function noChecks(def: Def): void {
  if (checksOf(def).length > 0) unsupported(`a ${def.type} with checks`);
}

function numberOf(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) unsupported(`${what} that is not a finite number`);
  return value;
}

function patternOf(value: unknown): Pattern {
  if (!(value instanceof RegExp)) unsupported("a regex check without a RegExp");
  return { source: value.source, flags: value.flags };
}

function stringCheck(check: CheckNode, what = "a string"): StringCheck {
  const def = check._zod.def;
  const classes = classesOf(check);
  if (def.check === "min_length" && classes === "$ZodCheck,$ZodCheckMinLength") {
    return { kind: "min_length", value: numberOf(def.minimum, "a minimum length") };
  }
  if (def.check === "max_length" && classes === "$ZodCheck,$ZodCheckMaxLength") {
    return { kind: "max_length", value: numberOf(def.maximum, "a maximum length") };
  }
  if (def.check === "length_equals" && classes === "$ZodCheck,$ZodCheckLengthEquals") {
    return { kind: "length", value: numberOf(def.length, "a length") };
  }
  if (
    def.check === "string_format" && def.format === "regex" &&
    classes === "$ZodCheck,$ZodCheckRegex,$ZodCheckStringFormat"
  ) {
    return { kind: "regex", pattern: patternOf(def.pattern) };
  }
  if (def.check === "custom") {
    const limit = characterLimitOf(check);
    if (limit !== undefined) return { kind: "max_characters", value: limit };
    if (def.fn === isValidDate && classes === "$ZodCheck,$ZodCustom,$ZodType") return { kind: "real_date" };
  }
  unsupported(`${what} with a ${String(def.check)} check that is not recognised`);
}

function numberCheck(check: CheckNode): NumberCheck {
  const def = check._zod.def;
  const classes = classesOf(check);
  const inclusive = def.inclusive;
  if (typeof inclusive !== "boolean") unsupported("a number bound without inclusive");
  if (def.check === "greater_than" && classes === "$ZodCheck,$ZodCheckGreaterThan") {
    return { kind: inclusive ? "gte" : "gt", value: numberOf(def.value, "a number bound") };
  }
  if (def.check === "less_than" && classes === "$ZodCheck,$ZodCheckLessThan") {
    return { kind: inclusive ? "lte" : "lt", value: numberOf(def.value, "a number bound") };
  }
  unsupported(`a number with a ${String(def.check)} check`);
}

function lengthCheck(check: CheckNode): LengthCheck {
  const c = stringCheck(check, "an array"); // the same length checks, counted in items for an array
  if (c.kind === "min_length" || c.kind === "max_length" || c.kind === "length") return c;
  unsupported(`an array with a ${c.kind} check`);
}

function flatField(rule: FieldRule): FlatField {
  const optional = rule.optional === true ? { optional: true as const } : {};
  if (rule.type === "money") return { type: "money", ...optional };
  if (rule.type === "enum") return { type: "enum", ...optional, values: [...rule.values] };
  return {
    type: "string",
    ...optional,
    ...(rule.nullable === true ? { nullable: true as const } : {}),
    ...(rule.min !== undefined ? { min: rule.min } : {}),
    ...(rule.max !== undefined ? { max: rule.max } : {}),
    ...(rule.pattern !== undefined ? { pattern: patternOf(rule.pattern) } : {}),
  };
}

function fastArrayShape(schema: Node): InputShape {
  const { item, maxItems } = arrayParts(schema as unknown as z.ZodType);
  const rules = fieldRulesOf(item);
  // The loop's bit mask holds 30 fields; beyond, every item takes its slow path (never accepted here).
  if (Object.keys(rules).length > 30) unsupported("a fast array of more than 30 fields");
  const fields: Record<string, FlatField> = {};
  for (const [name, rule] of Object.entries(rules)) fields[name] = flatField(rule);
  return { type: "fast_array", maxItems, fields };
}

function describe(schema: Node): InputShape {
  const def = schema._zod.def;
  const classes = classesOf(schema);
  if (hasFastArrayParse(schema)) return fastArrayShape(schema);
  switch (def.type) {
    case "string":
      if (classes !== "$ZodString,$ZodType") unsupported(`a string of ${classes}`);
      onlyKeys(def, ["checks"]);
      return { type: "string", checks: checksOf(def).map((check) => stringCheck(check)) };
    case "number": {
      let integer = false;
      if (classes === "$ZodCheck,$ZodCheckNumberFormat,$ZodNumber,$ZodNumberFormat,$ZodType") {
        if (def.check !== "number_format" || def.format !== "safeint") unsupported(`a ${String(def.format)} number`);
        integer = true;
        onlyKeys(def, ["checks", "check", "format", "abort"]);
      } else if (classes === "$ZodNumber,$ZodType") {
        onlyKeys(def, ["checks"]);
      } else {
        unsupported(`a number of ${classes}`);
      }
      return { type: "number", integer, checks: checksOf(def).map(numberCheck) };
    }
    case "boolean":
      if (classes !== "$ZodBoolean,$ZodType") unsupported(`a boolean of ${classes}`);
      onlyKeys(def, ["checks"]);
      noChecks(def);
      return { type: "boolean" };
    case "enum": {
      if (classes !== "$ZodEnum,$ZodType") unsupported(`an enum of ${classes}`);
      onlyKeys(def, ["entries", "checks"]);
      noChecks(def);
      const values = Object.values(def.entries as Record<string, unknown>);
      if (!values.every((v): v is string => typeof v === "string")) unsupported("an enum with values not strings");
      return { type: "enum", values };
    }
    case "union": {
      if (classes !== "$ZodType,$ZodUnion") unsupported(`a union of ${classes}`);
      onlyKeys(def, ["options", "checks"]);
      noChecks(def);
      return { type: "union", options: (def.options as Node[]).map(inputShapeOf) };
    }
    case "optional": {
      if (classes !== "$ZodOptional,$ZodType") unsupported(`an optional of ${classes}`);
      onlyKeys(def, ["innerType", "checks"]);
      noChecks(def);
      const inner = def.innerType as Node;
      // A defaulted inner schema substitutes a value for absence: the optional then parses it.
      if (inner._zod.optin === "defaulted") unsupported("an optional around a default");
      return { type: "optional", inner: inputShapeOf(inner) };
    }
    case "nullable":
      if (classes !== "$ZodNullable,$ZodType") unsupported(`a nullable of ${classes}`);
      onlyKeys(def, ["innerType", "checks"]);
      noChecks(def);
      return { type: "nullable", inner: inputShapeOf(def.innerType as Node) };
    case "array":
      if (classes !== "$ZodArray,$ZodType") unsupported(`an array of ${classes}`);
      onlyKeys(def, ["element", "checks"]);
      return { type: "array", element: inputShapeOf(def.element as Node), checks: checksOf(def).map(lengthCheck) };
    case "object": {
      if (classes !== "$ZodObject,$ZodObjectJIT,$ZodType" && classes !== "$ZodObject,$ZodType") {
        unsupported(`an object of ${classes}`);
      }
      onlyKeys(def, ["shape", "catchall", "checks"]);
      noChecks(def);
      const catchall = def.catchall as Node | undefined;
      let unknownKeys: "reject" | "strip";
      if (catchall === undefined) unknownKeys = "strip";
      else if (catchall._zod.def.type === "never" && classesOf(catchall) === "$ZodNever,$ZodType") {
        unknownKeys = "reject";
      } else unsupported("an object with a catchall other than never");
      const shape = def.shape as Record<string, Node>;
      if (Object.getOwnPropertySymbols(shape).length > 0) unsupported("an object with symbol keys");
      const fields: Record<string, InputShape> = {};
      for (const key of Object.keys(shape)) {
        // zod never copies a __proto__ field (it would set the output's prototype).
        if (key === "__proto__") unsupported("an object with a __proto__ field");
        fields[key] = inputShapeOf(shape[key]!);
      }
      return { type: "object", unknownKeys, fields };
    }
    default:
      unsupported(`a ${def.type}`);
  }
}

/** The input shape of a zod schema, its bounds as numbers (see symbolicInputShape for the limits). */
export function inputShapeOf(schema: z.ZodType | Node): InputShape {
  try {
    return describe(schema as Node);
  } catch (error) {
    if (error instanceof Unsupported) return { type: "unsupported", reason: error.message };
    throw error;
  }
}

const LIMIT_KEYS = Object.keys(DEFAULT_LIMITS) as (keyof Limits)[];

function limitsOf(values: readonly number[]): Limits {
  return Object.freeze(Object.fromEntries(LIMIT_KEYS.map((k, i) => [k, values[i]!]))) as unknown as Limits;
}

/**
 * Three sets of sentinel limits: within a set every value distinct, and no value equal to the same limit's default or
 * other sentinels, so that a bound taking a limit's four values is that limit. Two far above any constant bound, one
 * small (below every default: a bound like `max(limit, c)` or `min(limit, c)` differs from the limit in one of them).
 * The page limits keep their order (default page size at most the largest).
 */
export const SENTINEL_LIMITS: readonly Limits[] = [
  limitsOf(LIMIT_KEYS.map((_, i) => 7_340_033 + 2 * 7_919 * i)),
  limitsOf(LIMIT_KEYS.map((_, i) => 13_000_019 + 2 * 104_729 * i)),
  limitsOf([3, 5, 7, 11, 13, 17, 23, 19]),
];

class Differs extends Error {}

/** Merges the builds' data where they are equal; numbers that are one limit's values become `{ limit }`. */
function mergeData(values: readonly unknown[]): unknown {
  const [a] = values;
  if (values.every((v) => typeof v === "number")) {
    if (values.every((v) => v === a)) return a;
    const key = LIMIT_KEYS.find((k) =>
      values.every((v, i) => v === (i === 0 ? DEFAULT_LIMITS : SENTINEL_LIMITS[i - 1]!)[k])
    );
    if (key === undefined) throw new Differs();
    return { limit: key } satisfies Bound;
  }
  if (values.every(Array.isArray)) {
    const arrays = values as unknown[][];
    if (!arrays.every((v) => v.length === arrays[0]!.length)) throw new Differs();
    return arrays[0]!.map((_, i) => mergeData(arrays.map((v) => v[i])));
  }
  if (values.every((v) => v !== null && typeof v === "object" && !Array.isArray(v))) {
    const records = values as Record<string, unknown>[];
    const keys = Object.keys(records[0]!);
    if (!records.every((r) => sameKeys(keys, Object.keys(r)))) throw new Differs();
    return Object.fromEntries(keys.map((k) => [k, mergeData(records.map((r) => r[k]))]));
  }
  if (values.every((v) => v === a)) return a;
  throw new Differs();
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k, i) => b[i] === k);
}

/** Merges the builds' shapes node by node: a node whose own data differ beyond limits is `unsupported`. */
function mergeShapes(shapes: readonly InputShape[]): InputShape {
  const found = shapes.find((s) => s.type === "unsupported");
  if (found !== undefined) return found;
  const [a] = shapes as [InputShape];
  const differs = (): InputShape => ({ type: "unsupported", reason: "a node that differs between limits builds" });
  if (!shapes.every((s) => s.type === a.type)) return differs();
  try {
    switch (a.type) {
      case "object": {
        const all = shapes as (typeof a)[];
        const keys = Object.keys(a.fields);
        if (!all.every((s) => sameKeys(keys, Object.keys(s.fields)) && s.unknownKeys === a.unknownKeys)) {
          return differs();
        }
        const fields: Record<string, InputShape> = {};
        for (const k of keys) fields[k] = mergeShapes(all.map((s) => s.fields[k]!));
        return { type: "object", unknownKeys: a.unknownKeys, fields };
      }
      case "union": {
        const all = shapes as (typeof a)[];
        if (!all.every((s) => s.options.length === a.options.length)) return differs();
        return { type: "union", options: a.options.map((_, i) => mergeShapes(all.map((s) => s.options[i]!))) };
      }
      case "array": {
        const all = shapes as (typeof a)[];
        return {
          type: "array",
          element: mergeShapes(all.map((s) => s.element)),
          checks: mergeData(all.map((s) => s.checks)) as LengthCheck[],
        };
      }
      case "optional":
      case "nullable":
        return { type: a.type, inner: mergeShapes((shapes as (typeof a)[]).map((s) => s.inner)) };
      default:
        return mergeData(shapes) as InputShape;
    }
  } catch (error) {
    if (error instanceof Differs) return differs();
    throw error;
  }
}

function containsUnsupported(shape: InputShape): boolean {
  switch (shape.type) {
    case "unsupported":
      return true;
    case "object":
      return Object.values(shape.fields).some(containsUnsupported);
    case "union":
      return shape.options.some(containsUnsupported);
    case "array":
      return containsUnsupported(shape.element);
    case "optional":
    case "nullable":
      return containsUnsupported(shape.inner);
    default:
      return false;
  }
}

/**
 * A union is described only when its options are entirely supported: zod takes the first option that accepts, so
 * refusing an option zod might accept could make the acceptor answer a later option's (different) output.
 */
function completeUnions(shape: InputShape): InputShape {
  switch (shape.type) {
    case "object": {
      const fields: Record<string, InputShape> = {};
      for (const [k, v] of Object.entries(shape.fields)) fields[k] = completeUnions(v);
      return { ...shape, fields };
    }
    case "union": {
      const options = shape.options.map(completeUnions);
      if (options.some(containsUnsupported)) return { type: "unsupported", reason: "a union with unsupported options" };
      return { type: "union", options };
    }
    case "array":
      return { ...shape, element: completeUnions(shape.element) };
    case "optional":
    case "nullable":
      return { type: shape.type, inner: completeUnions(shape.inner) };
    default:
      return shape;
  }
}

/**
 * The input shape of the schema `build` makes, its limit bounds symbolic: built with DEFAULT_LIMITS and each set of
 * SENTINEL_LIMITS, and merged (see the module comment).
 */
export function symbolicInputShape(build: (limits: Limits) => z.ZodType): InputShape {
  return mergeSymbolic([DEFAULT_LIMITS, ...SENTINEL_LIMITS].map((limits) => inputShapeOf(build(limits))));
}

/** Merges the shapes of the builds with DEFAULT_LIMITS, then each set of SENTINEL_LIMITS, in that order. */
export function mergeSymbolic(shapes: readonly InputShape[]): InputShape {
  if (shapes.length !== SENTINEL_LIMITS.length + 1) throw new Error("one shape per limits build is needed");
  return completeUnions(mergeShapes(shapes));
}
