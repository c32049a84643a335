import { describe, expect, it } from "vitest";
import { formatMinor } from "./format-minor.ts";

describe("formatMinor", () => {
  it.each([
    [1230, 2, "12.30"],
    [-1230, 2, "-12.30"],
    [0, 2, "0.00"],
    [-0, 2, "0.00"],
    [1, 2, "0.01"],
    [-1, 2, "-0.01"],
    [1200, 0, "1200"],
    [-1200, 0, "-1200"],
    [1250, 3, "1.250"],
    [-5, 3, "-0.005"],
    [12345, 4, "1.2345"],
    [999_999_999_999_999, 2, "9999999999999.99"],
  ])("%i minor units with %i decimals is %s", (minor, scale, text) => {
    expect(formatMinor(minor, scale)).toBe(text);
  });

  it("refuses a value that is not a safe integer", () => {
    expect(() => formatMinor(1.5, 2)).toThrow(RangeError);
    expect(() => formatMinor(2 ** 53, 2)).toThrow(RangeError);
  });
});
