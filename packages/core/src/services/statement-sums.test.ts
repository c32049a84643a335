import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { statementSums } from "./statement-sums.ts";

const tx = (date: string, amount: number) => ({ date, amountMinor: BigInt(amount) });

describe("statementSums (hand-worked)", () => {
  // 10.00 on the 3rd, 2.50 and −1.00 on the 5th, 40.00 on the 9th, in no order.
  const sums = statementSums([
    tx("2026-03-09", 4000),
    tx("2026-03-05", 250),
    tx("2026-03-03", 1000),
    tx("2026-03-05", -100),
  ]);

  it("knows its first and last date", () => {
    expect([sums.firstDate, sums.lastDate]).toEqual(["2026-03-03", "2026-03-09"]);
    expect([statementSums([]).firstDate, statementSums([]).lastDate]).toEqual([null, null]);
  });

  it("sums through a date, the date included", () => {
    expect(sums.sumThrough("2026-03-02")).toBe(0n);
    expect(sums.sumThrough("2026-03-05")).toBe(1150n); // 10.00 + 2.50 − 1.00
    expect(sums.sumThrough(null)).toBe(5150n);
  });

  it("sums between two dates, both included", () => {
    expect(sums.sumBetween("2026-03-05", "2026-03-05")).toBe(150n);
    expect(sums.sumBetween("2026-03-04", "2026-03-09")).toBe(4150n);
    expect(sums.sumBetween("2026-03-06", "2026-03-08")).toBe(0n);
    expect(sums.sumBetween("2026-03-09", "2026-03-03")).toBe(0n); // an empty range
  });
});

describe("statementSums (properties)", () => {
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, "0")}`);
  it("sumBetween is the sum of exactly the amounts dated in the range", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(day, fc.integer({ min: -1e12, max: 1e12 }))), day, day, (list, from, through) => {
        const expected = list.filter(([d]) => d >= from && d <= through).reduce((s, [, a]) => s + BigInt(a), 0n);
        expect(statementSums(list.map(([d, a]) => tx(d, a))).sumBetween(from, through)).toBe(expected);
      }),
    );
  });
});
