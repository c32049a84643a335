/**
 * The demo users' accounts in further currencies (issue 26: currency conversion), so that `convert=true` has
 * something to convert: alice (EUR, who already has a USD travel card) gets a CHF savings account with ski-holiday
 * spending in winter; bob (USD) gets a EUR travel card used twice a year and a small CHF account. Deterministic like
 * the rest of the demo data (seeded generators, dates from `endDate`). The rates that convert them are the shipped
 * sample supabase/rates/demo-rates.csv, loaded by the seed (see supabase/rates/README.md).
 */
import { dayOfMonth, minDate, monthEnd, monthsEndingWith } from "./dates.ts";
import type { Dataset } from "./dataset.ts";
import { type Account, DEMO_MONTHS, DEMO_USERS, type Line, StatementWriter } from "./demo-data.ts";
import { Random } from "./random.ts";

export function demoCurrencies(data: Dataset, endDate: string): void {
  aliceFrancs(data, endDate);
  bobAbroad(data, endDate);
}

const month0 = (iso: string) => Number(iso.slice(5, 7));

/** Alice's CHF account: a monthly standing order in, quarterly interest, ski trips in January and February. */
function aliceFrancs(data: Dataset, endDate: string): void {
  const ids = new Random("demo:alice:chf:ids");
  const rng = new Random("demo:alice:chf");
  const account: Account = {
    name: "Sparkonto CHF",
    currency: "CHF",
    format: "camt053",
    fileStem: "sparkonto-chf",
    balance: 250000,
  };
  const writer = new StatementWriter(data, DEMO_USERS.alice.id, ids);
  monthsEndingWith(endDate, DEMO_MONTHS).forEach((month) => {
    const last = minDate(monthEnd(month), endDate);
    const on = (day: number) => minDate(dayOfMonth(month, day), last);
    const lines: Line[] = [
      {
        date: on(3),
        amount_minor: 40000,
        description: "Dauerauftrag",
        counterparty: "Alice Girokonto",
        category: "Savings",
        kind: "transfer",
      },
    ];
    if (month0(month) % 3 === 0) {
      lines.push({
        date: on(30),
        amount_minor: rng.int(300, 900),
        description: "Zins",
        counterparty: "PostFinance",
        category: "Interest",
        kind: null,
      });
    }
    if (month0(month) === 1 || month0(month) === 2) {
      // A Saturday-or-any-day ski weekend: lift pass, hotel, a refund of a cancelled night.
      lines.push(
        {
          date: on(10),
          amount_minor: -rng.int(6000, 9000),
          description: "Skipass Zermatt",
          counterparty: "Zermatt Bergbahnen",
          category: "Travel",
          kind: null,
        },
        {
          date: on(11),
          amount_minor: -rng.int(18000, 32000),
          description: "Hotel",
          counterparty: "Hotel Alpina",
          category: "Travel",
          kind: null,
        },
        {
          date: on(12),
          amount_minor: rng.int(4000, 6000),
          description: "Rückerstattung Nacht",
          counterparty: "Hotel Alpina",
          category: "Travel",
          kind: "expense",
        },
      );
    }
    writer.write(account, month, last, lines);
  });
}

/** Bob's EUR travel card (used in May and October) and a small CHF account with a yearly fee. */
function bobAbroad(data: Dataset, endDate: string): void {
  const ids = new Random("demo:bob:abroad:ids");
  const rng = new Random("demo:bob:abroad");
  const card: Account = { name: "Euro Travel Card", currency: "EUR", format: "csv", fileStem: "euro-card", balance: 0 };
  const francs: Account = {
    name: "Swiss Account",
    currency: "CHF",
    format: "mt940",
    fileStem: "swiss",
    balance: 120000,
  };
  const writer = new StatementWriter(data, DEMO_USERS.bob.id, ids);
  monthsEndingWith(endDate, DEMO_MONTHS).forEach((month) => {
    const last = minDate(monthEnd(month), endDate);
    const on = (day: number) => minDate(dayOfMonth(month, day), last);
    if (month0(month) === 5 || month0(month) === 10) {
      const lines: Line[] = [
        {
          date: on(5),
          amount_minor: -rng.int(8000, 20000),
          description: "Restaurant",
          counterparty: "Trattoria Roma",
          category: "Dining",
          kind: null,
        },
        {
          date: on(6),
          amount_minor: -rng.int(2000, 6000),
          description: "Museum",
          counterparty: "Musei Vaticani",
          category: "Travel",
          kind: null,
        },
        {
          date: on(7),
          amount_minor: -rng.int(30000, 60000),
          description: "Hotel",
          counterparty: "Hotel Roma",
          category: "Travel",
          kind: null,
        },
        {
          date: on(20),
          amount_minor: 50000,
          description: "Card top-up",
          counterparty: "Bob Everyday Checking",
          category: null,
          kind: "transfer",
        },
      ];
      writer.write(card, month, last, lines);
    }
    if (month0(month) === 12) {
      writer.write(francs, month, last, [
        {
          date: on(31),
          amount_minor: -rng.int(2000, 3000),
          description: "Kontoführung",
          counterparty: "Bank",
          category: "Fees",
          kind: null,
        },
      ]);
    }
  });
}
