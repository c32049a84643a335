/**
 * CSV files through the whole pipeline (audit findings): balances from a running-balance column whatever the order
 * of the lines and only from the lines imported; text that is not UTF-8; delimiters next to commas in text and
 * decimal commas; CSV content under an MT940 extension; the line numbers of errors after multi-line records.
 * Every expected value is worked out by hand from the file in the test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile, type ImportOptions, validateMapping } from "../src/mod.ts";
import type { CsvMapping } from "../src/mod.ts";
import { migratedDatabase } from "../../../supabase/tests/helpers.ts";
import type { TestDatabase } from "../../../scripts/db/test-database.ts";
import { createUser } from "./helpers.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "./expected.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
});
afterAll(async () => {
  await db?.close();
});

async function importCsv(name: string, content: string | Uint8Array, options: Partial<ImportOptions> = {}) {
  const userId = await createUser(db.client);
  const [report] = await importFile(db.client, { name, content }, { userId, accountName: "A", ...options });
  return report!;
}

async function storedTexts(importId: string | null) {
  return await db.client.query<{ description: string | null; counterparty: string | null }>(
    `select description, counterparty from public.statement_transactions where statement_import_id = $1
     order by date`,
    [importId],
  );
}

const latin1 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

const CHASE_HEADER = "Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\n";

describe("CSV balances from the running-balance column", () => {
  it("reads a newest-first file of one date (LUNCH 100.00 → 90.00, then COFFEE → 85.00)", async () => {
    const newestFirst = CHASE_HEADER + 'DEBIT,03/05/2026,"COFFEE",-5.00,DEBIT_CARD,85.00,,\n' +
      'DEBIT,03/05/2026,"LUNCH",-10.00,DEBIT_CARD,90.00,,\n';
    const report = await importCsv("chase_sameday.csv", newestFirst);
    expect([report.status, report.opening_balance, report.closing_balance]).toEqual(["completed", "100.00", "85.00"]);
    const oldestFirst = CHASE_HEADER + 'DEBIT,03/05/2026,"LUNCH",-10.00,DEBIT_CARD,90.00,,\n' +
      'DEBIT,03/05/2026,"COFFEE",-5.00,DEBIT_CARD,85.00,,\n';
    const again = await importCsv("chase_sameday_oldest_first.csv", oldestFirst);
    expect([again.opening_balance, again.closing_balance]).toEqual(["100.00", "85.00"]);
  });

  it("orders unsorted lines by date (payroll 0.00 → 2000.00 on 03-03, …, 1894.25 after 03-05)", async () => {
    const report = await importCsv(
      "chase_unsorted.csv",
      CHASE_HEADER + 'DEBIT,03/05/2026,"STARBUCKS STORE 123",-5.75,DEBIT_CARD,1894.25,,\n' +
        'CREDIT,03/03/2026,"PAYROLL ACME",2000.00,ACH_CREDIT,2000.00,,\n' +
        'DEBIT,03/04/2026,"CHECK 101",-100.00,CHECK_PAID,1900.00,101,\n',
    );
    expect([report.statement_start, report.statement_end, report.opening_balance, report.closing_balance]).toEqual([
      "2026-03-03",
      "2026-03-05",
      "0.00",
      "1894.25",
    ]);
  });

  it("leaves both balances null when the order of the lines of one date cannot be told", async () => {
    // 85.00 after −5.00 and 70.00 after −10.00 link neither way: 85 − 10 = 75 ≠ 70 and 70 − 5 = 65 ≠ 85.
    const report = await importCsv(
      "chase_ambiguous.csv",
      CHASE_HEADER + 'DEBIT,03/05/2026,"COFFEE",-5.00,DEBIT_CARD,85.00,,\n' +
        'DEBIT,03/05/2026,"LUNCH",-10.00,DEBIT_CARD,70.00,,\n',
    );
    expect([report.status, report.transaction_count, report.opening_balance, report.closing_balance]).toEqual([
      "completed",
      2,
      null,
      null,
    ]);
  });

  it("takes the balances from the imported lines only: a rejected line does not fail the file", async () => {
    // Line 4's −0.5 is not a JPY amount: rejected. The two others: 10000 − 1200 = 8800, 8800 + 500 = 9300.
    const report = await importCsv(
      "jpy.csv",
      'date,amount,description,balance\n2026-03-01,"-1,200",Lawson,8800\n2026-03-02,500,Refund,9300\n' +
        "2026-03-03,-0.5,half,9299.5\n",
      { currency: "JPY" },
    );
    expect({
      status: report.status,
      transactions: report.transaction_count,
      error_lines: report.errors.map((e) => e.line),
      span: [report.statement_start, report.statement_end],
      balances: [report.opening_balance, report.closing_balance],
    }).toEqual({
      status: "partial",
      transactions: 2,
      error_lines: [4],
      span: ["2026-03-01", "2026-03-02"],
      balances: ["10000", "9300"],
    });
  });

  it("leaves the balances null when an imported line's balance is not exact in the currency", async () => {
    const report = await importCsv(
      "jpy_half_balance.csv",
      "date,amount,description,balance\n2026-03-01,-1200,Lawson,8800.5\n",
      { currency: "JPY" },
    );
    expect([report.status, report.transaction_count, report.opening_balance, report.closing_balance]).toEqual([
      "completed",
      1,
      null,
      null,
    ]);
  });
});

describe("CSV text that is not UTF-8", () => {
  it("reads ISO-8859-1 / windows-1252 bytes as QIF does, never as U+FFFD", async () => {
    const report = await importCsv("latin1_std.csv", latin1("date,amount,description\n2026-03-01,1.00,café\n"), {
      currency: "EUR",
    });
    expect(report.status).toBe("completed");
    expect(await storedTexts(report.statement_import_id)).toEqual([{ description: "café", counterparty: null }]);
    const qif = await importCsv("latin1.qif", latin1("!Type:Bank\nD03/01/2026\nT1.00\nPcafé\n^\n"), {
      currency: "EUR",
    });
    expect(await storedTexts(qif.statement_import_id)).toEqual([{ description: null, counterparty: "café" }]);
  });

  it("recognises an ISO-8859-1 ING export by its header (Auftraggeber/Empfänger)", async () => {
    const ing = latin1(
      "Umsatzanzeige;Datei erstellt am: 31.03.2026 10:00\r\n;\r\nIBAN;DE12 5001 0517 0000 0000 00\r\n;\r\n" +
        "Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung\r\n" +
        "31.03.2026;31.03.2026;Stadtwerke;Lastschrift;Abschlag März;1.234,56;EUR;-80,00;EUR\r\n",
    );
    const report = await importCsv("ing_latin1.csv", ing);
    // 1234.56 after −80.00: opened at 1314.56.
    expect([report.status, report.currency, report.opening_balance, report.closing_balance]).toEqual([
      "completed",
      "EUR",
      "1314.56",
      "1234.56",
    ]);
    expect(await storedTexts(report.statement_import_id)).toEqual([
      { description: "Abschlag März", counterparty: "Stadtwerke" },
    ]);
  });

  it("fails a file that turns from UTF-8 into another encoding, naming the byte", async () => {
    // Line 1 is 24 bytes, line 2 ("…café\n", é in two bytes) 22: line 3's lone 0xE9 is byte 24 + 22 + 20 = 66.
    const mixed = new Uint8Array([
      ...new TextEncoder().encode("date,amount,description\n2026-03-01,1.00,café\n2026-03-02,2.00,caf"),
      0xE9,
      0x0A,
    ]);
    const report = await importCsv("mixed.csv", mixed, { currency: "EUR" });
    expect(report.status).toBe("failed");
    expect(report.errors[0]!.message).toMatch(/^byte 66 is not UTF-8/);
    expect(report.transaction_count).toBe(0);
  });
});

describe("CSV delimiters, extensions and line numbers", () => {
  it("finds the `;` of a file whose text holds commas and decimal commas", async () => {
    const mapping = validateMapping({
      date_format: "DD.MM.YYYY",
      decimal: ",",
      currency: "EUR",
      columns: { date: "Datum", amount: "Betrag", description: "Text" },
    }) as CsvMapping;
    const report = await importCsv(
      "delim_commas.csv",
      "Datum;Betrag;Text\n01.03.2026;-1,50;Kartenzahlung, Rewe, Berlin\n02.03.2026;-2,50;Kartenzahlung, Edeka, Berlin\n" +
        "03.03.2026;-3,50;Kartenzahlung, Aldi, Berlin\n",
      { mapping },
    );
    expect([report.status, report.transaction_count]).toEqual(["completed", 3]);
    expect((await storedTexts(report.statement_import_id)).map((r) => r.description)).toEqual([
      "Kartenzahlung, Rewe, Berlin",
      "Kartenzahlung, Edeka, Berlin",
      "Kartenzahlung, Aldi, Berlin",
    ]);
  });

  it.each(["csv_as.sta", "csv_as.mt940"])("imports CSV content named %s as CSV", async (name) => {
    const report = await importCsv(
      name,
      "date,amount,description,counterparty\n2026-03-01,-3.00,Coffee,Cafe\n2026-03-02,-500.00,Rent,Landlord\n",
      { currency: "EUR" },
    );
    expect([report.format, report.status, report.transaction_count]).toEqual(["csv", "completed", 2]);
  });

  it("reports the physical line a bad record starts on, after CRLF multi-line fields and blank lines", async () => {
    // 1 header; 2–3 a quoted field over two lines; 4, 5 blank; 6, 7 bad; 8 good; 9 bad.
    const multiline = "date,amount,description\r\n" + '2026-03-01,1.00,"two\r\nlines"\r\n' + "\r\n\r\n" +
      "2026-03-02,abc,bad amount line 6\r\n" + '2026-03-03,"1,5",bad line 7\r\n' + "2026-03-04,2.00,ok\r\n" +
      "2026-03-99,2.00,bad line 9\r\n";
    const report = await importCsv("multiline.csv", multiline, { currency: "EUR" });
    expect([report.transaction_count, report.errors.map((e) => e.line)]).toEqual([2, [6, 7, 9]]);
    const short = "date,amount,description\r\n" + '2026-03-01,1.00,"two\r\nlines"\r\n' + "2026-03-02,abc,line4\r\n";
    expect((await importCsv("ln_multi_crlf.csv", short, { currency: "EUR" })).errors.map((e) => e.line)).toEqual([4]);
  });

  it("reads a file whose line ends change (LF, then CRLF) without taking a blank line for a record", async () => {
    // 1 header (LF); 2 good (CRLF); 3 blank; 4 bad.
    const report = await importCsv(
      "mixed_ends.csv",
      "date,amount,description\n2026-03-01,1.00,x\r\n\r\n2026-03-02,abc,y\r\n",
      { currency: "EUR" },
    );
    expect([report.transaction_count, report.errors.map((e) => e.line)]).toEqual([1, [4]]);
  });
});

describe("CSV exports no preset reads", () => {
  const dkb = readFileSync(join(FIXTURES, "csv/dkb-two-digit-years.csv"));

  it("names the header row found, lists the presets and points to --init-mapping", async () => {
    const report = await importCsv("dkb.csv", dkb, { currency: "EUR" });
    expect(report.status).toBe("failed");
    expect(report.errors).toEqual([{
      line: 0,
      message: "no header row matches a CSV preset: the header row found (line 7) is " +
        '"Buchungstag", "Wertstellung", "Buchungstext", "Auftraggeber / Begünstigter", "Verwendungszweck", ' +
        '"Kontonummer", "BLZ", "Betrag (EUR)", "Gläubiger-ID", "Mandatsreferenz", "Kundenreferenz". ' +
        "The presets and the columns each needs: standard (date, amount); ing-de (Buchung, Betrag, " +
        "Verwendungszweck, Auftraggeber/Empfänger, Saldo); chase-checking (Posting Date, Amount, Description, " +
        "Balance); lloyds (Transaction Date, Debit Amount, Credit Amount, Transaction Description, Balance); " +
        "monzo (Transaction ID, Date, Amount, Currency, Name, Category, Notes and #tags). For this file, write a " +
        "mapping from its header with `npm run -s import -- --init-mapping mapping.json FILE`, check and complete " +
        "it, then import with `--mapping mapping.json`",
    }]);
  });

  it("says so when no row looks like a header", async () => {
    const report = await importCsv("numbers.csv", "1;2;3\n4;5;6\n", { currency: "EUR" });
    expect(report.errors[0]!.message).toMatch(
      /^no header row matches a CSV preset: no row of the first 20 looks like a header row \(two or more names, no dates or amounts\)\. The presets/,
    );
  });

  it("an unreadable date names the mapping's format and lists every accepted one", async () => {
    const mapping = validateMapping({ date_format: "DD.MM.YY", decimal: ",", columns: { date: "d", amount: "a" } });
    const report = await importCsv("short-years.csv", "d;a\n05.03.26;-1,00\n05.03.2026;-2,00\n", {
      currency: "EUR",
      mapping: mapping as CsvMapping,
    });
    expect([report.status, report.transaction_count, report.statement_start]).toEqual(["partial", 1, "2026-03-05"]);
    expect(report.errors).toEqual([{
      line: 3,
      message: 'date "05.03.2026" is not a DD.MM.YY date (the mapping\'s date_format; accepted formats: ' +
        "YYYY-MM-DD (2026-03-05), DD.MM.YYYY (05.03.2026), DD.MM.YY (05.03.26), MM/DD/YYYY (03/05/2026), " +
        "DD/MM/YYYY (05/03/2026), YYYYMMDD (20260305))",
    }]);
  });
});
