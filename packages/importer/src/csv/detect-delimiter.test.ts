import { describe, expect, it } from "vitest";
import { detectDelimiter, splitRows } from "./detect-delimiter.ts";

const names = (...wanted: string[]) => (fields: readonly string[]) =>
  wanted.every((w) => fields.some((f) => f.trim() === w));

describe("detectDelimiter", () => {
  it("does not count commas inside quotes or decimal commas of a `;` file", () => {
    const semicolons = "Datum;Betrag;Text\n01.03.2026;-1,50;Kartenzahlung, Rewe, Berlin\n" +
      "02.03.2026;-2,50;Kartenzahlung, Edeka, Berlin\n03.03.2026;-3,50;Kartenzahlung, Aldi, Berlin\n";
    expect(detectDelimiter(semicolons, names("Datum", "Betrag")), "the header row splits into the columns").toBe(";");
    expect(detectDelimiter(semicolons), "3 fields on all 4 rows, against 1 and 4 fields with commas").toBe(";");
    const quoted = 'date,amount,description\n2026-03-01,-1.00,"a; b; c; d"\n2026-03-02,-2.00,"e; f; g; h"\n';
    expect(detectDelimiter(quoted)).toBe(",");
    expect(detectDelimiter(quoted, names("date", "amount"))).toBe(",");
  });

  it("finds a header below account details, and tabs", () => {
    const ing = "\uFEFFUmsatzanzeige;Datei erstellt am: 31.03.2026\n;\nIBAN;DE12 5001\r\n\r\n" +
      "Buchung;Valuta;Verwendungszweck;Betrag\r\n31.03.2026;31.03.2026;Miete, April;-1.150,00\r\n";
    expect(detectDelimiter(ing, names("Buchung", "Betrag"))).toBe(";");
    expect(detectDelimiter("Datum\tBedrag\tOmschrijving\n01/08/2026\t-1,50\tKoffie, thee\n")).toBe("\t");
    expect(detectDelimiter("date,amount\n"), "one row").toBe(",");
  });

  it("splits rows as CSV does: quotes, doubled quotes, line breaks inside quotes, blank lines", () => {
    expect(splitRows('a,"b, ""c""",d\r\n\r\n"e\nf",g\n', ",")).toEqual([["a", 'b, "c"', "d"], ["e\nf", "g"]]);
    expect(splitRows("a;b\nc;d\ne;f", ";", 2)).toEqual([["a", "b"], ["c", "d"]]);
  });
});
