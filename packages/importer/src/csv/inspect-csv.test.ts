import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../test/expected.ts";
import { inspectCsvHead } from "./inspect-csv.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("inspectCsvHead", () => {
  it("reads a windows-1252 DKB-like export: delimiter, header, samples, no preset", () => {
    const dkb = new Uint8Array(readFileSync(join(FIXTURES, "csv/dkb-two-digit-years.csv")));
    const seen = inspectCsvHead(dkb, true);
    expect(seen.delimiter).toBe(";");
    expect(seen.header?.row).toBe(5); // two blank lines are not rows: the 7th line is the 5th row
    expect(seen.header?.cells.slice(0, 4)).toEqual([
      "Buchungstag",
      "Wertstellung",
      "Buchungstext",
      "Auftraggeber / Begünstigter",
    ]);
    expect(seen.samples.map((r) => r[0])).toEqual(["02.03.26", "27.03.26", "31.02.26", "31.03.26"]);
    expect(seen.preset).toBeNull();
    expect(seen.skeleton?.date_format).toBe("DD.MM.YY");
  });

  it("drops a row cut off at the end of a partial head, and names a preset that reads the file", () => {
    const head = bytes("Posting Date,Amount,Description,Balance\n03/05/2026,-5.00,COFFEE,95.00\n03/06/2026,-1");
    const partial = inspectCsvHead(head, false);
    expect(partial.samples).toEqual([["03/05/2026", "-5.00", "COFFEE", "95.00"]]);
    expect(partial.preset).toBe("chase-checking");
    expect(inspectCsvHead(head, true).samples.length).toBe(2);
  });

  it("no header when no row looks like one", () => {
    const seen = inspectCsvHead(bytes("1,2\n3,4\n"), true);
    expect([seen.header, seen.skeleton, seen.samples]).toEqual([null, null, []]);
  });
});
