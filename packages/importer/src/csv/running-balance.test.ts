import { describe, expect, it } from "vitest";
import { RunningBalance } from "./running-balance.ts";

/** Lines as [date, amount, balance] in minor units (cents), in file order; "gap" = a line left out of the chain. */
function balancesOf(lines: ([string, number, number | null] | "gap")[]) {
  const running = new RunningBalance();
  for (const line of lines) {
    if (line === "gap") running.gap();
    else running.add(...line);
  }
  return running.result();
}

describe("RunningBalance", () => {
  it("reads an oldest-first file: opening before its first line, closing after its last", () => {
    // 1000.00 + 50.00 = 1050.00; 1050.00 − 20.00 = 1030.00.
    expect(balancesOf([["2026-03-01", 5000, 105000], ["2026-03-02", -2000, 103000]])).toEqual({
      opening: 100000,
      closing: 103000,
    });
  });

  it("reads a newest-first file of one date from its balances (the dates cannot tell)", () => {
    // LUNCH (−10.00) took 100.00 to 90.00, then COFFEE (−5.00) 90.00 to 85.00; listed newest first.
    expect(balancesOf([["2026-03-05", -500, 8500], ["2026-03-05", -1000, 9000]])).toEqual({
      opening: 10000,
      closing: 8500,
    });
    // The same two lines oldest first.
    expect(balancesOf([["2026-03-05", -1000, 9000], ["2026-03-05", -500, 8500]])).toEqual({
      opening: 10000,
      closing: 8500,
    });
  });

  it("orders unsorted lines by date", () => {
    // 03-03 payroll 0.00 → 2000.00; 03-04 check 2000.00 → 1900.00; 03-05 coffee 1900.00 → 1894.25.
    expect(balancesOf([
      ["2026-03-05", -575, 189425],
      ["2026-03-03", 200000, 200000],
      ["2026-03-04", -10000, 190000],
    ])).toEqual({ opening: 0, closing: 189425 });
  });

  it("breaks a tie of one date with the direction the other dates give", () => {
    // Newest first: 03-02 (two lines), then 03-01. The chronologically last line is the first one of 03-02.
    // 03-01: 500.00 → 480.00; 03-02: −30.00 → 450.00, then −50.00 → 400.00. The gaps leave the dates alone to tell.
    expect(balancesOf([
      ["2026-03-02", -5000, 40000],
      "gap",
      ["2026-03-02", -3000, 45000],
      "gap",
      ["2026-03-01", -2000, 48000],
    ])).toEqual({ opening: 50000, closing: 40000 });
  });

  it("leaves both balances unknown rather than guess", () => {
    const unknown = { opening: null, closing: null };
    expect(
      balancesOf([["2026-03-05", -500, 8500], ["2026-03-05", -1000, 7000]]),
      "one date, and the balances link neither way",
    ).toEqual(unknown);
    expect(
      balancesOf([["2026-03-05", -500, 8500], "gap", ["2026-03-05", -1000, 9000]]),
      "one date, and the lines that would link are not adjacent",
    ).toEqual(unknown);
    expect(
      balancesOf([["2026-03-01", -500, 8500], ["2026-03-02", -1000, 9000]]),
      "the dates read oldest first, the balances newest first",
    ).toEqual(unknown);
    expect(
      balancesOf([["2026-03-01", -500, 8500], ["2026-03-02", -1000, null]]),
      "a balance not exact in the currency",
    ).toEqual(unknown);
  });

  it("gives one line's balances, and nothing without balances", () => {
    expect(balancesOf([["2026-03-01", -1200, 8800]])).toEqual({ opening: 10000, closing: 8800 });
    expect(balancesOf([]), "no line had a balance: the file's facts stand").toBeNull();
    expect(balancesOf(["gap", "gap"])).toBeNull();
  });
});
