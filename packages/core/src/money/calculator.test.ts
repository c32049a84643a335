import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OverflowError } from "../problem/validation-error.ts";
import { numberCalculator as calc } from "./calculator.ts";

const MAX = Number.MAX_SAFE_INTEGER;

describe("numberCalculator", () => {
  it("adds, subtracts and multiplies exactly", () => {
    expect(calc.add(1230, -45)).toBe(1185);
    expect(calc.subtract(0, -4210)).toBe(4210);
    expect(calc.multiply(1230, 12)).toBe(14760);
    expect(calc.add(MAX - 1, 1)).toBe(MAX);
  });

  it("detects overflow instead of wrapping or rounding", () => {
    expect(() => calc.add(MAX, 1)).toThrow(OverflowError);
    expect(() => calc.subtract(-MAX, 1)).toThrow(OverflowError);
    expect(() => calc.multiply(2 ** 27, 2 ** 27)).toThrow(OverflowError);
  });

  it("an overflow is a 422 out_of_range", () => {
    try {
      calc.add(MAX, MAX);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OverflowError);
      expect((error as OverflowError).status).toBe(422);
      expect((error as OverflowError).errors[0]!.code).toBe("out_of_range");
    }
  });

  it("property: the result is exact, or the exact result is beyond the safe range and it throws", () => {
    const safe = fc.integer({ min: -MAX, max: MAX });
    const ops = [
      ["add", (a: bigint, b: bigint) => a + b],
      ["subtract", (a: bigint, b: bigint) => a - b],
      ["multiply", (a: bigint, b: bigint) => a * b],
    ] as const;
    fc.assert(fc.property(safe, safe, fc.constantFrom(0, 1, 2), (a, b, which) => {
      const [name, exact] = ops[which]!;
      const expected = exact(BigInt(a), BigInt(b));
      const inRange = expected <= BigInt(MAX) && expected >= BigInt(-MAX);
      if (inRange) expect(BigInt(calc[name](a, b))).toBe(expected);
      else expect(() => calc[name](a, b)).toThrow(OverflowError);
    }));
  });
});
