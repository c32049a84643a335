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
