import { describe, expect, it } from "vitest";
import { Converter } from "../conversion/converter.ts";
import { DayGroups } from "../conversion/day-groups.ts";
import { CashflowSums } from "../services/cashflow.ts";
import { convertOnce, keepConversionShapes } from "./converted-shapes.ts";

describe("the kept conversion shapes", () => {
  it("the small conversion runs through every route without an error and keeps one instance of each class", () => {
    const kept = convertOnce();
    const converter = kept.find((k) => k instanceof Converter) as Converter;
    expect(kept.some((k) => k instanceof DayGroups)).toBe(true);
    expect(kept.some((k) => k instanceof CashflowSums)).toBe(true);
    // USD direct, GBP inverse, CHF cross through USD, JPY without a rate.
    expect(converter.block().currencies.map((c) => [c.currency, c.route, c.unconverted_count])).toEqual([
      ["CHF", "cross", 0],
      ["GBP", "inverse", 0],
      ["JPY", null, 1],
      ["USD", "direct", 0],
    ]);
    expect(() => keepConversionShapes()).not.toThrow();
  });
});
