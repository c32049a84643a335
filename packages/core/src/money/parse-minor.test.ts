import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinor } from "./format-minor.ts";
import { MAX_MONEY_MINOR } from "./limits.ts";
import { parseMinor } from "./parse-minor.ts";

describe("parseMinor: strings", () => {
  it.each([
    ["12.30", 2, 1230],
    ["12.3", 2, 1230],
    ["12", 2, 1200],
    ["-12.30", 2, -1230],
    ["0.01", 2, 1],
    ["1200", 0, 1200],
    ["1.250", 3, 1250],
    ["-0.005", 3, -5],
    ["1.2345", 4, 12345],
    ["007.50", 2, 750],
    ["9999999999999.99", 2, 999_999_999_999_999],
    ["-9999999999999.99", 2, -999_999_999_999_999],
    ["999999999999999", 0, 999_999_999_999_999],
  ])("%s with %i decimals is %i minor units", (text, scale, minor) => {
    expect(parseMinor(text, scale)).toBe(minor);
  });

  it("reads -0 and -0.00 as a zero without sign", () => {
    expect(Object.is(parseMinor("-0", 2), 0)).toBe(true);
    expect(Object.is(parseMinor("-0.00", 2), 0)).toBe(true);
  });

  it.each([
    ["12.345", 2],
    ["12.300", 2],
    ["1.5", 0],
    ["1.0", 0],
    ["0.0001", 3],
    ["1.23456", 4],
  ])("rejects %s with %i decimals as too_many_decimals (never rounds)", (text, scale) => {
    expect(parseMinor(text, scale)).toBe("too_many_decimals");
  });

  it.each(["1e3", "1E3", "1.5e-2", "-2e+5"])("rejects exponent notation %s", (text) => {
    expect(parseMinor(text, 2)).toBe("exponent_not_allowed");
  });

  it.each([
    "",
    "+1",
    " 1",
    "1 ",
    ".5",
    "5.",
    "1,000.00",
    "1_000",
    "NaN",
    "Infinity",
    "-Infinity",
    "-",
    "--1",
    "0x10",
    "1e",
    "12.3.4",
    "€12",
  ])(
    "rejects %j as invalid_format",
    (text) => {
      expect(parseMinor(text, 2)).toBe("invalid_format");
    },
  );

  it.each([["10000000000000.00", 2], ["1000000000000000", 0], ["100000000000.0000", 4], [
    "99999999999999999999999",
    2,
  ]])(
    "rejects %s (above 10^15 − 1 minor units) as out_of_range",
    (text, scale) => {
      expect(parseMinor(text, scale)).toBe("out_of_range");
    },
  );

  it("rejects values that are neither string nor number", () => {
    for (const value of [null, true, {}, [], undefined]) expect(parseMinor(value, 2)).toBe("invalid_type");
  });
});

describe("parseMinor: JSON numbers", () => {
  it.each([
    [12.3, 2, 1230],
    [-42.1, 2, -4210],
    [0.29, 2, 29],
    [1200, 0, 1200],
    [1.25, 3, 1250],
    [9999999999999.99, 2, 999_999_999_999_999],
  ])("%d with %i decimals is %i minor units", (n, scale, minor) => {
    expect(parseMinor(n, scale)).toBe(minor);
  });

  it("rejects a number with more decimals than the currency has", () => {
    expect(parseMinor(12.345, 2)).toBe("too_many_decimals");
    expect(parseMinor(0.1 + 0.2, 2)).toBe("too_many_decimals"); // 0.30000000000000004
    expect(parseMinor(1.5, 0)).toBe("too_many_decimals");
  });

  it("rejects NaN, Infinity and magnitudes above the limit", () => {
    expect(parseMinor(Number.NaN, 2)).toBe("invalid_format");
    expect(parseMinor(Number.POSITIVE_INFINITY, 2)).toBe("invalid_format");
    expect(parseMinor(10000000000000, 2)).toBe("out_of_range");
    expect(parseMinor(1e300, 0)).toBe("out_of_range");
  });

  it("reads -0 as zero without sign", () => {
    expect(Object.is(parseMinor(-0, 2), 0)).toBe(true);
  });
});

describe("parseMinor properties", () => {
  const minor = fc.integer({ min: -MAX_MONEY_MINOR, max: MAX_MONEY_MINOR });
  const scale = fc.integer({ min: 0, max: 4 });

  it("format(parse(x)) = x for every canonical decimal x", () => {
    fc.assert(fc.property(minor, scale, (m, s) => {
      const canonical = formatMinor(m, s);
      const parsed = parseMinor(canonical, s);
      expect(parsed).toBe(m);
      expect(formatMinor(parsed as number, s)).toBe(canonical);
    }));
  });

  it("a JSON number with at most `scale` decimals is read exactly", () => {
    fc.assert(fc.property(minor, scale, (m, s) => {
      expect(parseMinor(Number(formatMinor(m, s)), s)).toBe(m);
    }));
  });

  it("no value is ever rounded: one more non-zero decimal is always rejected", () => {
    // Magnitudes below 10^13 keep the number tokens within 15 significant digits (what parseJsonBody admits).
    const small = fc.integer({ min: -(10 ** 12), max: 10 ** 12 });
    fc.assert(fc.property(small, scale, fc.integer({ min: 1, max: 9 }), (m, s, digit) => {
      const text = formatMinor(m, s) + (s === 0 ? "." : "") + String(digit);
      expect(parseMinor(text, s)).toBe("too_many_decimals");
      expect(parseMinor(Number(text), s)).toBe("too_many_decimals");
    }));
  });
});
