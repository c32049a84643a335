import { type ErrorItem, makeProblem, type Problem } from "./problem.ts";

/** Most error items reported in one response; the detail then says how many there were in all. */
export const MAX_REPORTED_ERRORS = 100;

/** A 422 `validation_failed`: the request is well-formed JSON but breaks the contract. */
export class ValidationError extends Error {
  readonly status = 422 as const;
  readonly code = "validation_failed" as const;
  readonly errors: readonly ErrorItem[];

  constructor(errors: readonly ErrorItem[], detail?: string) {
    super(detail ?? ValidationError.summarize(errors));
    this.name = "ValidationError";
    this.errors = errors;
  }

  /** The problem body of this error; `typeBase` as in `makeProblem`. */
  toProblem(requestId: string, typeBase?: string): Problem {
    return makeProblem("validation_failed", this.message, requestId, this.errors, typeBase);
  }

  static summarize(errors: readonly ErrorItem[]): string {
    if (errors.length === 1) return `The request has 1 invalid value: ${errors[0]!.message}`;
    return `The request has ${errors.length} invalid values; see errors.`;
  }
}

/** Malformed JSON (400 `invalid_json`). */
export class InvalidJsonError extends Error {
  readonly status = 400 as const;
  readonly code = "invalid_json" as const;

  constructor(detail: string) {
    super(detail);
    this.name = "InvalidJsonError";
  }

  toProblem(requestId: string, typeBase?: string): Problem {
    return makeProblem("invalid_json", this.message, requestId, undefined, typeBase);
  }
}

/**
 * An arithmetic result left the safe-integer range (a total too large to represent exactly).
 * It is a 422: the inputs are valid one by one, but together they are beyond what the API computes exactly.
 */
export class OverflowError extends ValidationError {
  constructor(pointer?: string) {
    super([{
      ...(pointer === undefined ? {} : { pointer }),
      code: "out_of_range",
      message: "A total of these amounts is too large to compute exactly (beyond 2^53 − 1 minor units).",
    }]);
    this.name = "OverflowError";
  }
}
