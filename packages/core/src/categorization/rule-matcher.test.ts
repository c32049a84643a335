import { describe, expect, it } from "vitest";
import { RuleMatcher } from "./rule-matcher.ts";

describe("RuleMatcher: the rules met conditions satisfy", () => {
  // Rule 0: all of slots 0, 1; rule 1: any of 2, 3; rule 2: all of 4; rule 3: all of 5, 6, 7.
  const matcher = new RuleMatcher([
    { any: false, slots: [0, 1] },
    { any: true, slots: [2, 3] },
    { any: false, slots: [4] },
    { any: false, slots: [5, 6, 7] },
  ], 8);
  const match = (slots: number[]) => matcher.match(Int32Array.from(slots), slots.length);

  it("needs every condition of an `all` rule and one of an `any` rule, ascending whatever the slot order", () => {
    expect(match([4, 3, 1, 0])).toEqual([0, 1, 2]);
    expect(match([1])).toEqual([]);
    expect(match([2, 3])).toEqual([1]);
    expect(match([7, 5, 2])).toEqual([1]);
    expect(match([7, 5, 6, 0])).toEqual([3]);
    expect(match([])).toEqual([]);
  });

  it("starts every transaction afresh (no count carries over)", () => {
    expect(match([0])).toEqual([]);
    expect(match([1])).toEqual([]);
    expect(match([5, 6])).toEqual([]);
    expect(match([7])).toEqual([]);
  });

  it("maps met slots straight to their rules when every rule has at most one condition (no counting)", () => {
    // Rule 0: slot 2; rule 1: disabled (no slots); rule 2: slot 0; rule 3: slot 1.
    const single = new RuleMatcher([
      { any: false, slots: [2] },
      { any: true, slots: [] },
      { any: true, slots: [0] },
      { any: false, slots: [1] },
    ], 3);
    const m = (slots: number[]) => single.match(Int32Array.from(slots), slots.length);
    expect(m([1, 2])).toEqual([0, 3]);
    expect(m([0, 1, 2])).toEqual([0, 2, 3]);
    expect(m([0])).toEqual([2]);
    expect(m([])).toEqual([]);
    const out = new Int32Array(4);
    expect(single.matchInto(Int32Array.from([2, 0]), 2, out)).toBe(2);
    expect([...out.subarray(0, 2)]).toEqual([0, 2]);
  });
});
