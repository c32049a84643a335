import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDecimal } from "./normalize-decimal.ts";

describe("normalizeDecimal", () => {
  it("reads bank notations, hand-checked", () => {
    expect(normalizeDecimal("-12.50", ".")).toBe("-12.50");
    expect(normalizeDecimal("1,234.56", ".")).toBe("1234.56");
    expect(normalizeDecimal("1.234,56", ",")).toBe("1234.56");
    expect(normalizeDecimal("-1.234,56", ",")).toBe("-1234.56");
    expect(normalizeDecimal("(45.00)", ".")).toBe("-45.00");
    expect(normalizeDecimal("12,50-", ","), "a trailing minus").toBe("-12.50");
    expect(normalizeDecimal("€ 1 234,00", ","), "a currency sign and a space separator").toBe("1234.00");
    expect(normalizeDecimal("EUR 3.00", ".")).toBe("3.00");
    expect(normalizeDecimal("+7", ".")).toBe("7");
    expect(normalizeDecimal("-0,00", ","), "negative zero has no sign").toBe("0.00");
    expect(normalizeDecimal("-0.00", "."), "negative zero has no sign").toBe("0.00");
  });
  it("refuses what it would have to guess", () => {
    for (const text of ["1,2,3", "12.5.1", "abc", "", "1e5", "--1", "1.234,56"]) {
      expect(normalizeDecimal(text, "."), text).toBeNull();
    }
    expect(normalizeDecimal("1,234.56", ","), "a comma mark with a point after it").toBeNull();
  });
  it("reads back any amount written with thousands separators and either mark (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), fc.boolean(), (cents, comma) => {
        const abs = (cents < 0n ? -cents : cents).toString().padStart(3, "0");
        const integer = abs.slice(0, -2);
        const fraction = abs.slice(-2);
        const sep = comma ? "." : ",";
        const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
        const text = `${cents < 0n ? "-" : ""}${grouped}${comma ? "," : "."}${fraction}`;
        const plain = `${cents < 0n ? "-" : ""}${integer}.${fraction}`;
        expect(normalizeDecimal(text, comma ? "," : ".")).toBe(plain);
      }),
    );
  });
});
