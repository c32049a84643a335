import { describe, expect, it } from "vitest";
import { ValidationError } from "../problem/validation-error.ts";
import { formatMoney } from "./formatMoney.ts";
import { parseMoney } from "./parseMoney.ts";

describe("parseMoney / formatMoney", () => {
  it("use the currency's scale, case-insensitively", () => {
    expect(parseMoney("12.30", "eur")).toBe(1230);
    expect(parseMoney("1200", "JPY")).toBe(1200);
    expect(parseMoney("1.250", "BHD")).toBe(1250);
    expect(formatMoney(1230, "EUR")).toBe("12.30");
    expect(formatMoney(1200, "jpy")).toBe("1200");
    expect(formatMoney(1250, "BHD")).toBe("1.250");
  });

  it("throw a 422 with a stable code instead of rounding", () => {
    try {
      parseMoney("1.5", "JPY");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors[0]!.code).toBe("too_many_decimals");
      expect((error as ValidationError).errors[0]!.message).toContain("JPY");
    }
  });

  it("reject unknown currencies", () => {
    expect(() => parseMoney("1", "ABC")).toThrow(ValidationError);
    expect(() => formatMoney(1, "ABC")).toThrow(RangeError);
  });
});
