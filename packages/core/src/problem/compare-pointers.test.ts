import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparePointers } from "./compare-pointers.ts";

describe("comparePointers", () => {
  it("orders indices numerically, parents before children, the whole document first (hand-sorted)", () => {
    const sorted = [
      "",
      "/currency",
      "/transactions",
      "/transactions/0",
      "/transactions/0/amount",
      "/transactions/0/date",
      "/transactions/2/amount",
      "/transactions/10/amount",
      "/transactions/100",
      "/year",
    ];
    const shuffled = [sorted[6]!, sorted[9]!, sorted[0]!, sorted[7]!, sorted[3]!, sorted[1]!, sorted[8]!, sorted[5]!];
    expect([...shuffled, sorted[2]!, sorted[4]!].sort(comparePointers)).toEqual(sorted);
  });

  it("puts an index before a name at the same place, and compares names by code units", () => {
    expect(["/a/x", "/a/1", "/a/B"].sort(comparePointers)).toEqual(["/a/1", "/a/B", "/a/x"]);
    expect(comparePointers("/t/99999999999999999999", "/t/100000000000000000000")).toBeLessThan(0);
  });

  it("is a total order: antisymmetric, zero only for equal pointers, transitive", () => {
    const pointer = fc.array(fc.oneof(fc.nat(120).map(String), fc.constantFrom("a", "amount", "B", "", "07")), {
      maxLength: 4,
    }).map((segments) => segments.map((s) => "/" + s).join(""));
    fc.assert(fc.property(pointer, pointer, pointer, (a, b, c) => {
      expect(Math.sign(comparePointers(a, b)) + Math.sign(comparePointers(b, a))).toBe(0);
      expect(comparePointers(a, b) === 0).toBe(a === b);
      if (comparePointers(a, b) < 0 && comparePointers(b, c) < 0) expect(comparePointers(a, c)).toBeLessThan(0);
    }));
  });
});
