import { describe, expect, it } from "vitest";
import { DATE_PATTERN_SOURCE } from "./date-pattern.ts";
import { DATE_PATTERN_SOURCE as FROM_ZOD } from "./from-zod.ts";

describe("DATE_PATTERN_SOURCE", () => {
  it("is YYYY-MM-DD in ASCII digits, the same constant from-zod.ts exports", () => {
    const pattern = new RegExp(DATE_PATTERN_SOURCE);
    expect(pattern.test("2026-03-14")).toBe(true);
    expect(pattern.test("2026-3-14")).toBe(false);
    expect(pattern.test("2026-03-14T00:00")).toBe(false);
    expect(FROM_ZOD).toBe(DATE_PATTERN_SOURCE);
  });
});
