/**
 * Input shapes: a small, serializable description (plain JSON data) of a calculation operation's zod input schema,
 * derived ahead of time from the schema's `_zod.def` (shape-of.ts, scripts/generate-input-shapes.ts) and committed
 * as generated/input-shapes.ts. accept-input.ts interprets it without loading zod, so a cold function validates its
 * first valid request without importing zod or building schemas.
 *
 * The nodes cover exactly what the calculation inputs use; anything else is `unsupported`, which the acceptor never
 * accepts (the caller then validates with zod, which reports the real errors). Bounds that come from the deployment's
 * `Limits` are written symbolically (`{ limit: "text" }`) and read from the limits in effect; other bounds are
 * numbers. Semantics are zod 4.6.7's (node by node in accept-input.ts).
 */
import type { Limits } from "./limits.ts";

/** A number, or the value of one of the deployment's limits. */
export type Bound = number | { readonly limit: keyof Limits };

/** A regular expression as data: `new RegExp(source, flags)`. */
export interface Pattern {
  readonly source: string;
  readonly flags: string;
}

export type StringCheck =
  /** zod `.min(n)`: at least n characters (zod 4.6.7 counts code points, as `.max`). */
  | { readonly kind: "min_length"; readonly value: Bound }
  /** zod `.max(n)`: at most n characters (code points). */
  | { readonly kind: "max_length"; readonly value: Bound }
  /** zod `.length(n)`: exactly n characters (code points). */
  | { readonly kind: "length"; readonly value: Bound }
  /** primitives.ts `maxCharacters`: at most n characters (code points). */
  | { readonly kind: "max_characters"; readonly value: Bound }
  /** zod `.regex(pattern)`. */
  | { readonly kind: "regex"; readonly pattern: Pattern }
  /** primitives.ts `dateField`'s refinement: a real calendar date (calendar/dates.ts `isValidDate`). */
  | { readonly kind: "real_date" };

export interface NumberCheck {
  /** `gte` is zod's inclusive `greater_than` (`.min`, `.gte`), `gt` the exclusive one; likewise `lte` and `lt`. */
  readonly kind: "gte" | "gt" | "lte" | "lt";
  readonly value: Bound;
}

/** A check on an array's number of items. */
export interface LengthCheck {
  readonly kind: "min_length" | "max_length" | "length";
  readonly value: Bound;
}

/**
 * One field of an array validated by the fast array loop (contracts/flat-items.ts FieldRule, as data): the rules
 * field-rules.ts compiles from the item schema.
 */
export type FlatField =
  | {
    readonly type: "string";
    readonly optional?: true;
    readonly nullable?: true;
    readonly min?: Bound;
    readonly max?: Bound;
    readonly pattern?: Pattern;
  }
  | { readonly type: "money"; readonly optional?: true }
  | { readonly type: "enum"; readonly optional?: true; readonly values: readonly string[] };

export type InputShape =
  /**
   * `z.strictObject` (`unknownKeys: "reject"`) or `z.object` (`"strip"`). The output is a new object with the
   * fields in the order of `fields` (the shape's `Object.keys` order, as zod), absent optional fields left out.
   */
  | {
    readonly type: "object";
    readonly unknownKeys: "reject" | "strip";
    readonly fields: Readonly<Record<string, InputShape>>;
  }
  | { readonly type: "string"; readonly checks: readonly StringCheck[] }
  /** `z.number()`, or `z.int()` (`integer`: zod's `safeint` format) with its bounds. */
  | { readonly type: "number"; readonly integer: boolean; readonly checks: readonly NumberCheck[] }
  | { readonly type: "boolean" }
  | { readonly type: "enum"; readonly values: readonly string[] }
  /** `z.union`: the first option that accepts gives the output. Its options contain no `unsupported` node. */
  | { readonly type: "union"; readonly options: readonly InputShape[] }
  /** `z.array`: a new array of the elements' outputs. */
  | { readonly type: "array"; readonly element: InputShape; readonly checks: readonly LengthCheck[] }
  /**
   * An array whose parse is the fast array loop (fast-array.ts withFastArrayParse): at most `maxItems` flat items,
   * and the output is the input array itself.
   */
  | { readonly type: "fast_array"; readonly maxItems: Bound; readonly fields: Readonly<Record<string, FlatField>> }
  /** `.optional()`: absent or undefined passes as is. */
  | { readonly type: "optional"; readonly inner: InputShape }
  /** `.nullable()`: null passes as is. */
  | { readonly type: "nullable"; readonly inner: InputShape }
  /** Anything else (refinements that cannot be identified, transforms, defaults, pipes, ...): never accepted. */
  | { readonly type: "unsupported"; readonly reason: string };
