import { comparePointers } from "./compare-pointers.ts";
import { jsonPointer } from "./json-pointer.ts";
import { type ErrorItem, makeProblem, type Problem } from "./problem.ts";

/**
 * Most error items reported in one response. Past it the problem carries `truncated: true` and `errors_total`, and
 * the validators build no more items (no pointers, no messages): they only count.
 */
export const MAX_REPORTED_ERRORS = 100;

/** A 422 `validation_failed`: the request is well-formed JSON but breaks the contract. */
export class ValidationError extends Error {
  readonly status = 422 as const;
  readonly code = "validation_failed" as const;
  /** At most MAX_REPORTED_ERRORS items, in the order found. */
  readonly errors: readonly ErrorItem[];
  /** How many invalid values were found in all (at least `errors.length`). */
  readonly total: number;

  /** `total`: how many were found when `errors` holds only the first of them. Items past the cap are dropped. */
  constructor(errors: readonly ErrorItem[], detail?: string, total?: number) {
    const kept = errors.length > MAX_REPORTED_ERRORS ? errors.slice(0, MAX_REPORTED_ERRORS) : errors;
    const all = Math.max(total ?? errors.length, errors.length);
    super(detail ?? ValidationError.summarize(kept, all));
    this.name = "ValidationError";
    this.errors = kept;
    this.total = all;
  }

  /** The problem body of this error; `typeBase` as in `makeProblem`. */
  toProblem(requestId: string, typeBase?: string): Problem {
    return makeProblem("validation_failed", this.message, requestId, this.errors, typeBase, this.total);
  }

  static summarize(errors: readonly ErrorItem[], total = errors.length): string {
    if (total > errors.length) {
      return `The request has ${total} invalid values; the first ${errors.length} are listed in errors.`;
    }
    if (errors.length === 1) return `The request has 1 invalid value: ${errors[0]!.message}`;
    return `The request has ${errors.length} invalid values; see errors.`;
  }

  /** One error holding both lists' items (capped) and totals: all problems of a request answered at once. */
  static merge(first: ValidationError, second: ValidationError): ValidationError {
    const seen = new Set(first.errors.map((e) => e.pointer ?? e.parameter));
    const extra = second.errors.filter((e) => !seen.has(e.pointer ?? e.parameter));
    const dropped = second.errors.length - extra.length;
    return new ValidationError([...first.errors, ...extra], undefined, first.total + second.total - dropped);
  }
}

/** An item's place as a pointer: a parameter (an MCP account tool's argument) is the pointer of that member. */
function locationOf(item: ErrorItem): string {
  return item.pointer ?? (item.parameter === undefined ? "" : jsonPointer([item.parameter]));
}

/**
 * The problems of both validation stages of a body in one error: stage 1's (`exact`: exactness of the JSON text) and
 * stage 2's (`checked`: the schema, then the operation's own checks), an item of stage 2 at a pointer stage 1 already
 * reports left out. Sorted by pointer (compare-pointers.ts; stable, so at one pointer stage 1 comes first), then
 * capped at MAX_REPORTED_ERRORS: the same body always gives the same list. `errors_total` counts both stages.
 */
export function mergeBodyErrors(exact: ValidationError, checked: ValidationError): ValidationError {
  const seen = new Set(exact.errors.map(locationOf));
  const extra = checked.errors.filter((e) => !seen.has(locationOf(e)));
  const dropped = checked.errors.length - extra.length;
  const items = [...exact.errors, ...extra].sort((a, b) => comparePointers(locationOf(a), locationOf(b)));
  return new ValidationError(items, undefined, exact.total + checked.total - dropped);
}

/**
 * Exactness problems of a JSON body that is still valid JSON (duplicate keys, exponents, too many digits), with the
 * value JSON.parse gave: the routes validate that value too and answer both lists in one 422.
 */
export class InexactJsonError extends ValidationError {
  constructor(errors: readonly ErrorItem[], total: number, readonly value: unknown) {
    super(errors, undefined, total);
    this.name = "InexactJsonError";
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
