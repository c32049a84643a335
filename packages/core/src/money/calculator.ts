import { OverflowError } from "../problem/validation-error.ts";

/**
 * The integer arithmetic of money, injected into the services (dinero.js style). Every operation works on integer
 * minor units and either returns the exact result or throws an OverflowError; it never wraps or rounds.
 */
export interface Calculator {
  add(a: number, b: number): number;
  subtract(a: number, b: number): number;
  multiply(a: number, b: number): number;
}

function checked(result: number): number {
  if (!Number.isSafeInteger(result)) throw new OverflowError();
  return result;
}

/**
 * The default calculator: plain JS numbers, exact while every result is a safe integer (|x| ≤ 2^53 − 1).
 * An operation whose exact result would not be a safe integer throws OverflowError (422 `out_of_range`).
 * Operands are safe integers, so a result beyond the range is detected before it can lose precision silently.
 */
export const numberCalculator: Calculator = {
  add: (a, b) => checked(a + b),
  subtract: (a, b) => checked(a - b),
  multiply: (a, b) => checked(a * b),
};
