import { describe, expect, it } from "vitest";
import { readRawFields } from "./raw-fields.ts";

describe("readRawFields (MT940, hand-worked)", () => {
  it("reads amounts exactly, with their sign, whatever the decimals", () => {
    const text = [
      ":60F:C250101KWD100,000",
      ":61:2501020102D10,125NTRFNONREF//A",
      ":61:2501030103C0,005NTRFNONREF//B",
      ":61:2501040104RD7,NTRFNONREF//C", // a reversed debit: positive
      ":61:2501050105RC1,5NTRFNONREF//D", // a reversed credit: negative
      ":61:2501060106D0,00NTRFNONREF//E", // zero has no sign
      ":62F:D250131KWD89,875",
    ].join("\n");
    const fields = readRawFields(text);
    expect(fields.lines.map((l) => l.amount)).toEqual(["-10.125", "0.005", "7", "-1.5", "0.00"]);
    expect(fields.openings).toEqual([{ date: "2025-01-01", amount: "100.000" }]);
    expect(fields.closings).toEqual([{ date: "2025-01-31", amount: "-89.875" }]);
  });

  it("takes the booking date's year nearest the value date, and refuses impossible dates", () => {
    const fields = readRawFields([
      ":61:2601021231C2500,00NTRFNONREF//A", // value 2026-01-02, booked 12-31: 2025-12-31
      ":61:2512310102D1,00NTRFNONREF//B", // value 2025-12-31, booked 01-02: 2026-01-02
      ":61:2503150316D1,00NTRFNONREF//C", // same year
      ":61:250315D1,00NTRFNONREF//D", // no booking date: the value date
      ":61:2502300230D1,00NTRFNONREF//E", // February 30
      ":61:2513450101D1,00NTRFNONREF//F", // month 13
      ":62F:C250230EUR1,00",
    ].join("\n"));
    expect(fields.lines.map((l) => l.date)).toEqual([
      "2025-12-31",
      "2026-01-02",
      "2025-03-16",
      "2025-03-15",
      null,
      null,
    ]);
    expect(fields.closings).toEqual([{ date: null, amount: "1.00" }]);
  });
});
