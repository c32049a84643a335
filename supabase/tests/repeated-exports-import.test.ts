/**
 * Repeated and overlapping exports through the real importer (@pfa/importer's importFile, the code behind
 * `npm run import`), then read back through GET net worth and GET accounts over the SQL read function, as the owner:
 * a bank's weekly CSV exports (a running-balance column) and an OFX card's overlapping downloads (closing balance
 * only) reconcile (API.md §9.3 and §9.6 as settled for issue 24). Each line is stored once; a duplicate still moves
 * the balance of every statement whose span holds its date. Runs on PGlite, and on TEST_DATABASE_URL's PostgreSQL
 * when it is set.
 */
import { importFile, type ImportReport } from "@pfa/importer";
import { afterAll, describe, expect, it } from "vitest";
import { createOperations } from "../../packages/core/src/operations/index.ts";
import { get } from "../../packages/core/src/testing/run.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { createAccountData } from "../functions/v1/data/account-data.ts";
import { readFunctionSql } from "../functions/v1/data/direct/read-function-sql.ts";
import type { Row } from "../functions/v1/data/values.ts";
import { actingAs, migratedDatabase } from "./helpers.ts";

const { byName } = createOperations();
const USER = "7e9e0000-0000-4000-8000-0000000000e1";

const HEADER = "date,amount,description,counterparty,category,kind,balance";
// The bank's balance column: 1,000.00 on March 1; −12.50 on the 2nd (987.50); +2,000.00 salary on the 3rd
// (2,987.50); −20.00 on the 5th (2,967.50); −30.00 on the 9th (2,937.50); +5.00 on the 12th (2,942.50).
const WEEK_1 = [
  HEADER,
  "2026-03-02,-12.50,Bakery,Kamps,Food,expense,987.50",
  "2026-03-03,2000.00,Salary,Acme GmbH,Salary,income,2987.50",
  "2026-03-05,-20.00,Groceries,REWE,Food,expense,2967.50",
].join("\r\n") + "\r\n";
// A week later, the last 10 days: two lines already imported, two new.
const WEEK_2 = [
  HEADER,
  "2026-03-03,2000.00,Salary,Acme GmbH,Salary,income,2987.50",
  "2026-03-05,-20.00,Groceries,REWE,Food,expense,2967.50",
  "2026-03-09,-30.00,Pharmacy,DM,Health,expense,2937.50",
  "2026-03-12,5.00,Cashback,Bank,,income,2942.50",
].join("\r\n") + "\r\n";

/** An OFX credit-card download: lines with FITIDs, a closing balance (LEDGERBAL) and no opening balance. */
function ofx(start: string, end: string, lines: [string, string, string][], closing: string): string {
  const trn = lines.map(([fitid, date, amount]) =>
    `<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>${date}120000</DTPOSTED><TRNAMT>${amount}</TRNAMT>` +
    `<FITID>${fitid}</FITID><NAME>Shop ${fitid}</NAME></STMTTRN>`
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<DTSERVER>${end}235959</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<CCSTMTRS><CURDEF>EUR</CURDEF><CCACCTFROM><ACCTID>4111111111111111</ACCTID></CCACCTFROM>
<BANKTRANLIST><DTSTART>${start}</DTSTART><DTEND>${end}</DTEND>
${trn}
</BANKTRANLIST><LEDGERBAL><BALAMT>${closing}</BALAMT><DTASOF>${end}</DTASOF></LEDGERBAL>
</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
`;
}
// The card: −120.00 on March 4, −30.00 on March 18, −150.00 on April 2. March's download closes at −450.00 (so it
// opened at −300.00); the next one, March 15 to April 14, repeats the 18th and closes at −600.00.
const CARD_MARCH = ofx(
  "20260301",
  "20260331",
  [["c1", "20260304", "-120.00"], ["c2", "20260318", "-30.00"]],
  "-450.00",
);
const CARD_APRIL = ofx(
  "20260315",
  "20260414",
  [["c2", "20260318", "-30.00"], ["c3", "20260402", "-150.00"]],
  "-600.00",
);

function sqlData(tx: SqlClient) {
  return createAccountData(async (name, args) => {
    const { text, params } = readFunctionSql(name, args);
    return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
  });
}

const engines: [string, () => Promise<TestDatabase>][] = [
  ["PGlite", () => migratedDatabase({ seed: false, pglite: true })],
];
if (process.env.TEST_DATABASE_URL) {
  engines.push(["PostgreSQL (TEST_DATABASE_URL)", () => migratedDatabase({ seed: false })]);
}

const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

describe.each(engines)("repeated and overlapping exports imported on %s", (_, open) => {
  it("reconcile, and the balances are the bank's", async () => {
    const db = await open();
    opened.push(db);
    await db.client.query("insert into auth.users (id, email) values ($1, 'weekly@example.com')", [USER]);
    const load = async (accountName: string, name: string, content: string): Promise<ImportReport> => {
      const [report] = await importFile(db.client, { name, content }, { userId: USER, accountName, currency: "EUR" });
      return report!;
    };
    const counts = (
      r: ImportReport,
    ) => [r.status, r.statement_start, r.opening_balance, r.transaction_count, r.duplicate_count];
    expect(counts(await load("Giro", "giro-week-1.csv", WEEK_1))).toEqual(["completed", "2026-03-02", "1000.00", 3, 0]);
    // The same file again: nothing new.
    expect(counts(await load("Giro", "giro-week-1.csv", WEEK_1))).toEqual(["completed", "2026-03-02", "1000.00", 0, 3]);
    // The overlapping export opens at the balance at the start of its first day, March 3.
    expect(counts(await load("Giro", "giro-week-2.csv", WEEK_2))).toEqual(["completed", "2026-03-03", "987.50", 2, 2]);
    expect(counts(await load("Card", "card-march.ofx", CARD_MARCH))).toEqual(["completed", "2026-03-01", null, 2, 0]);
    expect(counts(await load("Card", "card-april.ofx", CARD_APRIL))).toEqual(["completed", "2026-03-15", null, 1, 1]);

    const asOwner = <T>(fn: (tx: SqlClient) => Promise<T>) =>
      actingAs(db.client, { role: "authenticated", sub: USER }, fn);
    const worth = await asOwner((t) =>
      get(byName.get_net_worth, { currency: "EUR", from: "2026-03-10", to: "2026-03-10" }, {
        data: sqlData(t),
        subject: USER,
      })
    );
    // March 10: Giro inside the overlapping export, 987.50 + 2,000.00 − 20.00 − 30.00 = 2,937.50 (the bank's own
    // balance after the 9th, the deduplicated salary included); Card inside March's download: its derived opening
    // −300.00 − 120.00 = −420.00. Total 2,517.50.
    expect(worth.series).toEqual([{ date: "2026-03-10", total: "2517.50", account_count: 2 }]);
    const statements = (name: string) =>
      worth.accounts.find((a: { account_name: string }) => a.account_name === name)!.statements.map((
        s: Record<string, unknown>,
      ) => [
        s.opening_balance,
        s.opening_balance_source,
        s.computed_closing_balance,
        s.difference,
        s.continuity_difference,
      ]);
    expect(statements("Giro")).toEqual([
      ["1000.00", "reported", "2967.50", "0.00", null],
      ["1000.00", "reported", "2967.50", "0.00", "-1967.50"], // the repeat: it reconciles
      ["987.50", "reported", "2942.50", "0.00", "-1980.00"], // the overlap: it reconciles
    ]);
    expect(statements("Card")).toEqual([
      ["-300.00", "derived", "-450.00", null, null],
      ["-420.00", "derived", "-600.00", null, "30.00"], // −300.00 − 120.00 at the start of March 15
    ]);

    const accounts = await asOwner((t) =>
      get(byName.list_accounts, { as_of: "2026-04-10" }, { data: sqlData(t), subject: USER })
    );
    // April 10: Giro after its last export, its reported 2,942.50; Card inside April's download, −420.00 − 30.00 −
    // 150.00 = −600.00.
    expect(accounts.accounts).toEqual([
      {
        account_name: "Card",
        currency: "EUR",
        balance: "-600.00",
        balance_date: "2026-04-10",
        statement_count: 2,
        reconciled: null,
      },
      {
        account_name: "Giro",
        currency: "EUR",
        balance: "2942.50",
        balance_date: "2026-03-12",
        statement_count: 3,
        reconciled: true,
      },
    ]);
  });
});
