/**
 * Deterministic demo data: two users with about two years of realistic finances, ending at a fixed date.
 *
 * - alice@example.com: EUR, Europe/Berlin. A EUR current account imported monthly (CSV) and a USD travel card
 *   imported in the months it was used (OFX). Salary, rent, groceries, utilities, dining, shopping, transport,
 *   subscriptions, monthly transfers to savings, refunds (positive expenses), salary corrections (negative
 *   income, i.e. reversals), cashback without a kind, uncategorized card payments; one partially failed import and
 *   one failed import. EUR budgets every month, USD travel budgets; four goals (one in USD). A savings account
 *   (Tagesgeld) with one statement missing and one that does not add up, and a credit card with a negative balance.
 * - bob@example.com: USD, America/New_York. One checking account (OFX), twice-monthly salary, rent, groceries,
 *   transfers to a brokerage account, refunds, a reversal, uncategorized payments; budgets; three goals (one
 *   without contributions, one without a target date). A credit card with a negative balance for the last 6 months.
 *
 * Same options, same rows, byte for byte: every value comes from a seeded generator and the dates from
 * `endDate` (default DEMO_END_DATE), never from the clock. The data covers the 24 calendar months that end with
 * the month of `endDate`, and no row is dated after `endDate`.
 */
import { addDays, dayOfMonth, minDate, monthEnd, monthsEndingWith } from "./dates.ts";
import { type Dataset, emptyDataset, type Kind, type StatementImportRow } from "./dataset.ts";
import { Random } from "./random.ts";
import { demoCurrencies } from "./demo-currencies.ts";

/** The fixed demo users. Their ids never change, so tokens and tests can name them. */
export const DEMO_USERS = {
  alice: { id: "a11ce000-0000-4000-8000-000000000001", email: "alice@example.com" },
  bob: { id: "b0b00000-0000-4000-8000-000000000002", email: "bob@example.com" },
} as const;

/** Default last day of the demo data. */
export const DEMO_END_DATE = "2026-11-30";

/** Months of history per user. */
export const DEMO_MONTHS = 24;

export interface DemoOptions {
  /** Last date of the data, `YYYY-MM-DD`; default DEMO_END_DATE. */
  readonly endDate?: string;
}

export interface Line {
  date: string;
  amount_minor: number;
  description: string;
  counterparty: string | null;
  category: string | null;
  kind: Kind | null;
}

export interface Account {
  readonly name: string;
  readonly currency: string;
  readonly format: StatementImportRow["format"];
  readonly fileStem: string;
  balance: number;
}

/** The file name extension of each format's statement files. */
const FILE_EXTENSION: Record<StatementImportRow["format"], string> = {
  csv: "csv",
  qif: "qif",
  ofx: "ofx",
  camt053: "xml",
  mt940: "sta",
};

/** Builds the statement imports and transactions of one user, keeping running balances per account. */
export class StatementWriter {
  /** Each account's last written statement's lines, by date: what an overlapping export repeats. */
  private readonly lastLines = new WeakMap<Account, readonly Line[]>();

  constructor(
    private readonly data: Dataset,
    private readonly userId: string,
    private readonly ids: Random,
  ) {}

  /**
   * One import covering `start`..`end` with `lines` (sorted by date); returns the import id. With `duplicates`, the
   * export overlaps the account's previous statement as a bank's would: it starts on the day of that statement's
   * `duplicates`-th last line and repeats every line of the previous statement from that day on (whole days: each
   * file holds every line of its span), its opening balance is the balance at the start of that day, and the
   * repeated lines are the import's duplicates. Without a previous statement there is nothing to repeat.
   */
  write(
    account: Account,
    start: string,
    end: string,
    lines: Line[],
    extra: {
      status?: StatementImportRow["status"];
      duplicates?: number;
      errors?: number;
      /** Added to the reported closing balance only (a statement that does not add up); the account keeps the truth. */
      closingError?: number;
    } = {},
  ): string {
    const id = this.ids.uuid();
    const sorted = [...lines].sort((a, b) => a.date.localeCompare(b.date));
    const previous = this.lastLines.get(account) ?? [];
    const k = Math.min(extra.duplicates ?? 0, previous.length);
    const overlapStart = k > 0 ? previous[previous.length - k]!.date : null;
    const repeated = overlapStart === null ? [] : previous.filter((l) => l.date >= overlapStart);
    this.lastLines.set(account, sorted);
    const opening = repeated.reduce((balance, l) => balance - l.amount_minor, account.balance);
    for (const line of sorted) {
      account.balance += line.amount_minor;
      this.data.statement_transactions.push({
        id: this.ids.uuid(),
        user_id: this.userId,
        statement_import_id: id,
        date: line.date,
        amount_minor: line.amount_minor,
        currency: account.currency,
        description: line.description,
        counterparty: line.counterparty,
        category: line.category,
        kind: line.kind,
      });
    }
    this.data.statement_imports.push({
      id,
      user_id: this.userId,
      account_name: account.name,
      file_name: `${account.fileStem}_${start.slice(0, 7)}.${FILE_EXTENSION[account.format]}`,
      format: account.format,
      status: extra.status ?? ((extra.errors ?? 0) > 0 ? "partial" : "completed"),
      statement_start: overlapStart ?? start,
      statement_end: end,
      currency: account.currency,
      opening_balance_minor: opening,
      closing_balance_minor: account.balance + (extra.closingError ?? 0),
      transaction_count: sorted.length,
      duplicate_count: repeated.length,
      error_count: extra.errors ?? 0,
      imported_at: `${addDays(end, 1)}T06:${String(this.ids.int(0, 59)).padStart(2, "0")}:00Z`,
    });
    return id;
  }

  failed(account: Account, monthStartIso: string, importedAt: string, errors: number): void {
    this.data.statement_imports.push({
      id: this.ids.uuid(),
      user_id: this.userId,
      account_name: account.name,
      file_name: `${account.fileStem}_${monthStartIso.slice(0, 7)}_export.${account.format}`,
      format: account.format,
      status: "failed",
      statement_start: null,
      statement_end: null,
      currency: account.currency,
      opening_balance_minor: null,
      closing_balance_minor: null,
      transaction_count: 0,
      duplicate_count: 0,
      error_count: errors,
      imported_at: importedAt,
    });
  }
}

/** Dates strictly inside the month, at most `last`. */
function randomDay(rng: Random, month: string, last: string): string {
  return minDate(dayOfMonth(month, rng.int(1, 28)), last);
}

function alice(data: Dataset, endDate: string): void {
  const userId = DEMO_USERS.alice.id;
  const rng = new Random("demo:alice");
  const ids = new Random("demo:alice:ids");
  const writer = new StatementWriter(data, userId, ids);
  data.users.push({ id: userId, email: DEMO_USERS.alice.email, created_at: "2024-11-15T09:30:00Z" });
  data.profiles.push({ user_id: userId, default_currency: "EUR", timezone: "Europe/Berlin" });

  const giro: Account = { name: "Girokonto", currency: "EUR", format: "csv", fileStem: "girokonto", balance: 245000 };
  const card: Account = {
    name: "USD Travel Card",
    currency: "USD",
    format: "ofx",
    fileStem: "travel-card",
    balance: 50000,
  };
  const months = monthsEndingWith(endDate, DEMO_MONTHS);

  months.forEach((month, index) => {
    const last = minDate(monthEnd(month), endDate);
    const lines: Line[] = [];
    const add = (
      day: number | string,
      amount: number,
      description: string,
      counterparty: string | null,
      category: string | null,
      kind: Kind | null,
    ) => {
      const date = typeof day === "string" ? day : minDate(dayOfMonth(month, day), last);
      lines.push({ date, amount_minor: amount, description, counterparty, category, kind });
    };
    const year2026 = month >= "2026-01-01";
    add(1, -115000, "Miete", "Hausverwaltung Müller", "Rent", "expense");
    add(3, -rng.int(70, 110) * 100, "Abschlag Strom/Gas", "Stadtwerke Berlin", "Utilities", null);
    add(5, month >= "2025-05-01" ? -5800 : -4900, "Deutschlandticket", "BVG", "Transport", "expense");
    add(8, -1299, "Streamflix Abo", "Streamflix", "Subscriptions", "expense");
    add(25, year2026 ? 360000 : 345000, "Gehalt", "Acme GmbH", "Salary", "income");
    add(26, -30000, "Sparplan Tagesgeld", "Alice Tagesgeld", "Savings", "transfer");
    for (let i = rng.int(6, 9); i > 0; i--) {
      add(
        randomDay(rng, month, last),
        -rng.int(1200, 9500),
        "Einkauf",
        rng.pick(["REWE", "Lidl", "Edeka", "Aldi"]),
        "Groceries",
        "expense",
      );
    }
    for (let i = rng.int(2, 4); i > 0; i--) {
      add(
        randomDay(rng, month, last),
        -rng.int(1500, 6500),
        "Restaurant",
        rng.pick(["Trattoria Roma", "Sushi Bar", "Curry 36"]),
        "Dining",
        "expense",
      );
    }
    for (let i = rng.int(0, 2); i > 0; i--) {
      add(
        randomDay(rng, month, last),
        -rng.int(2000, 15000),
        "Online-Bestellung",
        rng.pick(["Zalando", "Amazon"]),
        "Shopping",
        "expense",
      );
    }
    // Uncategorized card payments without a kind: expenses by the sign rule.
    for (let i = rng.int(1, 2); i > 0; i--) {
      add(randomDay(rng, month, last), -rng.int(500, 4000), "Kartenzahlung", null, null, null);
    }
    // A refund: a positive expense, which reduces shopping spending.
    if (index % 3 === 1) {
      add(randomDay(rng, month, last), rng.int(1000, 5000), "Rücksendung", "Zalando", "Shopping", "expense");
    }
    // Cashback with no kind and no category: income by the sign rule.
    if (index % 4 === 2) add(randomDay(rng, month, last), rng.int(100, 900), "Cashback", "Bank", null, null);
    // Salary corrections: negative income (reversals), which reduce income.
    if (index === 7 || index === 19) {
      add(27, -rng.int(50, 200) * 100, "Gehaltskorrektur", "Acme GmbH", "Salary", "income");
    }
    // Money back from savings once a year.
    if (index % 12 === 6) add(15, 50000, "Umbuchung vom Tagesgeld", "Alice Tagesgeld", "Savings", "transfer");

    const isPartial = index === 10;
    writer.write(giro, month, last, lines, {
      duplicates: index % 5 === 0 ? rng.int(1, 3) : 0,
      errors: isPartial ? 2 : 0,
    });
    if (index === 14) writer.failed(giro, month, `${addDays(last, 1)}T05:12:00Z`, 1);

    // The USD travel card, used every fourth month.
    if (index % 4 === 2) {
      const usd: Line[] = [];
      const addUsd = (
        amount: number,
        description: string,
        counterparty: string | null,
        category: string | null,
        kind: Kind | null,
      ) =>
        usd.push({
          date: randomDay(rng, month, last),
          amount_minor: amount,
          description,
          counterparty,
          category,
          kind,
        });
      addUsd(40000, "Top-up from Girokonto", "Alice", null, "transfer");
      addUsd(-rng.int(8000, 25000), "Hotel", rng.pick(["Hilton", "Marriott"]), "Travel", "expense");
      addUsd(-rng.int(2000, 6000), "Dinner", "Joe's Diner", "Dining", "expense");
      addUsd(-rng.int(1500, 4000), "Subway card", "MTA", "Transport", "expense");
      if (index % 8 === 2) addUsd(rng.int(20000, 60000), "Freelance invoice", "Initech Inc.", "Freelance", "income");
      if (index % 8 === 6) addUsd(rng.int(1000, 3000), "Hotel refund", "Marriott", "Travel", "expense");
      // The card's OFX download overlaps the previous one now and then: a line the import skips as a duplicate.
      writer.write(card, month, last, usd, { duplicates: index % 8 === 6 ? 2 : 0 });
    }

    // Budgets (EUR every month; USD travel budget in travel months).
    const budgets: [string, number][] = [
      ["Groceries", year2026 ? 42000 : 40000],
      ["Dining", 15000],
      ["Transport", 6000],
      ["Utilities", 10000],
      ["Subscriptions", 2000],
      ["Shopping", 15000],
    ];
    for (const [category, amount] of budgets) {
      data.budgets.push({ id: ids.uuid(), user_id: userId, month, category, amount_minor: amount, currency: "EUR" });
    }
    if (index % 4 === 2) {
      data.budgets.push({
        id: ids.uuid(),
        user_id: userId,
        month,
        category: "Travel",
        amount_minor: 40000,
        currency: "USD",
      });
    }
  });

  const first = months[0]!;
  const goal = (name: string, currency: string, target: number, targetDate: string | null) => {
    const id = ids.uuid();
    data.goals.push({
      id,
      user_id: userId,
      name,
      currency,
      target_minor: target,
      target_date: targetDate,
      created_at: `${first}T10:00:00Z`,
    });
    return id;
  };
  const contribute = (goalId: string, date: string, amount: number) => {
    if (date <= endDate) {
      data.goal_contributions.push({ id: ids.uuid(), user_id: userId, goal_id: goalId, date, amount_minor: amount });
    }
  };
  const emergency = goal("Emergency fund", "EUR", 1000000, "2027-06-30");
  const holiday = goal("Summer holiday", "EUR", 200000, "2026-07-31");
  const laptop = goal("New laptop", "EUR", 120000, null);
  const newYork = goal("Trip to New York", "USD", 300000, "2027-04-30");
  months.forEach((month, index) => {
    contribute(emergency, dayOfMonth(month, 26), 30000);
    if (index === 9) contribute(emergency, dayOfMonth(month, 12), -25000);
    if (index >= 9 && index <= 19) contribute(holiday, dayOfMonth(month, 27), 15000);
    if (index < 12) contribute(laptop, dayOfMonth(month, 2), 10000);
    if (index % 2 === 0 && index >= 6) contribute(newYork, dayOfMonth(month, 20), 25000);
  });
}

function bob(data: Dataset, endDate: string): void {
  const userId = DEMO_USERS.bob.id;
  const rng = new Random("demo:bob");
  const ids = new Random("demo:bob:ids");
  const writer = new StatementWriter(data, userId, ids);
  data.users.push({ id: userId, email: DEMO_USERS.bob.email, created_at: "2024-11-20T14:05:00Z" });
  data.profiles.push({ user_id: userId, default_currency: "USD", timezone: "America/New_York" });

  const checking: Account = {
    name: "Everyday Checking",
    currency: "USD",
    format: "csv",
    fileStem: "checking",
    balance: 320000,
  };
  const months = monthsEndingWith(endDate, DEMO_MONTHS);
  months.forEach((month, index) => {
    const last = minDate(monthEnd(month), endDate);
    const lines: Line[] = [];
    const add = (
      day: number | string,
      amount: number,
      description: string,
      counterparty: string | null,
      category: string | null,
      kind: Kind | null,
    ) => {
      const date = typeof day === "string" ? day : minDate(dayOfMonth(month, day), last);
      lines.push({ date, amount_minor: amount, description, counterparty, category, kind });
    };
    add(1, 215000, "Payroll", "Globex Corp", "Salary", "income");
    add(15, 215000, "Payroll", "Globex Corp", "Salary", "income");
    add(1, -180000, "Rent", "Park Slope Properties", "Rent", "expense");
    add(12, -rng.int(9000, 16000), "Electric & gas", "Con Edison", "Utilities", "expense");
    add(18, -6500, "Phone plan", "Mint Mobile", "Subscriptions", "expense");
    add(2, -13200, "Monthly MetroCard", "MTA", "Transport", "expense");
    add(16, -50000, "Transfer to brokerage", "Bob Brokerage", "Investments", "transfer");
    for (let i = rng.int(5, 8); i > 0; i--) {
      add(
        randomDay(rng, month, last),
        -rng.int(2500, 14000),
        "Groceries",
        rng.pick(["Trader Joe's", "Whole Foods", "Costco", "Safeway"]),
        "Groceries",
        "expense",
      );
    }
    for (let i = rng.int(3, 6); i > 0; i--) {
      add(
        randomDay(rng, month, last),
        -rng.int(1800, 9000),
        "Restaurant",
        rng.pick(["Shake Shack", "Joe's Pizza", "Blue Ribbon"]),
        "Dining",
        "expense",
      );
    }
    for (let i = rng.int(0, 2); i > 0; i--) {
      add(randomDay(rng, month, last), -rng.int(2500, 20000), "Online order", "Amazon", "Shopping", "expense");
    }
    for (let i = rng.int(1, 2); i > 0; i--) {
      add(randomDay(rng, month, last), -rng.int(300, 6000), "POS purchase", null, null, null);
    }
    if (index % 4 === 3) {
      add(randomDay(rng, month, last), rng.int(1500, 8000), "Return", "Amazon", "Shopping", "expense");
    }
    if (index === 11) add(20, -rng.int(100, 300) * 100, "Payroll adjustment", "Globex Corp", "Salary", "income");
    if (index % 6 === 5) add(randomDay(rng, month, last), rng.int(500, 2500), "Interest", "Bank", null, null);
    writer.write(checking, month, last, lines, { duplicates: index % 7 === 0 ? 1 : 0 });

    const budgets: [string, number][] = [
      ["Groceries", 60000],
      ["Dining", 25000],
      ["Utilities", 22000],
      ["Transport", 14000],
      ["Shopping", 20000],
      ["Subscriptions", 8000],
    ];
    for (const [category, amount] of budgets) {
      data.budgets.push({ id: ids.uuid(), user_id: userId, month, category, amount_minor: amount, currency: "USD" });
    }
  });

  const first = months[0]!;
  const goal = (name: string, target: number, targetDate: string | null) => {
    const id = ids.uuid();
    data.goals.push({
      id,
      user_id: userId,
      name,
      currency: "USD",
      target_minor: target,
      target_date: targetDate,
      created_at: `${first}T15:00:00Z`,
    });
    return id;
  };
  const house = goal("House down payment", 6000000, "2030-12-31");
  const car = goal("New car", 1200000, "2026-12-31");
  goal("Wedding gift fund", 50000, null);
  months.forEach((month, index) => {
    const contribute = (goalId: string, day: number, amount: number) => {
      const date = dayOfMonth(month, day);
      if (date <= endDate) {
        data.goal_contributions.push({ id: ids.uuid(), user_id: userId, goal_id: goalId, date, amount_minor: amount });
      }
    };
    contribute(house, 16, 50000);
    if (index === 13) contribute(house, 20, 500000);
    contribute(car, 17, 40000);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Budget rollover and spending trends story (issue 15): alice's EUR credit card, the 12 months ending with the
// month of `endDate`, with its own budgets. Whatever `endDate` is:
// - Books is underspent every month (40.00 budgeted, 15.00 spent): a growing positive carryover;
// - Gifts is overspent twice (50.00 budgeted, 90.00 spent in the 2nd and 8th of the 12 months, else 30.00); the
//   first overspend exceeds what was carried, so `positive` (floored at zero) and `full` rollover differ;
// - Electronics spikes in the current month (25.00 a month, then 245.00): trends flag `spike`;
// - Pets is new this month (first budget row and first spending): trends flag `new`, no carryover.
// Every date is clamped to `endDate`, so the current month holds its rows even when `endDate` is its first day.
// ---------------------------------------------------------------------------------------------------------------

/** Months of the budget story. */
export const BUDGET_STORY_MONTHS = 12;

function aliceBudgetStory(data: Dataset, endDate: string): void {
  const userId = DEMO_USERS.alice.id;
  const ids = new Random("demo:alice:budget-story:ids");
  const writer = new StatementWriter(data, userId, ids);
  // The card carries an unpaid balance from before the story (the settlement pays each month's spending only), so it
  // stays negative: the net-worth story's credit card (issue 14). Balances only; no transaction depends on it.
  const card: Account = {
    name: "Kreditkarte",
    currency: "EUR",
    format: "csv",
    fileStem: "kreditkarte",
    balance: -48250,
  };
  const months = monthsEndingWith(endDate, BUDGET_STORY_MONTHS);
  months.forEach((month, index) => {
    const last = minDate(monthEnd(month), endDate);
    const current = index === months.length - 1;
    const lines: Line[] = [];
    const spend = (day: number, amount: number, description: string, counterparty: string, category: string) =>
      lines.push({
        date: minDate(dayOfMonth(month, day), last),
        amount_minor: -amount,
        description,
        counterparty,
        category,
        kind: "expense",
      });
    spend(10, 1500, "Buchhandlung", "Thalia", "Books");
    spend(12, index === 1 || index === 7 ? 9000 : 3000, "Geschenk", "Galeria", "Gifts");
    spend(6, 2500, "Zubehör", "MediaMarkt", "Electronics");
    if (current) {
      spend(1, 22000, "Kopfhörer", "MediaMarkt", "Electronics");
      spend(1, 4200, "Tierbedarf", "Fressnapf", "Pets");
    }
    // The monthly card settlement from the current account: a transfer, left out of every analytics figure.
    const total = lines.reduce((sum, line) => sum - line.amount_minor, 0);
    lines.push({
      date: last,
      amount_minor: total,
      description: "Kartenabrechnung",
      counterparty: "Girokonto",
      category: null,
      kind: "transfer",
    });
    writer.write(card, month, last, lines);
    const budgets: [string, number][] = [["Books", 4000], ["Gifts", 5000], ["Electronics", 6000]];
    if (current) budgets.push(["Pets", 3000]);
    for (const [category, amount] of budgets) {
      data.budgets.push({ id: ids.uuid(), user_id: userId, month, category, amount_minor: amount, currency: "EUR" });
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Net worth and reconciliation story (issue 14), whatever `endDate` is:
// - alice: a checking account (Girokonto), a savings account (Tagesgeld) and a credit card with a negative balance
//   (Kreditkarte, above). Tagesgeld receives the monthly 300.00 savings transfer and pays back 500.00 in the 7th
//   month of each year of the window. Its statement of the 6th of the 24 months is never imported: a gap, so the
//   next statement's opening balance differs from the previous closing by that month's transfers
//   (continuity_difference). Its statement of the 4th month reports a closing balance 1.50 too high (difference).
//   Every line is a transfer, so cashflow, spending, budgets and trends are unchanged.
// - bob: besides Everyday Checking, a credit card (Visa Signature) for the last 6 months, with a negative balance:
//   purchases, and a payment from checking each month that covers most, not all, of the month's spending.
// ---------------------------------------------------------------------------------------------------------------

/** Index (0-based, of the DEMO_MONTHS months) of alice's savings statement that was never imported. */
export const SAVINGS_GAP_MONTH = 5;
/** Index of alice's savings statement whose reported closing balance is off, and by how much (minor units). */
export const SAVINGS_OFF_MONTH = 3;
export const SAVINGS_CLOSING_ERROR = 150;

function netWorthStory(data: Dataset, endDate: string): void {
  const aliceIds = new Random("demo:alice:net-worth:ids");
  const alice = new StatementWriter(data, DEMO_USERS.alice.id, aliceIds);
  const savings: Account = {
    name: "Tagesgeld",
    currency: "EUR",
    format: "camt053",
    fileStem: "tagesgeld",
    balance: 820000,
  };
  monthsEndingWith(endDate, DEMO_MONTHS).forEach((month, index) => {
    const last = minDate(monthEnd(month), endDate);
    const lines: Line[] = [];
    const line = (day: number, amount: number, description: string) =>
      lines.push({
        date: minDate(dayOfMonth(month, day), last),
        amount_minor: amount,
        description,
        counterparty: "Alice Girokonto",
        category: "Savings",
        kind: "transfer",
      });
    line(26, 30000, "Sparplan");
    if (index % 12 === 6) line(15, -50000, "Umbuchung auf Girokonto");
    if (index === SAVINGS_GAP_MONTH) {
      for (const l of lines) savings.balance += l.amount_minor; // the month happened, its statement is missing
      return;
    }
    alice.write(savings, month, last, lines, { closingError: index === SAVINGS_OFF_MONTH ? SAVINGS_CLOSING_ERROR : 0 });
  });

  const rng = new Random("demo:bob:net-worth");
  const bobIds = new Random("demo:bob:net-worth:ids");
  const bob = new StatementWriter(data, DEMO_USERS.bob.id, bobIds);
  const card: Account = { name: "Visa Signature", currency: "USD", format: "ofx", fileStem: "visa", balance: -61500 };
  monthsEndingWith(endDate, 6).forEach((month) => {
    const last = minDate(monthEnd(month), endDate);
    const lines: Line[] = [];
    let spent = 0;
    for (let i = rng.int(3, 5); i > 0; i--) {
      const amount = rng.int(1500, 12000);
      spent += amount;
      lines.push({
        date: randomDay(rng, month, last),
        amount_minor: -amount,
        description: "Card purchase",
        counterparty: rng.pick(["Blue Ribbon", "Amazon", "Shake Shack"]),
        category: rng.pick(["Dining", "Shopping"]),
        kind: "expense",
      });
    }
    lines.push({
      date: last,
      amount_minor: spent - 2000,
      description: "Payment - thank you",
      counterparty: "Everyday Checking",
      category: null,
      kind: "transfer",
    });
    bob.write(card, month, last, lines);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Recurring streams story (issue 16): alice's EUR household account, the 24 months ending with the month of
// `endDate`. At `endDate` (and in seed.sql, on any day: its dates are month offsets and days, see seed-sql.ts):
// - FitX, a weekly gym fee (every 7 days), and Studio Lux, a biweekly side-job pay (every 14 days): active;
// - Tunely, a monthly music subscription that ended five months ago: ended (Streamflix on the current account is
//   the one still running);
// - Allianz home insurance, paid once a year (14 and 2 months ago): annually, active;
// - the broadcasting fee, quarterly, last paid four months ago: late (a missed payment);
// - noise: bakery and kiosk purchases on random days, and a monthly transfer in from the current account (a
//   transfer, never a stream). Rent, utilities and Streamflix come from the current account above.
// ---------------------------------------------------------------------------------------------------------------

function aliceRecurringStory(data: Dataset, endDate: string): void {
  const userId = DEMO_USERS.alice.id;
  const rng = new Random("demo:alice:recurring-story");
  const ids = new Random("demo:alice:recurring-story:ids");
  const writer = new StatementWriter(data, userId, ids);
  const account: Account = {
    name: "Haushaltskonto",
    currency: "EUR",
    format: "qif",
    fileStem: "haushaltskonto",
    balance: 80000,
  };
  const months = monthsEndingWith(endDate, DEMO_MONTHS);
  const every = (firstDay: number, step: number) => {
    const dates: string[] = [];
    for (let d = dayOfMonth(months[0]!, firstDay); d <= endDate; d = addDays(d, step)) dates.push(d);
    return dates;
  };
  const gym = every(2, 7);
  const pay = every(4, 14);
  months.forEach((month, index) => {
    const last = minDate(monthEnd(month), endDate);
    const lines: Line[] = [];
    const line = (
      date: string,
      amount: number,
      description: string,
      counterparty: string | null,
      category: string | null,
      kind: Kind | null,
    ) => lines.push({ date, amount_minor: amount, description, counterparty, category, kind });
    const inMonth = (d: string) => d >= month && d <= last;
    const on = (day: number) => minDate(dayOfMonth(month, day), last);
    for (const d of gym.filter(inMonth)) line(d, -799, "Mitgliedsbeitrag", "FitX", "Sport", "expense");
    for (const d of pay.filter(inMonth)) line(d, 42000, "Honorar", "Studio Lux", "Side income", "income");
    if (index >= 3 && index <= 18) line(on(14), -999, "TUNELY*MUSIC 0381", null, "Subscriptions", null);
    if (index === 9 || index === 21) line(on(15), -18900, "Hausratversicherung", "Allianz", "Insurance", "expense");
    if ([10, 13, 16, 19].includes(index)) {
      line(on(10), -5508, "ARD ZDF Deutschlandradio Beitragsservice", null, "Utilities", null);
    }
    line(on(1), 40000, "Übertrag", "Girokonto", null, "transfer");
    for (let i = rng.int(2, 4); i > 0; i--) {
      line(
        randomDay(rng, month, last),
        -rng.int(150, 900),
        "Kartenzahlung",
        rng.pick(["Bäckerei Kamps", "Späti"]),
        "Food",
        "expense",
      );
    }
    writer.write(account, month, last, lines);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Brokerage cash (issue 17: every statement format has an account): bob's USD brokerage cash account, imported as
// MT940, receives the checking account's monthly 500.00 transfer and quarterly dividends (income by the sign).
// ---------------------------------------------------------------------------------------------------------------

function brokerageAccount(data: Dataset, endDate: string): void {
  const ids = new Random("demo:bob:savings:ids");
  const rng = new Random("demo:bob:savings");
  const brokerage: Account = {
    name: "Brokerage Cash",
    currency: "USD",
    format: "mt940",
    fileStem: "brokerage",
    balance: 1000000,
  };
  const bob = new StatementWriter(data, DEMO_USERS.bob.id, ids);
  monthsEndingWith(endDate, DEMO_MONTHS).forEach((month, index) => {
    const last = minDate(monthEnd(month), endDate);
    const on = (day: number) => minDate(dayOfMonth(month, day), last);
    const line = (date: string, amount: number, description: string, counterparty: string, kind: Kind | null) => ({
      date,
      amount_minor: amount,
      description,
      counterparty,
      category: null,
      kind,
    });
    const usd: Line[] = [line(on(16), 50000, "Transfer from checking", "Bob Everyday Checking", "transfer")];
    if (index % 3 === 2) usd.push(line(on(28), rng.int(2000, 6000), "Dividend", "Vanguard", null));
    bob.write(brokerage, month, last, usd);
  });
}

/** The demo users' rows, deterministic for `options.endDate`. */
export function generateDemoData(options: DemoOptions = {}): Dataset {
  const endDate = options.endDate ?? DEMO_END_DATE;
  const data = emptyDataset();
  alice(data, endDate);
  aliceBudgetStory(data, endDate);
  aliceRecurringStory(data, endDate);
  bob(data, endDate);
  netWorthStory(data, endDate);
  brokerageAccount(data, endDate);
  demoCurrencies(data, endDate);
  return data;
}
