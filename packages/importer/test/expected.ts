/**
 * Hand-checked expectations of every fixture (worked out from the files by hand, not from the importer's output):
 * per statement the status, currency, span, balances, the number of lines imported, their sum, and the lines
 * rejected; for several fixtures every line as the API must return it.
 */
import { fileURLToPath } from "node:url";

export const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

export interface ExpectedLine {
  date: string;
  amount: string;
  description: string | null;
  counterparty: string | null;
  category: string | null;
  kind: "income" | "expense" | "transfer" | null;
}

export interface ExpectedStatement {
  status: "completed" | "partial";
  currency: string;
  statement_start: string;
  statement_end: string;
  opening_balance: string | null;
  closing_balance: string | null;
  transaction_count: number;
  /** Sum of the imported amounts. */
  sum: string;
  /** Line numbers of the rejected lines. */
  error_lines: number[];
  lines?: ExpectedLine[];
}

export interface Fixture {
  file: string;
  format: "csv" | "ofx" | "qif" | "camt053" | "mt940";
  currency?: string;
  mapping?: string;
  statements: ExpectedStatement[];
}

const line = (
  date: string,
  amount: string,
  description: string | null,
  counterparty: string | null,
  category: string | null = null,
  kind: ExpectedLine["kind"] = null,
): ExpectedLine => ({ date, amount, description, counterparty, category, kind });

export const FIXTURE_LIST: Fixture[] = [
  {
    file: "ofx/bank-sgml.ofx",
    format: "ofx",
    statements: [{
      status: "completed",
      currency: "USD",
      statement_start: "2026-01-01",
      statement_end: "2026-01-31",
      opening_balance: null,
      closing_balance: "4591.83",
      transaction_count: 4,
      sum: "1591.83", // 2150.00 − 45.67 − 500.00 − 12.50
      error_lines: [],
      lines: [
        line("2026-01-02", "2150.00", "Payroll", "Globex Corp"),
        line("2026-01-05", "-45.67", "Groceries & more", "Trader Joe's"),
        line("2026-01-16", "-500.00", "Transfer", "Bob Brokerage", null, "transfer"),
        line("2026-01-20", "-12.50", null, "Coffee Co"),
      ],
    }],
  },
  {
    file: "ofx/creditcard-xml.ofx",
    format: "ofx",
    statements: [{
      status: "completed",
      currency: "EUR",
      statement_start: "2026-02-01",
      statement_end: "2026-02-28",
      opening_balance: null,
      closing_balance: "-109.99",
      transaction_count: 3,
      sum: "-109.99", // −19.99 − 120.00 + 30.00
      error_lines: [],
    }],
  },
  {
    file: "camt053/v02-two-statements.xml",
    format: "camt053",
    statements: [
      {
        status: "completed",
        currency: "EUR",
        statement_start: "2026-01-01",
        statement_end: "2026-01-31",
        opening_balance: "1000.00",
        closing_balance: "1234.56",
        transaction_count: 2,
        sum: "234.56", // 300.00 − 65.44
        error_lines: [],
        lines: [
          line("2026-01-26", "300.00", "Sparplan", "Alice Girokonto", null, "transfer"),
          line("2026-01-28", "-65.44", "Abschlag Januar", "Stadtwerke"),
        ],
      },
      {
        // No FrToDt: the span is the first and last transaction's date; PRCD and CLAV are the balances.
        status: "completed",
        currency: "EUR",
        statement_start: "2026-02-03",
        statement_end: "2026-02-03",
        opening_balance: "1234.56",
        closing_balance: "1234.06",
        transaction_count: 1,
        sum: "-0.50",
        error_lines: [],
        lines: [line("2026-02-03", "-0.50", "Kontoführung", null)],
      },
    ],
  },
  {
    file: "camt053/v08.xml",
    format: "camt053",
    statements: [{
      // The second Ntry is in EUR, not the statement's CHF: rejected.
      status: "partial",
      currency: "CHF",
      statement_start: "2026-03-01",
      statement_end: "2026-03-31",
      opening_balance: "-50.00",
      closing_balance: "150.25",
      transaction_count: 1,
      sum: "200.25",
      error_lines: [2],
      lines: [line("2026-03-05", "200.25", "Rechnung 42", "Initech AG")],
    }],
  },
  {
    file: "mt940/multiline-86.sta",
    format: "mt940",
    statements: [{
      status: "completed",
      currency: "EUR",
      statement_start: "2026-03-01",
      statement_end: "2026-03-31",
      opening_balance: "1000.00",
      closing_balance: "3474.50",
      transaction_count: 2,
      sum: "2474.50", // −25.50 + 2500.00
      error_lines: [],
      lines: [
        line("2026-03-02", "-25.50", "Miete Maerz Wohnung 3", "Hausverwaltung Mueller"),
        line("2026-03-15", "2500.00", "Gehalt Maerz Acme GmbH", null),
      ],
    }],
  },
  {
    // A SWIFT-framed export (as Polish mBank's): SOH before each message, "-" and ETX after it, two messages in one
    // file, CRLF; :61: lines with the funds-code letter N and a supplementary-details line; a :86: over four lines.
    file: "mt940/framed-soh-etx.sta",
    format: "mt940",
    statements: [{
      status: "completed",
      currency: "PLN",
      statement_start: "2026-04-01",
      statement_end: "2026-04-30",
      opening_balance: "1500.00",
      closing_balance: "1380.01",
      transaction_count: 2,
      sum: "-119.99", // −120.00 + 0.01
      error_lines: [],
      lines: [
        line(
          "2026-04-02",
          "-120.00",
          "PRZELEW WYCHODZACY SPOLDZIELNIA MIESZKANIOWA UL. DLUGA 5 GDANSK CZYNSZ KWIECIEN 2026",
          null,
        ),
        line("2026-04-19", "0.01", "KAPITALIZACJA ODSETEK", null),
      ],
    }, {
      status: "completed",
      currency: "PLN",
      statement_start: "2026-04-30",
      statement_end: "2026-05-31",
      opening_balance: "1380.01",
      closing_balance: "3380.01",
      transaction_count: 1,
      sum: "2000.00",
      error_lines: [],
      lines: [line("2026-05-05", "2000.00", "WYNAGRODZENIE MAJ ACME SP. Z O.O. UL. KROTKA 1 KRAKOW", null)],
    }],
  },
  {
    // Funds codes (CN, DN, RDN: a reversed debit is money in) and a supplementary-details line after each :61:.
    file: "mt940/funds-code.sta",
    format: "mt940",
    statements: [{
      status: "completed",
      currency: "EUR",
      statement_start: "2026-05-01",
      statement_end: "2026-05-31",
      opening_balance: "200.00",
      closing_balance: "159.02",
      transaction_count: 3,
      sum: "-40.98", // 0.01 − 45.99 + 5.00
      error_lines: [],
      lines: [
        line("2026-05-04", "0.01", "Zinsgutschrift Mai", null),
        line("2026-05-06", "-45.99", "Buchhandlung Am Markt", null),
        line("2026-05-10", "5.00", "Storno Buchhandlung", null),
      ],
    }],
  },
  {
    // :86: over four lines, free text and structured (?20–?23 purpose, ?32/?33 name, continued across lines).
    file: "mt940/long-86.sta",
    format: "mt940",
    statements: [{
      status: "completed",
      currency: "PLN",
      statement_start: "2026-06-01",
      statement_end: "2026-06-30",
      opening_balance: "500.00",
      closing_balance: "1660.10",
      transaction_count: 2,
      sum: "1160.10", // −89.90 + 1250.00
      error_lines: [],
      lines: [
        line(
          "2026-06-03",
          "-89.90",
          "PRZELEW ZEWNETRZNY WYCHODZACY ORANGE POLSKA SA AL. JEROZOLIMSKIE 160 WARSZAWA FAKTURA 06/2026 NR 123456",
          null,
        ),
        line("2026-06-15", "1250.00", "Wynagrodzenie czerwiec 2026 premia", "ACME SP. Z O.O. ODDZIAL KRAKOW"),
      ],
    }],
  },
  {
    file: "qif/us-dates.qif",
    format: "qif",
    currency: "USD",
    statements: [{
      status: "completed",
      currency: "USD",
      statement_start: "2026-01-05",
      statement_end: "2026-01-20",
      opening_balance: null,
      closing_balance: null,
      transaction_count: 3,
      sum: "715.44", // −1234.56 + 2000.00 − 50.00
      error_lines: [],
      lines: [
        line("2026-01-05", "-1234.56", "January rent", "Landlord LLC", "Rent"),
        line("2026-01-15", "2000.00", null, "Globex Corp", "Salary"),
        line("2026-01-20", "-50.00", null, "Bob Brokerage", null, "transfer"),
      ],
    }],
  },
  {
    file: "qif/day-first.qif",
    format: "qif",
    currency: "EUR",
    statements: [{
      // 28/02 can only be day first, so 05/02 is 5 February; 31/02 does not exist.
      status: "partial",
      currency: "EUR",
      statement_start: "2026-02-05",
      statement_end: "2026-02-28",
      opening_balance: null,
      closing_balance: null,
      transaction_count: 2,
      sum: "-19.50",
      error_lines: [12],
    }],
  },
  {
    file: "csv/standard.csv",
    format: "csv",
    statements: [{
      // Two equal coffees on one day are both kept; the GBP line differs from the statement's EUR.
      status: "partial",
      currency: "EUR",
      statement_start: "2026-04-01",
      statement_end: "2026-04-03",
      opening_balance: null,
      closing_balance: null,
      transaction_count: 4,
      sum: "1448.60", // −3.20 − 3.20 + 1500.00 − 45.00
      error_lines: [6],
      lines: [
        line("2026-04-01", "-3.20", "Coffee", "Cafe Nero", "Dining", "expense"),
        line("2026-04-01", "-3.20", "Coffee", "Cafe Nero", "Dining", "expense"),
        line("2026-04-02", "1500.00", "Salary", "Acme", "Salary", "income"),
        line("2026-04-03", "-45.00", "Refund reversal", "Shop"),
      ],
    }],
  },
  {
    file: "csv/ing-de.csv",
    format: "csv",
    statements: [{
      // Newest first; opening = −2285.44 − (−1150.00) after the oldest line.
      status: "completed",
      currency: "EUR",
      statement_start: "2026-04-01",
      statement_end: "2026-04-30",
      opening_balance: "-1135.44",
      closing_balance: "1234.56",
      transaction_count: 3,
      sum: "2370.00",
      error_lines: [],
    }],
  },
  {
    file: "csv/chase-checking.csv",
    format: "csv",
    statements: [{
      status: "completed",
      currency: "USD",
      statement_start: "2026-05-01",
      statement_end: "2026-05-03",
      opening_balance: "0.00",
      closing_balance: "994.25",
      transaction_count: 2,
      sum: "994.25",
      error_lines: [],
    }],
  },
  {
    file: "csv/lloyds.csv",
    format: "csv",
    statements: [{
      status: "completed",
      currency: "GBP",
      statement_start: "2026-06-01",
      statement_end: "2026-06-02",
      opening_balance: "0.00",
      closing_balance: "976.55",
      transaction_count: 2,
      sum: "976.55",
      error_lines: [],
    }],
  },
  {
    file: "csv/monzo.csv",
    format: "csv",
    statements: [{
      status: "completed",
      currency: "GBP",
      statement_start: "2026-07-01",
      statement_end: "2026-07-03",
      opening_balance: null,
      closing_balance: null,
      transaction_count: 3,
      sum: "2492.90", // −4.50 + 2500.00 − 2.60
      error_lines: [],
    }],
  },
  {
    // A DKB-like export in windows-1252: account details above the header, `;`, DD.MM.YY dates, a decimal comma,
    // the currency only in "Betrag (EUR)". The mapping is what `--init-mapping` writes for it, unedited.
    file: "csv/dkb-two-digit-years.csv",
    format: "csv",
    mapping: "csv/dkb-two-digit-years.mapping.json",
    statements: [{
      status: "partial",
      currency: "EUR",
      statement_start: "2026-03-02",
      statement_end: "2026-03-31",
      opening_balance: null,
      closing_balance: null,
      transaction_count: 3,
      sum: "1954.00", // −45.50 + 2000.00 − 0.50
      error_lines: [10], // 31.02.26: there is no 31 February
      lines: [
        line("2026-03-02", "-45.50", "Abschlag Maerz", "Stadtwerke Berlin"),
        line("2026-03-27", "2000.00", "Gehalt Maerz", "ACME GmbH"),
        line("2026-03-31", "-0.50", "Einkauf 30.03.", "Bäckerei Müller"),
      ],
    }],
  },
  {
    file: "csv/custom-tab.csv",
    format: "csv",
    mapping: "csv/custom-tab.mapping.json",
    statements: [{
      status: "partial",
      currency: "EUR",
      statement_start: "2026-08-01",
      statement_end: "2026-08-03",
      opening_balance: null,
      closing_balance: null,
      transaction_count: 3,
      sum: "1513.00", // −1000.00 + 2500.50 + 12.50
      error_lines: [5],
    }],
  },
];
