/**
 * Stage 2 of a body's validation, joined to stage 1 (json/parse-json-body.ts). Stage 1 reads the JSON text: an
 * exponent, a number with more than 15 significant digits or a duplicate key is a problem of one value, and the body
 * is still valid JSON, so stage 2 runs on the value JSON.parse gave: the schema, and, when the schema accepts it, the
 * operation's own checks (`check`: dates, exact amounts, currencies). Every problem found is answered in one 422,
 * sorted by pointer and capped (mergeBodyErrors). A structural refusal of stage 1 (nesting, members, member names)
 * and malformed JSON have no value to check and never get here.
 */
import type { z } from "zod";
import { problemFromZodError } from "./from-zod.ts";
import { mergeBodyErrors, ValidationError } from "./validation-error.ts";

/**
 * The body's value when both stages accept it; otherwise throws one ValidationError with every problem.
 * `exact`: stage 1's problems (an InexactJsonError), if any, or a function answering them, asked after the schema's
 * validation (json/parse-json-body.ts readExactJson: the validation counts keys the check then skips). `check` runs only when stage 1 found problems (on a clean
 * body the caller runs the operation itself); an error of `check` other than a ValidationError is not a problem of the
 * body, and then stage 1's problems are answered alone.
 */
export function validateBody<T>(
  schema: z.ZodType<T>,
  value: unknown,
  exact: ValidationError | undefined | (() => ValidationError | undefined),
  check?: (input: T) => unknown,
  source: "body" | "query" = "body",
): T {
  const parsed = schema.safeParse(value);
  if (typeof exact === "function") exact = exact();
  if (!parsed.success) {
    const shape = problemFromZodError(parsed.error, source, value);
    throw exact ? mergeBodyErrors(exact, shape) : shape;
  }
  if (exact === undefined) return parsed.data;
  if (check !== undefined) {
    try {
      check(parsed.data);
    } catch (error) {
      if (error instanceof ValidationError) throw mergeBodyErrors(exact, error);
    }
  }
  throw exact;
}
