/**
 * Field schemas shared by every contract. Each carries its description and examples, which become the OpenAPI
 * and MCP documentation.
 */
import { z } from "zod";
import { isValidDate } from "../calendar/dates.ts";
import { DATE_PATTERN_SOURCE } from "../problem/from-zod.ts";
import { lengthForLimits } from "./character-count.ts";
import { CURRENCY_PATTERN_SOURCE } from "./flat-items.ts";

export { characterCount, lengthForLimits } from "./character-count.ts";

export const DATE_PATTERN = new RegExp(DATE_PATTERN_SOURCE);
export const CURRENCY_PATTERN = new RegExp(CURRENCY_PATTERN_SOURCE);
export const CURRENCY_PATTERN_MESSAGE = "must be a three-letter ISO 4217 currency code.";

/** Attaches a description and examples (read by zod's toJSONSchema and @hono/zod-openapi). */
export function doc<T extends z.ZodType>(schema: T, description: string, examples?: readonly unknown[]): T {
  return schema.meta(examples === undefined ? { description } : { description, examples: [...examples] });
}

export const MONEY_INPUT_RULES = "A decimal string (preferred) or a JSON number, in major units of the currency: " +
  '"-12.30", "1200" (JPY), "1.250" (BHD). At most as many decimals as the currency has (EUR 2, JPY 0, BHD 3, ' +
  "CLF 4); fewer are fine. A value that would need rounding is rejected with 422 (`too_many_decimals`), never " +
  'rounded. Also rejected: exponent notation (`1e3`, `"1E3"`), NaN, Infinity, a leading "+", spaces, thousands ' +
  'separators, ".5" and "5.", and a magnitude above 10^15 − 1 minor units. Leading zeros are accepted ' +
  '("007.50" = 7.50) and "-0" is zero. JSON numbers with more than 15 significant digits are rejected ' +
  "(`too_many_digits`) because they cannot be read exactly.";

/**
 * The syntax of a money string, as documented in the JSON Schemas (OpenAPI and MCP): optional minus, digits,
 * optional point and digits. Documentation only: the operation's exact parser (`parseMinor`) is what enforces it,
 * with a precise `errors[].code` (`invalid_format`, `exponent_not_allowed`, ...) for each way a value breaks it.
 */
export const MONEY_STRING_PATTERN = "^-?[0-9]+(\\.[0-9]+)?$";

/**
 * A money amount on input: decimal string or JSON number (validated exactly by the operation). In JSON Schema it
 * is `anyOf: [{ type: "string", pattern }, { type: "number" }]`, a form every MCP client and OpenAPI tool reads
 * (some reject the shorter `type: ["string", "number"]`).
 */
export function moneyInput(description: string, examples: readonly unknown[] = ["-12.30", "2500.00", 42]) {
  const string = z.string().meta({ pattern: MONEY_STRING_PATTERN });
  return doc(z.union([string, z.number()]), `${description} ${MONEY_INPUT_RULES}`, examples);
}

/** A money amount on output: an exact decimal string with exactly the currency's number of decimals. */
export function moneyOutput(description: string, examples: readonly unknown[] = ["-12.30"]) {
  return doc(
    z.string().regex(/^-?\d+(\.\d+)?$/),
    `${description} Exact decimal string with exactly the currency's ISO 4217 number of decimals ` +
      '("12.30" EUR, "1200" JPY, "1.250" BHD); negative amounts start with "-"; zero has no sign.',
    examples,
  );
}

export function currencyInput(description: string) {
  return doc(
    z.string().regex(CURRENCY_PATTERN, { error: CURRENCY_PATTERN_MESSAGE }),
    `${description} An active ISO 4217 alphabetic code, case-insensitive ("eur" = "EUR"); an unknown code ` +
      "is rejected with 422 (`unknown_currency`). Codes without a defined minor unit (XAU, XDR, ...) are not " +
      "supported.",
    ["EUR", "usd", "JPY"],
  );
}

export function currencyOutput(description: string) {
  return doc(z.string().regex(/^[A-Z]{3}$/), `${description} ISO 4217 code, upper case.`, ["EUR"]);
}

/**
 * A calendar-date input. The real-date check (2026-02-30) runs in the schema, except for `hot` fields (transaction
 * and contribution dates) whose operations check them in their single pass over the array, with the same
 * `invalid_date` code and pointer.
 */
export function dateField(description: string, examples: readonly unknown[] = ["2026-03-14"], hot = false) {
  const shape = z.string().regex(DATE_PATTERN, { abort: true });
  return doc(
    hot
      ? shape
      : shape.refine(isValidDate, { message: "is not a real calendar date.", params: { code: "invalid_date" } }),
    `${description} A real calendar date written YYYY-MM-DD (years 0001–9999, no time zone); ` +
      "2026-02-30 and 2025-02-29 are rejected (`invalid_date`).",
    examples,
  );
}

export function dateOutput(description: string, examples: readonly unknown[] = ["2026-03-14"]) {
  return doc(z.string().regex(DATE_PATTERN), `${description} Calendar date, YYYY-MM-DD.`, examples);
}

/**
 * A string of at most `limit` characters (code points), documented as `maxLength: limit`. Too long is zod's own
 * `too_big` string issue, exactly as `.max()` reports it; only the counting differs.
 */
export function maxCharacters(schema: z.ZodString, limit: number): z.ZodString {
  const limited = schema.check((ctx) => {
    if (lengthForLimits(ctx.value, 0, limit) > limit) {
      ctx.issues.push({
        code: "too_big",
        origin: "string",
        maximum: limit,
        inclusive: true,
        input: ctx.value,
        message: `Too big: expected string to have <=${limit} characters`,
      });
    }
  });
  const checks = limited._zod.def.checks!;
  characterLimits.set(checks[checks.length - 1]!, limit);
  return limited.meta({ maxLength: limit });
}

/** The checks maxCharacters adds, with their limits: field-rules.ts compiles them. */
const characterLimits = new WeakMap<object, number>();

/** The character limit of a check made by maxCharacters; undefined for any other check. */
export function characterLimitOf(check: object): number | undefined {
  return characterLimits.get(check);
}

export function text(limit: number, description: string, examples: readonly unknown[]) {
  return doc(maxCharacters(z.string().min(1), limit), `${description} 1–${limit} characters.`, examples);
}

/** C0 and C1 control characters and DEL: never part of a name a filter can match. */
// deno-lint-ignore no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A text filter in a query (or an account tool's argument): `text`, and no control characters (a NUL would otherwise
 * reach PostgreSQL, which cannot store it, as a 500). Refused with `invalid_format`.
 */
export function queryText(limit: number, description: string, examples: readonly unknown[]) {
  return doc(
    maxCharacters(
      z.string().min(1).refine((value) => !CONTROL_CHARACTER.test(value), {
        error: "must not contain control characters (U+0000–U+001F, U+007F–U+009F).",
        params: { code: "invalid_format" },
      }),
      limit,
    ),
    `${description} 1–${limit} characters, without control characters.`,
    examples,
  );
}

/**
 * An integer in a query (or MCP argument): a JSON integer, or a string of ASCII digits (leading zeros allowed).
 * Rejects "1.5", "abc", "", " 1", "+1", "1e1".
 */
export function queryInteger(min: number, max: number, description: string, examples: readonly unknown[]) {
  return doc(
    z.union([
      z.int(),
      z.string().regex(/^\d{1,9}$/, { error: "must be a whole number written with digits only." }).transform(Number),
    ], { error: "must be a whole number written with digits only." }).pipe(z.int().min(min).max(max)),
    `${description} A whole number from ${min} to ${max}, written with digits only.`,
    examples,
  );
}

export const percentOutput = (description: string, examples: readonly unknown[] = [42.5]) =>
  doc(
    z.number().nullable(),
    `${description} A JSON number rounded half-to-even to 2 decimals (computed exactly from integers); ` +
      "null when the denominator is zero.",
    examples,
  );

export const countOutput = (description: string, examples: readonly unknown[] = [3]) =>
  doc(z.int().min(0), description, examples);

export const kindSchema = doc(
  z.enum(["income", "expense", "transfer"]),
  "`income`, `expense` or `transfer`. When omitted, a positive amount is `income` and a zero or negative " +
    "amount is `expense`. Transfers (between your own accounts) are left out of cashflow, spending and budgets. " +
    "An `expense` with a positive amount is a refund and reduces spending; an `income` with a negative amount is " +
    "a reversal and reduces income.",
  ["expense"],
);

export const uuidSchema = (description: string) =>
  doc(
    z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
      error: "must be a UUID.",
    }),
    description,
    ["7d0c9a5e-3f1b-4c2a-9e8d-1b2c3d4e5f60"],
  );

export const categoryOutput = doc(
  z.string().nullable(),
  "Category name exactly as given (case-sensitive, not trimmed); null is the uncategorized group.",
  ["groceries", null],
);
