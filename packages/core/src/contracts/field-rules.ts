/**
 * Compiles the fast array validator's field rules (fast-array.ts) from the declared zod item schema, so the schema
 * stays the single source: OpenAPI, MCP and validation all read the same zod object, and no second, hand-kept
 * description of the fields exists. Only the shapes the item schemas use are supported; anything else throws when
 * the schema is built (start-up), never at request time:
 *
 * - `z.string()` with `min_length`, `max_length`, one `regex` format (its custom message too) and the character
 *   limit of `maxCharacters` (primitives.ts), in that order;
 * - the money input `z.union([z.string(), z.number()])`;
 * - `z.enum([...])`;
 * - `.optional()` and `.nullable()` around them (`.nullable()` on strings only).
 */
import type { z } from "zod";
import type { FieldRule } from "./flat-items.ts";
import { characterLimitOf } from "./primitives.ts";

// zod's internal definitions, as far as this compiler reads them (zod v4 `_zod.def`).
interface Def {
  readonly type: string;
  readonly innerType?: Schema;
  readonly options?: readonly Schema[];
  readonly entries?: Readonly<Record<string, string | number>>;
  readonly checks?: readonly Check[];
  readonly shape?: Readonly<Record<string, Schema>>;
  readonly element?: Schema;
  readonly catchall?: Schema;
}
interface Schema {
  readonly _zod: { readonly def: Def };
}
interface Check {
  readonly _zod: {
    readonly def: {
      readonly check: string;
      readonly minimum?: number;
      readonly maximum?: number;
      readonly format?: string;
      readonly pattern?: RegExp;
      readonly error?: (issue: unknown) => unknown;
    };
  };
}

class UnsupportedRule extends Error {
  constructor(path: string, what: string) {
    super(`fast array validator: ${path} is ${what}, which the rule compiler does not support`);
  }
}

function stringRule(schema: Schema, path: string, optional: boolean, nullable: boolean): FieldRule {
  let min: number | undefined;
  let max: number | undefined;
  let pattern: RegExp | undefined;
  let patternMessage: string | undefined;
  let stage = 0; // checks must come in the order the fast validator reports them: min, max, pattern
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def;
    let at: number;
    if (def.check === "min_length" && def.minimum !== undefined) {
      at = 1;
      min = Math.max(min ?? 0, def.minimum);
    } else if (def.check === "max_length" && def.maximum !== undefined) {
      at = 2;
      max = Math.min(max ?? Infinity, def.maximum);
    } else if (def.check === "custom" && characterLimitOf(check) !== undefined) {
      at = 2;
      max = Math.min(max ?? Infinity, characterLimitOf(check)!);
    } else if (def.check === "string_format" && def.format === "regex" && def.pattern && pattern === undefined) {
      at = 3;
      pattern = def.pattern;
      const message = def.error?.({ code: "invalid_format", format: "regex", input: "" });
      if (typeof message === "string") patternMessage = message;
    } else {
      throw new UnsupportedRule(path, `a string with a ${def.check} check`);
    }
    if (at < stage) throw new UnsupportedRule(path, "a string whose checks are out of min, max, pattern order");
    stage = at;
  }
  return {
    type: "string",
    ...(optional ? { optional } : {}),
    ...(nullable ? { nullable } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(pattern !== undefined ? { pattern } : {}),
    ...(patternMessage !== undefined ? { patternMessage } : {}),
  };
}

function fieldRule(schema: Schema, path: string): FieldRule {
  let optional = false;
  let nullable = false;
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (def.type === "optional" && !optional && !nullable) optional = true;
    else if (def.type === "nullable" && !nullable) nullable = true;
    else break;
    s = def.innerType!;
  }
  const def = s._zod.def;
  if (def.type === "string") return stringRule(s, path, optional, nullable);
  if (nullable) throw new UnsupportedRule(path, `a nullable ${def.type}`);
  if (def.type === "enum" && def.entries) {
    const values = Object.values(def.entries);
    if (values.some((v) => typeof v !== "string")) throw new UnsupportedRule(path, "an enum with numbers");
    return { type: "enum", ...(optional ? { optional } : {}), values: values as string[] };
  }
  if (def.type === "union" && def.options?.length === 2) {
    const [a, b] = def.options.map((o) => o._zod.def);
    const plain = (d: Def | undefined) => (d?.checks ?? []).length === 0;
    if (a?.type === "string" && b?.type === "number" && plain(a) && plain(b)) {
      return { type: "money", ...(optional ? { optional } : {}) };
    }
  }
  throw new UnsupportedRule(path, `a ${def.type}`);
}

/** The field rules of a `z.strictObject({...})` item schema, in its key order. */
export function fieldRulesOf(item: z.ZodType): Record<string, FieldRule> {
  const def = (item as unknown as Schema)._zod.def;
  if (def.type !== "object" || !def.shape) throw new UnsupportedRule("the item", `a ${def.type}`);
  if (def.catchall?._zod.def.type !== "never") throw new UnsupportedRule("the item", "an object that is not strict");
  const rules: Record<string, FieldRule> = {};
  for (const [key, field] of Object.entries(def.shape)) rules[key] = fieldRule(field, `/${key}`);
  return rules;
}

/** The item schema and the `max` of a `z.array(item).max(n)` schema. */
export function arrayParts(array: z.ZodType): { item: z.ZodType; maxItems: number } {
  const def = (array as unknown as Schema)._zod.def;
  if (def.type !== "array" || !def.element) throw new UnsupportedRule("the array", `a ${def.type}`);
  let maxItems = Infinity;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === "max_length" && c.maximum !== undefined) maxItems = Math.min(maxItems, c.maximum);
    else throw new UnsupportedRule("the array", `an array with a ${c.check} check`);
  }
  if (!Number.isFinite(maxItems)) throw new UnsupportedRule("the array", "an array without a maximum length");
  return { item: def.element as unknown as z.ZodType, maxItems };
}
