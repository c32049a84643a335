/** Test support: run operations the way the HTTP layer does (parse, validate, run), and read their errors. */
import type { z } from "zod";
import type { AccountContext, AccountOperation, CalculationOperation } from "../contracts/operation.ts";
import { parseJsonBody } from "../json/parse-json-body.ts";
import { problemFromZodError } from "../problem/from-zod.ts";
import { ValidationError } from "../problem/validation-error.ts";

/** POST: exact JSON parse, schema validation, run. */
export function post<In extends z.ZodType, Out extends z.ZodType>(op: CalculationOperation<In, Out>, body: unknown) {
  const value = parseJsonBody(typeof body === "string" ? body : JSON.stringify(body));
  const parsed = op.input.safeParse(value);
  if (!parsed.success) throw problemFromZodError(parsed.error, "body", value);
  return op.run(parsed.data);
}

/** GET: query validation, run with the context. */
export function get<In extends z.ZodType, Out extends z.ZodType>(
  op: AccountOperation<In, Out>,
  query: Record<string, unknown>,
  ctx: AccountContext,
) {
  const parsed = op.input.safeParse(query);
  if (!parsed.success) return Promise.reject(problemFromZodError(parsed.error, "query", query));
  return op.run(parsed.data, ctx);
}

/** The `[pointer or parameter, code]` pairs of the ValidationError thrown by `fn`. */
export function errorsOf(fn: () => unknown): [string | undefined, string][] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors.map((e) => [e.pointer ?? e.parameter, e.code]);
    throw error;
  }
  throw new Error("expected a ValidationError");
}

export async function asyncErrorsOf(fn: () => Promise<unknown>): Promise<[string | undefined, string][]> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors.map((e) => [e.pointer ?? e.parameter, e.code]);
    throw error;
  }
  throw new Error("expected a ValidationError");
}
