import { describe, expect, it } from "vitest";
import { CURRENCY_SCALES, currencyScale, normalizeCurrency } from "./currencies.ts";

describe("ISO 4217 table", () => {
  it.each([
    ["EUR", 2],
    ["USD", 2],
    ["GBP", 2],
    ["CHF", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["ISK", 0],
    ["CLP", 0],
    ["VND", 0],
    ["XOF", 0],
    ["BHD", 3],
    ["KWD", 3],
    ["JOD", 3],
    ["OMR", 3],
    ["TND", 3],
    ["IQD", 3],
    ["LYD", 3],
    ["CLF", 4],
    ["UYW", 4],
  ])("%s has %i decimals", (code, scale) => {
    expect(currencyScale(code)).toBe(scale);
  });

  it("has no codes without a defined minor unit, and no withdrawn codes", () => {
    for (const code of ["XAU", "XAG", "XDR", "XXX", "XTS", "HRK", "VEF", "ZWL", "CUC", "BGN"]) {
      expect(currencyScale(code)).toBeUndefined();
    }
  });

  it("covers the active list (about 170 codes), all upper-case three letters with 0–4 decimals", () => {
    const codes = Object.keys(CURRENCY_SCALES);
    expect(codes.length).toBeGreaterThan(160);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3, 4]).toContain(CURRENCY_SCALES[code]);
    }
  });

  it("normalizes case and rejects unknown codes and inherited property names", () => {
    expect(normalizeCurrency("eur")).toBe("EUR");
    expect(normalizeCurrency("Jpy")).toBe("JPY");
    expect(normalizeCurrency("ABC")).toBeUndefined();
    expect(normalizeCurrency("euro")).toBeUndefined();
    expect(currencyScale("constructor")).toBeUndefined();
    expect(currencyScale("__proto__")).toBeUndefined();
  });
});
