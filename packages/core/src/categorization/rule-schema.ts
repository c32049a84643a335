/**
 * The categorization Rule (API.md §10.1) as one zod schema: the same schema validates POST bodies, the rules file
 * of `npm run rules` and documents both (OpenAPI, MCP). Semantic limits (an operator on the wrong field, values that
 * fold to nothing, patterns RE2 cannot run, `between` with low > high, duplicate ids) are zod issues with a path,
 * so every error has a JSON pointer and a code.
 */
import { z } from "zod";
import type { ErrorItemCode } from "../problem/problem.ts";
import { characterCount, doc, kindSchema } from "../contracts/primitives.ts";
import { compilePatternCached } from "./pattern-cache.ts";
import { unsupportedPatternMessage } from "./compile-pattern.ts";
import { compareDecimals, type Decimal, type DecimalIssue, parseDecimal } from "./decimal-range.ts";
import { foldText } from "./fold.ts";
import { CONDITION_RULES, RULE_SHAPE_RULES } from "../contracts/rule-texts.ts";
import { RULE_LIMITS } from "../contracts/limits.ts";

/** The compiled size of all the patterns of one list, in RE2 program steps (about 100 bytes each). */
export const MAX_LIST_PROGRAM = 100_000;

export const TEXT_FIELDS = ["description", "counterparty", "text"] as const;
export const FIELDS = [...TEXT_FIELDS, "amount", "account"] as const;
export const TEXT_OPS = ["equals", "contains", "starts_with", "ends_with", "one_of", "key_equals", "matches"] as const;
export const AMOUNT_OPS = ["eq", "gt", "gte", "lt", "lte", "between"] as const;
export const ACCOUNT_OPS = ["equals", "one_of"] as const;
export const OPS = [...TEXT_OPS, ...AMOUNT_OPS] as const;

export type Field = (typeof FIELDS)[number];
export type Op = (typeof OPS)[number];
export type Kind = "income" | "expense" | "transfer";

/** A condition as validated (its `value` as written). */
export interface Condition {
  readonly field: Field;
  readonly op: Op;
  readonly value: string | number | readonly (string | number)[];
}

/** A rule as validated (optional fields as written; compileRules applies the defaults). */
export interface Rule {
  readonly id: string;
  readonly name?: string | undefined;
  readonly enabled?: boolean | undefined;
  readonly match?: "all" | "any" | undefined;
  readonly conditions: readonly Condition[];
  readonly set: { readonly category?: string | undefined; readonly kind?: Kind | undefined };
}

const OPS_OF_FIELD: Readonly<Record<Field, readonly string[]>> = {
  description: TEXT_OPS,
  counterparty: TEXT_OPS,
  text: TEXT_OPS,
  amount: AMOUNT_OPS,
  account: ACCOUNT_OPS,
};

type Ctx = z.core.ParsePayload<unknown>;

function issue(ctx: Ctx, path: PropertyKey[], code: ErrorItemCode, message: string) {
  ctx.issues.push({ code: "custom", message, path, input: ctx.value, params: { code } });
}

const DECIMAL_MESSAGES: Record<DecimalIssue, string> = {
  invalid_type: "must be an amount: a decimal string or a JSON number.",
  invalid_format: 'must be a decimal amount such as "-12.30" or "100" (no exponent, sign "+", spaces or separators).',
  too_many_decimals: "has more than 18 fractional digits.",
  out_of_range: "has a magnitude of 10^15 or more.",
};

/** Checks a string value of a text condition; returns it when usable. */
function checkString(ctx: Ctx, path: PropertyKey[], value: unknown, mode: "fold" | "key" | "pattern"): boolean {
  if (typeof value !== "string") {
    issue(ctx, path, "invalid_type", "must be a string.");
    return false;
  }
  const n = characterCount(value);
  if (n === 0) {
    issue(ctx, path, "too_short", "must not be empty.");
    return false;
  }
  if (n > RULE_LIMITS.text) {
    issue(ctx, path, "too_long", `is longer than ${RULE_LIMITS.text} characters.`);
    return false;
  }
  if (mode === "fold" ? foldText(value) === "" : value.trim() === "") {
    issue(
      ctx,
      path,
      "too_short",
      mode === "fold"
        ? "folds to nothing (only white space after NFKC and trimming), so it could never match."
        : "is all white space, so it could never match.",
    );
    return false;
  }
  return true;
}

function checkAmount(ctx: Ctx, path: PropertyKey[], value: unknown): Decimal | undefined {
  const parsed = parseDecimal(value);
  if (typeof parsed === "string") {
    issue(ctx, path, parsed, DECIMAL_MESSAGES[parsed]);
    return undefined;
  }
  return parsed;
}

function checkCondition(ctx: Ctx): void {
  const c = ctx.value as { field: Field; op: Op; value: unknown };
  if (!OPS_OF_FIELD[c.field].includes(c.op)) {
    const allowed = OPS_OF_FIELD[c.field].map((o) => `"${o}"`).join(", ");
    issue(ctx, ["op"], "invalid_value", `is "${c.op}", which field "${c.field}" does not take; use one of ${allowed}.`);
    return;
  }
  const v = c.value;
  switch (c.op) {
    case "equals":
    case "contains":
    case "starts_with":
    case "ends_with":
      checkString(ctx, ["value"], v, "fold");
      return;
    case "key_equals":
      checkString(ctx, ["value"], v, "key");
      return;
    case "matches": {
      // The engine compiles the pattern in the list's check (rulesArraySchema), within the list's budget.
      if (!checkString(ctx, ["value"], v, "pattern")) return;
      const unsupported = unsupportedPatternMessage(v as string);
      if (unsupported !== undefined) issue(ctx, ["value"], "invalid_format", unsupported);
      return;
    }
    case "one_of": {
      if (!Array.isArray(v)) {
        issue(ctx, ["value"], "invalid_type", "must be an array of 1–100 strings.");
        return;
      }
      if (v.length === 0) issue(ctx, ["value"], "too_short", "must have at least 1 item.");
      else if (v.length > RULE_LIMITS.oneOfValues) {
        issue(
          ctx,
          ["value"],
          "too_many_items",
          `has ${v.length} items; at most ${RULE_LIMITS.oneOfValues} are allowed.`,
        );
      } else for (let i = 0; i < v.length; i++) checkString(ctx, ["value", i], v[i], "fold");
      return;
    }
    case "between": {
      if (!Array.isArray(v) || v.length !== 2) {
        issue(ctx, ["value"], "invalid_type", "must be an array of two amounts, [low, high].");
        return;
      }
      const low = checkAmount(ctx, ["value", 0], v[0]);
      const high = checkAmount(ctx, ["value", 1], v[1]);
      if (low !== undefined && high !== undefined && compareDecimals(low, high) > 0) {
        issue(ctx, ["value"], "invalid_range", "has its low bound above its high bound; write [low, high].");
      }
      return;
    }
    default:
      if (Array.isArray(v)) {
        issue(ctx, ["value"], "invalid_type", "must be an amount: a decimal string or a JSON number.");
        return;
      }
      checkAmount(ctx, ["value"], v);
  }
}

const LEADING_OR_TRAILING_SPACE = /^\s|\s$/;

function ruleSchema() {
  const condition = doc(
    z.strictObject({
      field: doc(z.enum(FIELDS), "The transaction field the condition reads.", ["text"]),
      op: doc(z.enum(OPS), "The operator; which ones a field takes is listed in the condition's description.", [
        "contains",
      ]),
      value: doc(
        z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
        "A string (text and account operators; a pattern for `matches`), an array of 1–100 strings (`one_of`), " +
          "an amount (`eq`, `gt`, `gte`, `lt`, `lte`) or [low, high] (`between`). Amounts are decimal strings " +
          "(preferred) or JSON numbers.",
        ["netflix"],
      ),
    }).check(checkCondition),
    `One condition. ${CONDITION_RULES}`,
    [
      { field: "text", op: "contains", value: "netflix" },
      { field: "amount", op: "lt", value: "0" },
      { field: "description", op: "matches", value: "^(tesco|sainsbury'?s)\\b" },
    ],
  );
  const set = doc(
    z.strictObject({
      category: doc(
        z.string(),
        "The category to set: 1–200 characters, no leading or trailing white space.",
        ["groceries"],
      ).optional(),
      kind: kindSchema.optional(),
    }).check((ctx) => {
      const s = ctx.value;
      if (s.category === undefined && s.kind === undefined) {
        issue(ctx, [], "required", "must set `category`, `kind` or both.");
      }
      if (s.category !== undefined) {
        const n = characterCount(s.category);
        if (n === 0) issue(ctx, ["category"], "too_short", "must not be empty.");
        else if (n > RULE_LIMITS.text) {
          issue(ctx, ["category"], "too_long", `is longer than ${RULE_LIMITS.text} characters.`);
        } else if (LEADING_OR_TRAILING_SPACE.test(s.category)) {
          issue(ctx, ["category"], "invalid_format", "must not start or end with white space.");
        }
      }
    }),
    "What the rule sets when it matches: `category`, `kind` or both. Each field is decided by the first matching " +
      "rule that sets it.",
    [{ category: "groceries" }, { kind: "transfer" }],
  );
  return doc(
    z.strictObject({
      id: doc(
        z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "must be 1–64 characters of A–Z, a–z, 0–9, _ and -." }),
        "The rule's id, unique in the list: 1–64 characters of A–Z, a–z, 0–9, `_` and `-`.",
        ["groceries"],
      ),
      name: doc(
        z.string().check((ctx) => {
          if (characterCount(ctx.value) > RULE_LIMITS.text) {
            issue(ctx, [], "too_long", `is longer than ${RULE_LIMITS.text} characters.`);
          }
        }),
        "A name for people, at most 200 characters.",
        ["Groceries"],
      ).optional(),
      enabled: doc(z.boolean(), "Default true. A disabled rule never matches.", [true]).optional(),
      match: doc(z.enum(["all", "any"]), '`"all"` (default): every condition; `"any"`: at least one.', ["all"])
        .optional(),
      conditions: doc(z.array(condition).min(1).max(RULE_LIMITS.conditions), "1–10 conditions."),
      set,
    }),
    `A categorization rule. ${RULE_SHAPE_RULES}`,
    [{
      id: "groceries",
      name: "Groceries",
      conditions: [{ field: "text", op: "one_of", value: ["tesco", "aldi", "lidl"] }],
      set: { category: "groceries" },
    }],
  );
}

let cachedRule: ReturnType<typeof ruleSchema> | undefined;

/** The zod schema of one Rule. */
export function ruleSchemaOf(): ReturnType<typeof ruleSchema> {
  return (cachedRule ??= ruleSchema());
}

/**
 * The schema of a rule list: at most `maxRules` rules (200 by default) with unique ids. The same schema validates
 * POST `rules` and the rules file.
 */
export function rulesArraySchema(limits: { readonly rules?: number } = {}) {
  const max = limits.rules ?? RULE_LIMITS.rules;
  // Runs even when some rules have other errors (a plain check would be skipped), so every duplicate is reported.
  // Compiles the patterns here, once per list, within MAX_LIST_PROGRAM steps in all: past it no more are compiled.
  const uniqueIds = z.superRefine((rules: unknown[], ctx) => {
    const seen = new Map<string, number>();
    let program = 0;
    let overBudget = false;
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i];
      if (rule === null || typeof rule !== "object") continue;
      const conditions = (rule as { conditions?: unknown }).conditions;
      if (Array.isArray(conditions) && conditions.length <= RULE_LIMITS.conditions) {
        for (let j = 0; j < conditions.length; j++) {
          const c = conditions[j] as { field?: unknown; op?: unknown; value?: unknown } | null;
          if (c === null || typeof c !== "object" || c.op !== "matches") continue;
          if (!(TEXT_FIELDS as readonly unknown[]).includes(c.field)) continue;
          const v = c.value;
          if (typeof v !== "string" || v.trim() === "" || characterCount(v) > RULE_LIMITS.text) continue;
          if (unsupportedPatternMessage(v) !== undefined) continue;
          const path = [i, "conditions", j, "value"];
          if (overBudget) continue;
          const compiled = compilePatternCached(v);
          if (!compiled.ok) {
            ctx.addIssue({ code: "custom", path, message: compiled.message, params: { code: "invalid_format" } });
            continue;
          }
          program += compiled.regex.programSize();
          if (program > MAX_LIST_PROGRAM) {
            overBudget = true;
            ctx.addIssue({
              code: "custom",
              path,
              message: `brings the compiled size of the list's patterns above ${MAX_LIST_PROGRAM} steps; use ` +
                "fewer or smaller patterns (large repeat counts such as {500} cost the most).",
              params: { code: "too_large" },
            });
          }
        }
      }
      const id = (rule as { id?: unknown }).id;
      if (typeof id !== "string") continue;
      const first = seen.get(id);
      if (first === undefined) seen.set(id, i);
      else {
        ctx.addIssue({
          code: "custom",
          path: [i, "id"],
          message: `is "${id}", the id of rule ${first}; rule ids must be unique.`,
          params: { code: "duplicate" },
        });
      }
    }
  });
  uniqueIds._zod.def.when = (payload) => Array.isArray(payload.value);
  return doc(
    z.array(ruleSchemaOf()).max(max).check(uniqueIds),
    `The rules, in the order they run: at most ${max}. ${RULE_SHAPE_RULES} ${CONDITION_RULES}`,
  );
}
