import { describe, expect, it } from "vitest";
import { RepeatSet } from "./repeat-set.ts";

describe("RepeatSet", () => {
  it("reports exactly the hashes added more than once, across growth of the table", () => {
    const set = new RepeatSet();
    const expected = new Set<number>();
    // 50,000 distinct hashes (the table starts at 4,096 slots), every 7th added again, every 11th three times.
    for (let i = 0; i < 50_000; i++) set.add(i * 2654435761);
    for (let i = 0; i < 50_000; i += 7) {
      set.add(i * 2654435761);
      expected.add((i * 2654435761) | 0);
    }
    for (let i = 0; i < 50_000; i += 11) {
      set.add(i * 2654435761);
      set.add(i * 2654435761);
      expected.add((i * 2654435761) | 0);
    }
    const repeated = set.repeated();
    expect(repeated.length).toBe(expected.size);
    expect(new Set(repeated)).toEqual(expected);
  });

  it("hashes a line's identity: equal for equal fields, different when any field differs", () => {
    const h = RepeatSet.hash("2026-05-01", -300, "coffee\u001f");
    expect(RepeatSet.hash("2026-05-01", -300, "coffee\u001f")).toBe(h);
    expect(RepeatSet.hash("2026-05-02", -300, "coffee\u001f")).not.toBe(h);
    expect(RepeatSet.hash("2026-05-01", -301, "coffee\u001f")).not.toBe(h);
    expect(RepeatSet.hash("2026-05-01", -300, "coffe\u001f")).not.toBe(h);
    expect(Number.isInteger(h) && h >= -(2 ** 31) && h < 2 ** 31, "a 32-bit integer (the stage's integer column)")
      .toBe(true);
  });
});
