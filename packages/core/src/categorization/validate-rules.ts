/**
 * Validates a rule list (a parsed rules file, or any JSON value) with the same schema as POST `rules`. Pointers are
 * relative to the array: `/0/conditions/1/value`.
 */
import { problemFromZodError } from "../problem/from-zod.ts";
import type { ErrorItemCode } from "../problem/problem.ts";
import { type Rule, rulesArraySchema } from "./rule-schema.ts";

export interface RuleError {
  readonly pointer: string;
  readonly code: ErrorItemCode;
  readonly message: string;
}

export type ValidateRulesResult =
  | { readonly ok: true; readonly rules: Rule[] }
  | { readonly ok: false; readonly errors: RuleError[] };

let schema: ReturnType<typeof rulesArraySchema> | undefined;

export function validateRules(json: unknown): ValidateRulesResult {
  schema ??= rulesArraySchema();
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, rules: parsed.data as Rule[] };
  const error = problemFromZodError(parsed.error, "body", json);
  return {
    ok: false,
    errors: error.errors.map((e) => ({ pointer: e.pointer ?? "", code: e.code, message: e.message })),
  };
}
