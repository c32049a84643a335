import { describe, expect, it } from "vitest";
import { parseJsonBody } from "../json/parse-json-body.ts";
import { parseRate } from "./parse-rate.ts";

describe("parseRate", () => {
  it("reads decimal strings exactly, keeping the scale written", () => {
    expect(parseRate("1.2300")).toEqual({ numerator: 12300n, scale: 4 });
    expect(parseRate("0.000123")).toEqual({ numerator: 123n, scale: 6 });
    expect(parseRate("162")).toEqual({ numerator: 162n, scale: 0 });
    expect(parseRate("007.5")).toEqual({ numerator: 75n, scale: 1 });
  });

  it("reads JSON numbers from their text, never through float arithmetic", () => {
    expect(parseRate(parseJsonBody("1.5"))).toEqual({ numerator: 15n, scale: 1 });
    expect(parseRate(parseJsonBody("0.0000001"))).toEqual({ numerator: 1n, scale: 7 }); // String(n) is "1e-7"
    expect(parseRate(parseJsonBody("0.1"))).toEqual({ numerator: 1n, scale: 1 });
    expect(parseRate(parseJsonBody("123456789012345"))).toEqual({ numerator: 123456789012345n, scale: 0 });
    expect(parseRate(parseJsonBody("1234567.89012345"))).toEqual({ numerator: 123456789012345n, scale: 8 });
  });

  it("counts significant digits from the first non-zero digit to the last written, trailing zeros included", () => {
    expect(parseRate("123456789.012345678")).toEqual({ numerator: 123456789012345678n, scale: 9 }); // 18
    expect(parseRate("123456789.0123456789")).toBe("too_many_digits"); // 19
    expect(parseRate("1.23000000000000000")).toEqual({ numerator: 123000000000000000n, scale: 17 }); // 18
    expect(parseRate("1.230000000000000000")).toBe("too_many_digits"); // 19, trailing zeros count
    expect(parseRate("0.000000000000000000001")).toEqual({ numerator: 1n, scale: 21 }); // leading zeros do not
  });

  it("refuses zero, negative, exponent and malformed rates", () => {
    expect(parseRate("0")).toBe("out_of_range");
    expect(parseRate("0.000")).toBe("out_of_range");
    expect(parseRate("-1.5")).toBe("out_of_range");
    expect(parseRate(-2)).toBe("out_of_range");
    expect(parseRate(0)).toBe("out_of_range");
    expect(parseRate("1e3")).toBe("exponent_not_allowed");
    expect(parseRate("1.5E-2")).toBe("exponent_not_allowed");
    expect(parseRate("+1")).toBe("invalid_format");
    expect(parseRate(".5")).toBe("invalid_format");
    expect(parseRate("1.")).toBe("invalid_format");
    expect(parseRate("1,5")).toBe("invalid_format");
    expect(parseRate("")).toBe("invalid_format");
    expect(parseRate(Number.NaN)).toBe("invalid_format");
    expect(parseRate(true)).toBe("invalid_type");
    expect(parseRate(null)).toBe("invalid_type");
  });
});
