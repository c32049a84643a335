import { describe, expect, it } from "vitest";
import { numberCalculator } from "../money/calculator.ts";
import { detectStream, type OccurrenceGroup } from "./recurring-detection.ts";
import { addPeriods, FREQUENCY_TABLE, frequencyForGap } from "./recurring-frequency.ts";

const group = (dates: string[], amounts: number[] = dates.map(() => -1000)): OccurrenceGroup => ({
  key: "k",
  direction: amounts[0]! > 0 ? "inflow" : "outflow",
  dates,
  amounts,
});
const detect = (dates: string[], asOf: string, amounts?: number[]) =>
  detectStream(group(dates, amounts), asOf, numberCalculator);
const statusAt = (dates: string[], asOf: string) => detect(dates, asOf)?.status;

describe("the frequency table", () => {
  it("maps each gap to the first row whose range holds it (both ends included)", () => {
    const at = (gap: number) => frequencyForGap(gap)?.frequency ?? null;
    expect([4, 5, 9, 10, 11, 12, 17, 18, 25, 26, 35, 36, 79, 80, 100, 101, 339, 340, 390, 391].map(at)).toEqual([
      null,
      "weekly",
      "weekly",
      null,
      null,
      "biweekly",
      "biweekly",
      null,
      null,
      "monthly",
      "monthly",
      null,
      null,
      "quarterly",
      "quarterly",
      null,
      null,
      "annually",
      "annually",
      null,
    ]);
    expect(FREQUENCY_TABLE.map((r) => [r.graceDays, r.minOccurrences])).toEqual([[3, 3], [4, 3], [6, 3], [15, 3], [
      30,
      2,
    ]]);
  });

  it("adds months from the anchor, clamped to the month's end, never chained", () => {
    const monthly = FREQUENCY_TABLE[2]!;
    expect(addPeriods("2028-01-31", monthly, 1)).toBe("2028-02-29");
    expect(addPeriods("2028-01-31", monthly, 2)).toBe("2028-03-31");
    expect(addPeriods("2027-01-31", monthly, 1)).toBe("2027-02-28");
    expect(addPeriods("2024-02-29", FREQUENCY_TABLE[4]!, 1)).toBe("2025-02-28");
    expect(addPeriods("2026-12-28", FREQUENCY_TABLE[0]!, 1)).toBe("2027-01-04");
    expect(addPeriods("9999-12-30", FREQUENCY_TABLE[0]!, 1)).toBeUndefined();
  });
});

describe("detectStream: each row of the table and each status boundary", () => {
  it("weekly: next = last + 7 days; active through next + 3, late through last + 14 + 3, then ended", () => {
    const dates = ["2026-01-01", "2026-01-08", "2026-01-15"];
    const s = detect(dates, "2026-01-20")!;
    expect([s.row.frequency, s.predicted_next_date, s.first_date, s.last_date, s.occurrence_count]).toEqual([
      "weekly",
      "2026-01-22",
      "2026-01-01",
      "2026-01-15",
      3,
    ]);
    expect(statusAt(dates, "2026-01-25")).toBe("active");
    expect(statusAt(dates, "2026-01-26")).toBe("late");
    expect(statusAt(dates, "2026-02-01")).toBe("late");
    expect(statusAt(dates, "2026-02-02")).toBe("ended");
    expect(detect(dates.slice(0, 2), "2026-01-10")).toBeNull(); // 2 occurrences: below the minimum of 3
  });

  it("biweekly: next = last + 14 days, grace 4", () => {
    const dates = ["2026-01-01", "2026-01-15", "2026-01-29"];
    expect(detect(dates, "2026-02-01")?.row.frequency).toBe("biweekly");
    expect(detect(dates, "2026-02-01")?.predicted_next_date).toBe("2026-02-12");
    expect(statusAt(dates, "2026-02-16")).toBe("active");
    expect(statusAt(dates, "2026-02-17")).toBe("late");
    expect(statusAt(dates, "2026-03-02")).toBe("late");
    expect(statusAt(dates, "2026-03-03")).toBe("ended");
  });

  it("monthly with month-end clamping: Jan 31 → Feb 29 in 2028, grace 6", () => {
    const dates = ["2027-11-30", "2027-12-31", "2028-01-31"];
    expect(detect(dates, "2028-02-01")?.row.frequency).toBe("monthly");
    expect(detect(dates, "2028-02-01")?.predicted_next_date).toBe("2028-02-29");
    expect(statusAt(dates, "2028-03-06")).toBe("active");
    expect(statusAt(dates, "2028-03-07")).toBe("late");
    expect(statusAt(dates, "2028-04-06")).toBe("late"); // last + 2 months = Mar 31, + 6 days
    expect(statusAt(dates, "2028-04-07")).toBe("ended");
  });

  it("quarterly: next = last + 3 months, grace 15", () => {
    const dates = ["2026-01-15", "2026-04-15", "2026-07-15"];
    expect(detect(dates, "2026-08-01")?.row.frequency).toBe("quarterly");
    expect(detect(dates, "2026-08-01")?.predicted_next_date).toBe("2026-10-15");
    expect(statusAt(dates, "2026-10-30")).toBe("active");
    expect(statusAt(dates, "2026-10-31")).toBe("late");
    expect(statusAt(dates, "2027-01-30")).toBe("late");
    expect(statusAt(dates, "2027-01-31")).toBe("ended");
  });

  it("annually: two occurrences suffice; next = last + 12 months, grace 30", () => {
    const dates = ["2024-02-29", "2025-02-28"];
    expect(detect(dates, "2025-06-01")?.row.frequency).toBe("annually");
    expect(detect(dates, "2025-06-01")?.predicted_next_date).toBe("2026-02-28");
    expect(statusAt(dates, "2026-03-30")).toBe("active");
    expect(statusAt(dates, "2026-03-31")).toBe("late");
    expect(statusAt(dates, "2027-03-30")).toBe("late");
    expect(statusAt(dates, "2027-03-31")).toBe("ended");
  });

  it("applies the two-thirds rule with the lower middle gap as the median", () => {
    // One missed month: gaps 31, 28, 61, 31; lower median 31; 3 of 4 in range.
    expect(detect(["2026-01-05", "2026-02-05", "2026-03-05", "2026-05-05", "2026-06-05"], "2026-06-10")?.row.frequency)
      .toBe("monthly");
    // Gaps 31, 28, 61: 2 of 3 in range, exactly two thirds.
    expect(detect(["2026-01-05", "2026-02-05", "2026-03-05", "2026-05-05"], "2026-05-10")).not.toBeNull();
    // Gaps 31, 28, 61, 61: lower median 31, but only 2 of 4 in range.
    expect(detect(["2026-01-05", "2026-02-05", "2026-03-05", "2026-05-05", "2026-07-05"], "2026-07-10")).toBeNull();
    // Gaps 31, 59, 61: the median 59 has no row.
    expect(detect(["2026-01-05", "2026-02-05", "2026-04-05", "2026-06-05"], "2026-06-10")).toBeNull();
    // A doubled occurrence on Mar 8 (gaps 31, 28, 3, 28, 31): median 28, 4 of 5 in range.
    expect(detect(["2026-01-05", "2026-02-05", "2026-03-05", "2026-03-08", "2026-04-05", "2026-05-06"], "2026-05-10"))
      .not.toBeNull();
  });

  it("rounds the average and the monthly amount once, half-to-even, from the exact mean", () => {
    // Sum 9 over 3: mean 3; biweekly monthly = 9 × 26 / 36 = 6.5 → 6. Sum 27: 19.5 → 20.
    const biweekly = ["2026-01-01", "2026-01-15", "2026-01-29"];
    expect(detect(biweekly, "2026-02-01", [3, 3, 3])).toMatchObject({ average_amount: 3, monthly_amount: 6 });
    expect(detect(biweekly, "2026-02-01", [9, 9, 9])).toMatchObject({ average_amount: 9, monthly_amount: 20 });
    // Weekly −10.00, −10.00, −10.01: mean −10.0033… → −10.00; monthly −30.01 × 52 / 36 = −43.347… → −43.35.
    const weekly = ["2026-01-01", "2026-01-08", "2026-01-15"];
    expect(detect(weekly, "2026-01-16", [-1000, -1000, -1001])).toMatchObject({
      average_amount: -1000,
      monthly_amount: -4335,
      last_amount: -1001,
    });
    // Quarterly 300.00 each: monthly 100.00. Annually 1200.00 twice: monthly 100.00.
    expect(detect(["2026-01-15", "2026-04-15", "2026-07-15"], "2026-08-01", [30000, 30000, 30000])?.monthly_amount)
      .toBe(10000);
    expect(detect(["2024-02-29", "2025-02-28"], "2025-06-01", [120000, 120000])?.monthly_amount).toBe(10000);
  });
});
