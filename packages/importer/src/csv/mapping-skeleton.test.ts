import { describe, expect, it } from "vitest";
import { dateFormatsOf, mappingSkeleton } from "./mapping-skeleton.ts";
import { validateMapping } from "./mapping.ts";

describe("mappingSkeleton", () => {
  it("guesses a DKB-like export: DD.MM.YY dates, a decimal comma, EUR from the amount's name", () => {
    const header = [
      "Buchungstag",
      "Wertstellung",
      "Buchungstext",
      "Auftraggeber / Begünstigter",
      "Verwendungszweck",
      "Kontonummer",
      "BLZ",
      "Betrag (EUR)",
      "Gläubiger-ID",
    ];
    const rows = [
      ["02.01.26", "02.01.26", "Lastschrift", "Stadtwerke", "Abschlag Januar", "DE1", "X", "-45,00", ""],
      ["28.01.26", "28.01.26", "Gutschrift", "ACME GmbH", "Gehalt", "DE2", "Y", "2.500,00", ""],
    ];
    const skeleton = mappingSkeleton(header, rows, ";");
    expect(skeleton).toEqual({
      delimiter: ";",
      date_format: "DD.MM.YY",
      decimal: ",",
      currency: "EUR",
      columns: {
        date: "Buchungstag",
        amount: "Betrag (EUR)",
        debit: "",
        credit: "",
        description: "Verwendungszweck",
        counterparty: "Auftraggeber / Begünstigter",
        category: "",
        kind: "",
        currency: "",
        balance: "",
        id: "",
      },
    });
    // As written, it is a valid mapping: the empty names are columns left unmapped.
    expect(validateMapping(JSON.parse(JSON.stringify(skeleton)))).toEqual({
      delimiter: ";",
      date_format: "DD.MM.YY",
      decimal: ",",
      currency: "EUR",
      columns: {
        date: "Buchungstag",
        amount: "Betrag (EUR)",
        description: "Verwendungszweck",
        counterparty: "Auftraggeber / Begünstigter",
      },
    });
  });

  it("debit and credit when there is no amount; an ambiguous date format and unknown columns stay empty", () => {
    const skeleton = mappingSkeleton(
      ["Date", "Paid out", "Paid in", "Memo", "Ref"],
      [["03/05/2026", "12.50", "", "Coffee", "A1"], ["04/05/2026", "", "100.00", "Refund", "A2"]],
      ",",
    );
    expect(skeleton).toEqual({
      delimiter: ",",
      date_format: "", // 03/05/2026 and 04/05/2026 read as MM/DD/YYYY and as DD/MM/YYYY
      decimal: ".",
      columns: {
        date: "Date",
        amount: "",
        debit: "Paid out",
        credit: "Paid in",
        description: "Memo",
        counterparty: "",
        category: "",
        kind: "",
        currency: "",
        balance: "",
        id: "",
      },
    });
    expect(validateMapping(JSON.parse(JSON.stringify(skeleton)))).toEqual([
      expect.stringMatching(/^date_format must be one of YYYY-MM-DD \(2026-03-05\), /),
    ]);
    // Without any amount to look at, the decimal mark is left to the user too.
    expect(mappingSkeleton(["Date", "Amount"], [], ",").decimal).toBe("");
  });

  it("dateFormatsOf: the formats that read the most cells, at least half of them", () => {
    expect(dateFormatsOf(["13/05/2026", "03/05/2026"])).toEqual(["DD/MM/YYYY"]);
    expect(dateFormatsOf(["03/05/2026"])).toEqual(["MM/DD/YYYY", "DD/MM/YYYY"]);
    expect(dateFormatsOf(["02.03.26", "31.02.26", "31.03.26"]), "a broken date does not hide the format").toEqual([
      "DD.MM.YY",
    ]);
    expect(dateFormatsOf(["02.03.26", "x", "y"]), "one of three is not enough").toEqual([]);
    expect(dateFormatsOf(["", " "])).toEqual([]);
  });
});
