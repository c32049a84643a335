import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseJsonBody } from "../json/parse-json-body.ts";
import { createOperations } from "../operations/index.ts";
import { validateBody } from "./validate-body.ts";
import { InexactJsonError, ValidationError } from "./validation-error.ts";

const cashflow = createOperations().byName.calculate_cashflow;

/** Both stages on a body text, as the REST route and the MCP tool run them: the error, or the valid input. */
function validate(text: string): ValidationError | unknown {
  let value: unknown;
  let exact: InexactJsonError | undefined;
  try {
    value = parseJsonBody(text);
  } catch (error) {
    if (!(error instanceof InexactJsonError)) throw error;
    exact = error;
    value = error.value;
  }
  try {
    return validateBody(cashflow.input, value, exact, (input) => cashflow.run(input));
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
}

const located = (error: unknown) => (error as ValidationError).errors.map((e) => [e.pointer, e.code]);

describe("validateBody: both stages in one answer", () => {
  it("an exponent (stage 1) with an impossible date and too many decimals (the operation's checks)", () => {
    const error = validate(
      '{"currency":"EUR","year":2026,"transactions":[{"date":"2026-02-30","amount":"1.00"},' +
        '{"date":"2026-01-05","amount":1e3},{"date":"2026-01-06","amount":"1.005"}]}',
    );
    expect(located(error)).toEqual([
      ["/transactions/0/date", "invalid_date"],
      ["/transactions/1/amount", "exponent_not_allowed"],
      ["/transactions/2/amount", "too_many_decimals"],
    ]);
    expect((error as ValidationError).total).toBe(3);
  });

  it("a duplicate key (stage 1) with a schema problem, sorted by pointer whatever the order found", () => {
    const error = validate(
      '{"transactions":[{"date":"2026-01-05","amount":"1.00","colour":"red"}],"currency":"EUR","currency":"EUR",' +
        '"year":2026}',
    );
    expect(located(error)).toEqual([
      ["/currency", "duplicate_key"],
      ["/transactions/0/colour", "unknown_field"],
    ]);
  });

  it("one problem per pointer: stage 1's stands when stage 2 finds one at the same place", () => {
    // 1e300 is also out of range once read; the exponent is what the client wrote, and it is reported once.
    const error = validate('{"currency":"EUR","year":2026,"transactions":[{"date":"2026-01-05","amount":1e300}]}');
    expect(located(error)).toEqual([["/transactions/0/amount", "exponent_not_allowed"]]);
    expect((error as ValidationError).total).toBe(1);
  });

  it("bounded: at most 100 items, the first by pointer, with the total of both stages", () => {
    const items = Array.from({ length: 150 }, () => '{"date":"2026-02-30","amount":1e0}');
    const text = `{"currency":"EUR","year":2026,"transactions":[${items.join(",")}]}`;
    const error = validate(text) as ValidationError;
    expect(error.errors.length).toBe(100);
    // Stage 1 lists the exponents of transactions 0–99 (its own cap), stage 2 the dates of 0–99; sorted, the first
    // 100 are both items of transactions 0–49.
    expect(error.errors.slice(0, 4).map((e) => [e.pointer, e.code])).toEqual([
      ["/transactions/0/amount", "exponent_not_allowed"],
      ["/transactions/0/date", "invalid_date"],
      ["/transactions/1/amount", "exponent_not_allowed"],
      ["/transactions/1/date", "invalid_date"],
    ]);
    expect(error.errors.at(-1)!.pointer).toBe("/transactions/49/date");
    expect(error.total).toBe(300);
    expect(located(validate(text))).toEqual(located(error));
  });

  it("a clean body is returned without running the check; a check that fails otherwise leaves stage 1 alone", () => {
    let ran = false;
    const schema = z.object({ a: z.number() });
    expect(validateBody(schema, { a: 1 }, undefined, () => (ran = true))).toEqual({ a: 1 });
    expect(ran).toBe(false);
    const exact = new ValidationError([{ pointer: "/a", code: "exponent_not_allowed", message: "m" }]);
    expect(() =>
      validateBody(schema, { a: 1 }, exact, () => {
        throw new TypeError("a bug is not the client's problem");
      })
    ).toThrow(exact);
  });
});
