import { describe, expect, it } from "vitest";
import { makeProblem, problemType } from "./problem.ts";
import { InvalidJsonError, ValidationError } from "./validation-error.ts";

describe("problem type", () => {
  it("is relative to the API base URL without a base (pure core use)", () => {
    expect(problemType("validation_failed")).toBe("/v1/docs#problem-validation_failed");
    expect(makeProblem("not_found", "No route.", "r1").type).toBe("/v1/docs#problem-not_found");
  });

  it("is an absolute URI under the given base, trailing slashes dropped", () => {
    const base = "https://abc.supabase.co/functions/v1";
    expect(problemType("rate_limited", base)).toBe("https://abc.supabase.co/functions/v1/v1/docs#problem-rate_limited");
    expect(problemType("rate_limited", `${base}//`)).toBe(
      "https://abc.supabase.co/functions/v1/v1/docs#problem-rate_limited",
    );
    // It resolves to itself, whatever URL the response came from.
    const type = makeProblem("internal_error", "Oops.", "r2", undefined, base).type;
    expect(new URL(type, "https://abc.supabase.co/functions/v1/v1/analytics/cashflow").href).toBe(
      "https://abc.supabase.co/functions/v1/v1/docs#problem-internal_error",
    );
  });

  it("keeps the key order, and errors only when given", () => {
    const base = "http://127.0.0.1:54321/functions/v1";
    const item = { parameter: "month", code: "out_of_range", message: "1–12." } as const;
    expect(JSON.stringify(makeProblem("validation_failed", "Bad.", "r3", [item], base))).toBe(
      '{"type":"http://127.0.0.1:54321/functions/v1/v1/docs#problem-validation_failed","title":"Validation failed",' +
        '"status":422,"detail":"Bad.","code":"validation_failed","request_id":"r3","errors":[{"parameter":"month",' +
        '"code":"out_of_range","message":"1–12."}]}',
    );
    expect(Object.keys(makeProblem("invalid_json", "x", "r4", undefined, base))).toEqual([
      "type",
      "title",
      "status",
      "detail",
      "code",
      "request_id",
    ]);
  });

  it("error classes pass the base on", () => {
    const base = "https://abc.supabase.co/functions/v1";
    expect(new ValidationError([item()]).toProblem("r5", base).type).toBe(`${base}/v1/docs#problem-validation_failed`);
    expect(new ValidationError([item()]).toProblem("r5").type).toBe("/v1/docs#problem-validation_failed");
    expect(new InvalidJsonError("Not JSON.").toProblem("r6", base).type).toBe(`${base}/v1/docs#problem-invalid_json`);
  });
});

function item() {
  return { pointer: "/a", code: "required", message: "Required." } as const;
}

describe("capped error lists", () => {
  const item = (i: number) => ({ pointer: `/x/${i}`, code: "invalid_value" as const, message: `bad ${i}` });

  it("keep the first 100 items, count them all, and mark the problem truncated", () => {
    const error = new ValidationError(Array.from({ length: 150 }, (_, i) => item(i)), undefined, 2417);
    expect(error.errors.length).toBe(100);
    expect(error.total).toBe(2417);
    expect(error.message).toBe("The request has 2417 invalid values; the first 100 are listed in errors.");
    const problem = error.toProblem("r1");
    expect(problem.truncated).toBe(true);
    expect(problem.errors_total).toBe(2417);
    expect(Object.keys(problem).slice(-3)).toEqual(["errors", "truncated", "errors_total"]);
  });

  it("leave a complete list unmarked", () => {
    const problem = new ValidationError([item(1), item(2)]).toProblem("r2");
    expect(problem.truncated).toBeUndefined();
    expect(problem.errors_total).toBeUndefined();
    expect(makeProblem("validation_failed", "x", "r3", [item(1)], undefined, 1)).not.toHaveProperty("truncated");
  });

  it("merge two lists into one answer: first list first, a pointer reported twice only once, totals added", () => {
    const merged = ValidationError.merge(new ValidationError([item(1)]), new ValidationError([item(1), item(2)]));
    expect(merged.errors.map((e) => e.pointer)).toEqual(["/x/1", "/x/2"]);
    expect(merged.total).toBe(2);
    const big = ValidationError.merge(
      new ValidationError(Array.from({ length: 100 }, (_, i) => item(i)), undefined, 300),
      new ValidationError([item(500)], undefined, 40),
    );
    expect(big.errors.length).toBe(100);
    expect(big.total).toBe(340);
  });
});
