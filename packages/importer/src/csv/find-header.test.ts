import { describe, expect, it } from "vitest";
import { findHeaderRow } from "./find-header.ts";

describe("findHeaderRow", () => {
  it("skips account details above the header and data rows below it (a DKB-like export)", () => {
    const rows = [
      ["Kontonummer:", "DE12 1203 0000 1234 5678 90 / Girokonto", ""],
      ["Von:", "01.01.26", ""],
      ["Kontostand vom 31.01.26:", "1.234,56 EUR", ""],
      ["Buchungstag", "Wertstellung", "Buchungstext", "Auftraggeber / Begünstigter", "Betrag (EUR)", ""],
      ["02.01.26", "02.01.26", "Lastschrift", "Stadtwerke", "-45,00", ""],
    ];
    expect(findHeaderRow(rows)).toEqual({
      row: 4,
      cells: ["Buchungstag", "Wertstellung", "Buchungstext", "Auftraggeber / Begünstigter", "Betrag (EUR)", ""],
    });
  });

  it("takes the first of equally wide rows; none when every row holds data or a single cell", () => {
    expect(findHeaderRow([["a", "b"], ["c", "d"]])?.row).toBe(1);
    expect(findHeaderRow([["2026-01-01", "-1.00"], ["x"]])).toBeNull();
    expect(findHeaderRow([])).toBeNull();
  });

  it("a cell with letters is not data, whatever digits it holds", () => {
    expect(findHeaderRow([["Betrag 2026", "Saldo in EUR"], ["1,00", "(2.00)"]])?.cells).toEqual([
      "Betrag 2026",
      "Saldo in EUR",
    ]);
  });
});
