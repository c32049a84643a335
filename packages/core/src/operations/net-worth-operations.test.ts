import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InMemoryAccountData } from "../testing/in-memory-account-data.ts";
import { storedImport } from "../testing/statement-import.ts";
import { storedTransaction } from "../testing/stored-transaction.ts";
import { asyncErrorsOf, errorsOf, get, post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const { byName } = createOperations();
const calculate = byName.calculate_net_worth;
const getNetWorth = byName.get_net_worth;
const listAccounts = byName.list_accounts;

const checkingJan = {
  account_name: "Checking",
  statement_start: "2024-01-01",
  statement_end: "2024-01-31",
  opening_balance: "1000.00",
  closing_balance: "1209.90",
  transactions: [{ date: "2024-01-05", amount: "250.00" }, { date: "2024-01-20", amount: "-40.10" }],
};
// Reports 1,300.00 but computes 1,209.90 + 100.00 = 1,309.90: off by −9.90. Opens at 1,200.00 although January
// closed at 1,209.90: a gap of −9.90.
const checkingFeb = {
  account_name: "Checking",
  statement_start: "2024-02-01",
  statement_end: "2024-02-29",
  opening_balance: "1200.00",
  closing_balance: "1300.00",
  transactions: [{ date: "2024-02-29", amount: "100.00" }],
};
const visa = {
  account_name: "Visa",
  statement_start: "2024-02-01",
  statement_end: "2024-02-29",
  opening_balance: "-200.00",
  transactions: [{ date: "2024-02-12", amount: "-150.00" }],
};

describe("calculate_net_worth (hand-worked)", () => {
  it("month ends of a leap year, a last point that is `to`, balances, and the reconciliation of each statement", () => {
    const r = post(calculate, {
      currency: "eur",
      from: "2024-01-10",
      to: "2024-03-15",
      statements: [visa, checkingFeb, checkingJan],
    });
    expect(r).toEqual({
      currency: "EUR",
      from: "2024-01-10",
      to: "2024-03-15",
      // On 2024-03-15 both accounts are past their statements: Checking's reported 1,300.00 + Visa's computed
      // −350.00 (none reported) = 950.00.
      net_worth: "950.00",
      change: "-259.90", // 950.00 − 1,209.90
      series: [
        { date: "2024-01-31", total: "1209.90", account_count: 1 }, // Visa starts in February
        // 2024-02-29 (leap day): Checking 1,200.00 + 100.00 = 1,300.00 inside February; Visa −350.00.
        { date: "2024-02-29", total: "950.00", account_count: 2 },
        { date: "2024-03-15", total: "950.00", account_count: 2 },
      ],
      accounts: [
        {
          account_name: "Checking",
          balance: "1300.00",
          balance_date: "2024-02-29",
          statements: [
            {
              statement_start: "2024-01-01",
              statement_end: "2024-01-31",
              opening_balance: "1000.00",
              opening_balance_source: "reported",
              computed_closing_balance: "1209.90",
              reported_closing_balance: "1209.90",
              difference: "0.00",
              continuity_difference: null,
            },
            {
              statement_start: "2024-02-01",
              statement_end: "2024-02-29",
              opening_balance: "1200.00",
              opening_balance_source: "reported",
              computed_closing_balance: "1300.00",
              reported_closing_balance: "1300.00",
              difference: "0.00",
              continuity_difference: "-9.90",
            },
          ],
        },
        {
          account_name: "Visa",
          balance: "-350.00",
          balance_date: "2024-02-29",
          statements: [{
            statement_start: "2024-02-01",
            statement_end: "2024-02-29",
            opening_balance: "-200.00",
            opening_balance_source: "reported",
            computed_closing_balance: "-350.00",
            reported_closing_balance: null,
            difference: null,
            continuity_difference: null,
          }],
        },
      ],
      excluded_statement_count: 0,
    });
  });

  it("a reported closing balance that is off: difference = reported − computed, and it is what counts after", () => {
    const off = { ...checkingJan, closing_balance: "1210.00" };
    const r = post(calculate, { currency: "EUR", from: "2024-02-01", to: "2024-02-10", statements: [off] });
    expect(r.accounts[0]!.statements[0]!.difference).toBe("0.10");
    expect(r.net_worth).toBe("1210.00");
    expect(r.accounts[0]!.balance_date).toBe("2024-01-31");
  });

  it("before any statement: no balance, no point total, the account listed with nulls", () => {
    const r = post(calculate, { currency: "EUR", from: "2023-11-01", to: "2023-12-31", statements: [checkingJan] });
    expect(r.series).toEqual([
      { date: "2023-11-30", total: "0.00", account_count: 0 },
      { date: "2023-12-31", total: "0.00", account_count: 0 },
    ]);
    expect(r.accounts[0]).toMatchObject({ account_name: "Checking", balance: null, balance_date: null });
  });

  it("overlapping statements: the latest start wins; a tie goes to the later end, then the later position", () => {
    const long = { ...checkingJan, statement_end: "2024-03-31", closing_balance: null, transactions: [] };
    const mid = { ...checkingJan, statement_start: "2024-01-15", opening_balance: "5.00", transactions: [] };
    const twin = { ...mid, opening_balance: "7.00" };
    const r = post(calculate, { currency: "EUR", from: "2024-01-10", to: "2024-01-20", statements: [twin, long, mid] });
    // On the 10th only `long` has started (1,000.00). On the 20th `mid` and `twin` (same start and end) beat it;
    // `mid` comes later in `statements`, so it wins: 5.00.
    expect(r.series.map((p) => p.total)).toEqual(["5.00"]);
    expect(r.accounts[0]!.statements.map((s) => s.opening_balance)).toEqual(["1000.00", "7.00", "5.00"]);
  });

  it("missing bounds are derived and shown; a statement with nothing to date it is excluded and counted", () => {
    const r = post(calculate, {
      currency: "EUR",
      from: "2024-05-01",
      to: "2024-05-31",
      statements: [
        { account_name: "Cash", opening_balance: "10.00", transactions: [{ date: "2024-05-03", amount: "1.00" }] },
        {
          account_name: "Cash",
          statement_start: null,
          statement_end: "2024-05-20",
          opening_balance: 0,
          transactions: [],
        },
        { account_name: "Ghost", opening_balance: "99.00", transactions: [] },
      ],
    });
    expect(r.accounts.map((a) => a.account_name)).toEqual(["Cash"]);
    expect(r.accounts[0]!.statements.map((s) => [s.statement_start, s.statement_end])).toEqual([
      ["2024-05-03", "2024-05-03"],
      ["2024-05-20", "2024-05-20"],
    ]);
    expect(r.excluded_statement_count).toBe(1);
    // 2024-05-31: the statement starting 2024-05-20 wins, with its computed closing 0.00 (= opening).
    expect(r.net_worth).toBe("0.00");
    expect(r.accounts[0]!.statements[1]!.continuity_difference).toBe("-11.00");
  });

  it("opening_balance null or left out: derived from a reported closing balance, else unknown", () => {
    // An OFX-like card statement: reports −450.00 on March 31; −120.00 on the 4th, −30.00 on the 18th. Derived
    // opening balance: −450.00 − (−150.00) = −300.00. On the 10th: −300.00 − 120.00 = −420.00.
    const ofx = {
      account_name: "Card",
      statement_start: "2024-03-01",
      statement_end: "2024-03-31",
      closing_balance: "-450.00",
      transactions: [{ date: "2024-03-04", amount: "-120.00" }, { date: "2024-03-18", amount: "-30.00" }],
    };
    // A QIF-like wallet: no balance at all.
    const qif = {
      account_name: "Wallet",
      statement_start: "2024-03-01",
      statement_end: "2024-03-31",
      opening_balance: null,
      transactions: [{ date: "2024-03-02", amount: "-5.00" }],
    };
    const r = post(calculate, { currency: "EUR", from: "2024-03-10", to: "2024-03-10", statements: [qif, ofx] });
    expect(r.series).toEqual([{ date: "2024-03-10", total: "-420.00", account_count: 1 }]);
    expect(r.accounts).toEqual([
      {
        account_name: "Card",
        balance: "-420.00",
        balance_date: "2024-03-10",
        statements: [{
          statement_start: "2024-03-01",
          statement_end: "2024-03-31",
          opening_balance: "-300.00",
          opening_balance_source: "derived",
          computed_closing_balance: "-450.00",
          reported_closing_balance: "-450.00",
          difference: null,
          continuity_difference: null,
        }],
      },
      {
        account_name: "Wallet",
        balance: null,
        balance_date: null,
        statements: [{
          statement_start: "2024-03-01",
          statement_end: "2024-03-31",
          opening_balance: null,
          opening_balance_source: null,
          computed_closing_balance: null,
          reported_closing_balance: null,
          difference: null,
          continuity_difference: null,
        }],
      },
    ]);
    // After the span: the card's reported balance, the wallet still unknown (no later statement).
    const april = post(calculate, { currency: "EUR", from: "2024-04-30", to: "2024-04-30", statements: [qif, ofx] });
    expect(april.series).toEqual([{ date: "2024-04-30", total: "-450.00", account_count: 1 }]);
    // Null and left out mean the same.
    expect(post(calculate, {
      currency: "EUR",
      from: "2024-03-10",
      to: "2024-03-10",
      statements: [{ ...ofx, opening_balance: null }],
    })).toEqual(post(calculate, { currency: "EUR", from: "2024-03-10", to: "2024-03-10", statements: [ofx] }));
  });

  it("a repeated and an overlapping statement, each transaction sent once: the account's sums reconcile both", () => {
    // The bank's balances: 100.00 on March 1; +1,000.00 on the 3rd (1,100.00); −20.00 on the 5th (1,080.00);
    // −30.00 on the 9th (1,050.00). Statement A (1st–5th) carries the 3rd's and 5th's lines; B, the same export
    // again, carries none (all sent with A); C (3rd–9th) opens at the start of the 3rd (100.00) and carries only
    // the 9th's line.
    const a = {
      account_name: "Giro",
      statement_start: "2024-03-01",
      statement_end: "2024-03-05",
      opening_balance: "100.00",
      closing_balance: "1080.00",
      transactions: [{ date: "2024-03-03", amount: "1000.00" }, { date: "2024-03-05", amount: "-20.00" }],
    };
    const b = { ...a, transactions: [] };
    const c = {
      account_name: "Giro",
      statement_start: "2024-03-03",
      statement_end: "2024-03-09",
      opening_balance: "100.00",
      closing_balance: "1050.00",
      transactions: [{ date: "2024-03-09", amount: "-30.00" }],
    };
    const r = post(calculate, { currency: "EUR", from: "2024-03-08", to: "2024-03-08", statements: [a, b, c] });
    // March 8, inside C: 100.00 + 1,000.00 − 20.00 = 1,080.00.
    expect(r.net_worth).toBe("1080.00");
    expect(r.accounts[0]!.statements.map((s) => [s.computed_closing_balance, s.difference])).toEqual([
      ["1080.00", "0.00"],
      ["1080.00", "0.00"],
      ["1050.00", "0.00"],
    ]);
  });

  it("accounts are ordered by Unicode code point (API.md §9.6), not by UTF-16 code units", () => {
    // U+FF21 (fullwidth A) comes before U+1D49C (script A) by code point; as UTF-16 units the script A's surrogate
    // pair (D835 DC9C) would come first.
    const statement = (account_name: string) => ({
      account_name,
      statement_start: "2024-01-01",
      statement_end: "2024-01-31",
      opening_balance: "1.00",
      transactions: [],
    });
    const r = post(calculate, {
      currency: "EUR",
      from: "2024-01-01",
      to: "2024-01-31",
      statements: [statement("\u{1D49C} Savings"), statement("\uFF21 Checking"), statement("Zeta")],
    });
    expect(r.accounts.map((a: { account_name: string }) => a.account_name)).toEqual([
      "Zeta",
      "\uFF21 Checking",
      "\u{1D49C} Savings",
    ]);
  });

  it("bad input gets 422: from after to, a span over 10 years, too many statements or transactions", () => {
    expect(errorsOf(() => post(calculate, { currency: "EUR", from: "2024-02-01", to: "2024-01-31", statements: [] })))
      .toEqual([["/to", "invalid_range"]]);
    expect(errorsOf(() => post(calculate, { currency: "EUR", from: "2014-01-31", to: "2024-02-01", statements: [] })))
      .toEqual([["/to", "out_of_range"]]);
    // Exactly ten years is fine: 121 points.
    expect(post(calculate, { currency: "EUR", from: "2014-01-31", to: "2024-01-31", statements: [] }).series)
      .toHaveLength(121);
    const small = createOperations({ statements: 2, transactions: 3 }).byName.calculate_net_worth;
    const s = { account_name: "A", opening_balance: "0", transactions: [{ date: "2024-01-01", amount: "1" }] };
    expect(
      errorsOf(() => post(small, { currency: "EUR", from: "2024-01-01", to: "2024-01-31", statements: [s, s, s] })),
    )
      .toEqual([["/statements", "too_many_items"]]);
    const two = { ...s, transactions: [...s.transactions, ...s.transactions] };
    expect(
      errorsOf(() => post(small, { currency: "EUR", from: "2024-01-01", to: "2024-01-31", statements: [two, two] })),
    )
      .toEqual([["/statements", "too_many_items"]]);
    expect(
      errorsOf(() =>
        post(createOperations().byName.calculate_net_worth, {
          currency: "EUR",
          from: "2024-01-01",
          to: "2024-01-31",
          statements: Array(1001).fill(s),
        })
      ),
    )
      .toEqual([["/statements", "too_many_items"]]);
  });

  it("bad statements get 422 with pointers: amounts, dates, currencies, reversed bounds", () => {
    expect(errorsOf(() =>
      post(calculate, {
        currency: "EUR",
        from: "2024-01-01",
        to: "2024-01-31",
        statements: [
          { account_name: "A", opening_balance: "1.001", closing_balance: "1e3", transactions: [] },
          {
            account_name: "A",
            statement_start: "2024-02-01",
            statement_end: "2024-01-01",
            opening_balance: "0",
            transactions: [{ date: "2024-02-30", amount: "1", currency: "USD" }],
          },
        ],
      })
    )).toEqual([
      ["/statements/0/opening_balance", "too_many_decimals"],
      ["/statements/0/closing_balance", "exponent_not_allowed"],
      ["/statements/1/statement_end", "invalid_range"],
      ["/statements/1/transactions/0/date", "invalid_date"],
      ["/statements/1/transactions/0/currency", "currency_mismatch"],
    ]);
  });
});

describe("calculate_net_worth (properties)", () => {
  const day = fc.integer({ min: 0, max: 200 }).map((n) => {
    const d = new Date(Date.UTC(2024, 0, 1 + n));
    return d.toISOString().slice(0, 10);
  });
  const statement = fc.record({
    account_name: fc.constantFrom("A", "B", "C"),
    statement_start: fc.option(day, { nil: undefined }),
    length: fc.integer({ min: 0, max: 60 }),
    opening_balance: fc.integer({ min: -1e9, max: 1e9 }),
    closing_balance: fc.option(fc.integer({ min: -1e9, max: 1e9 }), { nil: undefined }),
    transactions: fc.array(fc.record({ date: day, amount: fc.integer({ min: -1e7, max: 1e7 }) }), { maxLength: 5 }),
  }).map(({ length, ...s }) => ({
    ...s,
    statement_end: s.statement_start === undefined ? undefined : addDays(s.statement_start, length),
  }));
  const window = fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a]));

  it("each series total equals the sum of the account balances on that date", () => {
    fc.assert(
      fc.property(fc.array(statement, { maxLength: 8 }), window, (statements, [from, to]) => {
        const r = post(calculate, { currency: "JPY", from, to, statements });
        for (const point of r.series) {
          const single = post(calculate, { currency: "JPY", from: point.date, to: point.date, statements });
          const sum = single.accounts.reduce((s, a) => s + (a.balance === null ? 0 : Number(a.balance)), 0);
          expect(Number(point.total)).toBe(sum);
          expect(point.account_count).toBe(single.accounts.filter((a) => a.balance !== null).length);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("shuffling statements changes nothing when no two share a span", () => {
    fc.assert(
      fc.property(fc.array(statement, { maxLength: 8 }), window, fc.integer(), (statements, [from, to], seed) => {
        const spans = statements.map((s) => `${s.account_name}|${s.statement_start}|${s.statement_end}`);
        fc.pre(new Set(spans).size === spans.length && statements.every((s) => s.statement_start !== undefined));
        const shuffled = statements.map((s, i) => ({ s, k: (i * 2654435761 + seed) % 97 })).sort((a, b) => a.k - b.k)
          .map((x) => x.s);
        expect(post(calculate, { currency: "JPY", from, to, statements: shuffled }))
          .toEqual(post(calculate, { currency: "JPY", from, to, statements }));
      }),
      { numRuns: 100 },
    );
  });
});

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const imp = storedImport;

describe("get_net_worth and list_accounts (through the AccountData contract)", () => {
  const jan = imp({
    account_name: "Checking",
    statement_start: "2026-01-01",
    statement_end: "2026-01-31",
    opening_balance_minor: 100000,
    closing_balance_minor: 150000,
    imported_at: "2026-02-01T06:00:00Z",
  });
  // Same span, imported later: wins the tie.
  const janAgain = { ...jan, id: "20000000-0000-4000-8000-0000000000ff", imported_at: "2026-02-02T06:00:00Z" };
  const mar = imp({
    account_name: "Checking",
    statement_start: "2026-03-01",
    statement_end: "2026-03-31",
    opening_balance_minor: 150500, // a 5.00 gap after January's 1,500.00, and February is missing
    closing_balance_minor: 150400,
  });
  const card = imp({
    account_name: "Amex",
    currency: "USD",
    statement_start: "2026-01-10",
    statement_end: "2026-02-09",
    opening_balance_minor: -5000,
    closing_balance_minor: -7500,
  });
  const broken = imp({ account_name: "Checking", status: "failed", statement_start: "2026-04-01" });
  const busy = imp({ account_name: "Checking", status: "processing", statement_start: "2026-04-01" });
  const data = () =>
    new InMemoryAccountData({
      profile: { default_currency: "EUR", timezone: "Europe/Berlin", today: "2026-04-15" },
      imports: [jan, janAgain, mar, card, broken, busy],
      transactions: [
        storedTransaction("2026-01-10", 50000, null, "EUR", { statement_import_id: jan.id }),
        storedTransaction("2026-01-10", 40000, null, "EUR", { statement_import_id: janAgain.id }),
        storedTransaction("2026-03-10", -100, null, "EUR", { statement_import_id: mar.id }),
        storedTransaction("2026-01-20", -2500, null, "USD", { statement_import_id: card.id }),
      ],
    });
  const ctx = () => ({ data: data(), subject: "u" });

  it("GET net worth defaults to the profile currency, 1 January to today, and ignores other currencies", async () => {
    const d = data();
    const r = await get(getNetWorth, {}, { data: d, subject: "u" });
    expect([r.currency, r.from, r.to]).toEqual(["EUR", "2026-01-01", "2026-04-15"]);
    // Both January imports count the account's transactions of January: +500.00 (stored under the first) and
    // +400.00 (under the second). January 31: the later import wins the tie, 1,000.00 + 900.00 = 1,900.00.
    // February: after January, its reported 1,500.00. March 31: 1,505.00 − 1.00 = 1,504.00 inside the span.
    // April 15: March's reported 1,504.00.
    expect(r.series).toEqual([
      { date: "2026-01-31", total: "1900.00", account_count: 1 },
      { date: "2026-02-28", total: "1500.00", account_count: 1 },
      { date: "2026-03-31", total: "1504.00", account_count: 1 },
      { date: "2026-04-15", total: "1504.00", account_count: 1 },
    ]);
    // January: opens 1,000.00, + 900.00 = 1,900.00 against 1,500.00 reported (−400.00), first. Its re-import: the
    // same, and opening 1,000.00 − 1,500.00 = −500.00. March: 1,505.00 − 1.00 = 1,504.00 as reported (0.00),
    // opening 1,505.00 − the re-import's reported 1,500.00 = 5.00 (February is missing).
    expect(r.accounts[0]!.statements.map((s) => [s.difference, s.continuity_difference])).toEqual([
      ["-400.00", null],
      ["-400.00", "-500.00"],
      ["0.00", "5.00"],
    ]);
    expect(d.calls).toEqual([
      "profile",
      "statementBalances(EUR,2026-01-31,2026-02-28,2026-03-31,2026-04-15)",
    ]);
  });

  it('GET accounts and GET net worth order names by Unicode code point, as the database\'s collate "C" does', async () => {
    const d = new InMemoryAccountData({
      profile: { default_currency: "EUR", timezone: "UTC", today: "2026-02-15" },
      imports: ["\u{1D49C} Savings", "\uFF21 Checking", "Zeta"].map((account_name) =>
        imp({
          account_name,
          statement_start: "2026-01-01",
          statement_end: "2026-01-31",
          opening_balance_minor: 100,
          closing_balance_minor: 100,
        })
      ),
      transactions: [],
    });
    const expected = ["Zeta", "\uFF21 Checking", "\u{1D49C} Savings"];
    const accounts = await get(listAccounts, {}, { data: d, subject: "u" });
    expect(accounts.accounts.map((a: { account_name: string }) => a.account_name)).toEqual(expected);
    const worth = await get(getNetWorth, {}, { data: d, subject: "u" });
    expect(worth.accounts.map((a: { account_name: string }) => a.account_name)).toEqual(expected);
  });

  it("GET net worth rejects from after to, and a span over 10 years, as query errors", async () => {
    expect(await asyncErrorsOf(() => get(getNetWorth, { from: "2026-05-01" }, ctx()))).toEqual([
      ["from", "invalid_range"],
    ]);
    expect(await asyncErrorsOf(() => get(getNetWorth, { from: "2026-02-01", to: "2026-01-01" }, ctx()))).toEqual([
      ["to", "invalid_range"],
    ]);
    expect(await asyncErrorsOf(() => get(getNetWorth, { from: "2010-01-01", to: "2026-01-01" }, ctx()))).toEqual([
      ["to", "out_of_range"],
    ]);
  });

  it("GET: statements imported without an opening balance are listed, with the balances they do give", async () => {
    // A credit card whose OFX files report only a closing balance, and a wallet whose QIF file reports none.
    const cardJan = imp({
      account_name: "Card",
      statement_start: "2026-01-01",
      statement_end: "2026-01-31",
      opening_balance_minor: null,
      closing_balance_minor: -30000,
    });
    const cardFeb = imp({
      account_name: "Card",
      statement_start: "2026-02-01",
      statement_end: "2026-02-28",
      opening_balance_minor: null,
      closing_balance_minor: -45000,
    });
    const wallet = imp({ account_name: "Wallet", opening_balance_minor: null }); // no bounds: dated by its lines
    const d = () =>
      new InMemoryAccountData({
        profile: { default_currency: "EUR", timezone: "UTC", today: "2026-03-10" },
        imports: [cardJan, cardFeb, wallet],
        transactions: [
          storedTransaction("2026-01-12", -30000, null, "EUR", { statement_import_id: cardJan.id }),
          storedTransaction("2026-02-03", -15000, null, "EUR", { statement_import_id: cardFeb.id }),
          storedTransaction("2026-01-05", -1000, null, "EUR", { statement_import_id: wallet.id }),
          storedTransaction("2026-01-25", -500, null, "EUR", { statement_import_id: wallet.id }),
        ],
      });
    const r = await get(getNetWorth, {}, { data: d(), subject: "u" });
    // The card's opening balances are derived: January −300.00 − (−300.00) = 0.00; February −450.00 − (−150.00) =
    // −300.00. January 31 is inside January's card statement: 0.00 − 300.00 = −300.00; it is after the wallet's
    // span (2026-01-05…2026-01-25; nothing reported, nothing computed: unknown, not counted). February 28 is inside
    // February's card statement: −300.00 − 150.00 = −450.00. March 10 is after it: its reported −450.00.
    expect(r.series).toEqual([
      { date: "2026-01-31", total: "-300.00", account_count: 1 },
      { date: "2026-02-28", total: "-450.00", account_count: 1 },
      { date: "2026-03-10", total: "-450.00", account_count: 1 },
    ]);
    expect([r.net_worth, r.change, r.excluded_statement_count]).toEqual(["-450.00", "-150.00", 0]);
    expect(r.accounts).toEqual([
      {
        account_name: "Card",
        balance: "-450.00",
        balance_date: "2026-02-28",
        statements: [
          {
            statement_start: "2026-01-01",
            statement_end: "2026-01-31",
            opening_balance: "0.00",
            opening_balance_source: "derived",
            computed_closing_balance: "-300.00", // = the reported one
            reported_closing_balance: "-300.00",
            difference: null, // nothing independent to compare
            continuity_difference: null, // the first
          },
          {
            statement_start: "2026-02-01",
            statement_end: "2026-02-28",
            opening_balance: "-300.00",
            opening_balance_source: "derived",
            computed_closing_balance: "-450.00",
            reported_closing_balance: "-450.00",
            difference: null,
            continuity_difference: "0.00", // −300.00 − January's −300.00
          },
        ],
      },
      {
        account_name: "Wallet",
        balance: null,
        balance_date: null,
        statements: [{
          statement_start: "2026-01-05",
          statement_end: "2026-01-25",
          opening_balance: null,
          opening_balance_source: null,
          computed_closing_balance: null,
          reported_closing_balance: null,
          difference: null,
          continuity_difference: null,
        }],
      },
    ]);
    const accounts = await get(listAccounts, {}, { data: d(), subject: "u" });
    expect(accounts.accounts).toEqual([
      {
        account_name: "Card",
        currency: "EUR",
        balance: "-450.00",
        balance_date: "2026-02-28",
        statement_count: 2,
        reconciled: null, // a derived statement has nothing independent to reconcile
      },
      {
        account_name: "Wallet",
        currency: "EUR",
        balance: null,
        balance_date: null,
        statement_count: 1,
        reconciled: null,
      },
    ]);
    // An OFX-only account on a day inside its span: January 20 is after the −300.00 of the 12th, 0.00 − 300.00; the
    // wallet's statement (2026-01-05…2026-01-25) holds the day but gives no balance.
    const jan = await get(listAccounts, { as_of: "2026-01-20" }, { data: d(), subject: "u" });
    expect(jan.accounts.map((a: { balance: string | null }) => a.balance)).toEqual(["-300.00", null]);
    const jan11 = await get(listAccounts, { as_of: "2026-01-11" }, { data: d(), subject: "u" });
    expect(jan11.accounts.map((a: { balance: string | null }) => a.balance)).toEqual(["0.00", null]);
  });

  it("GET: derived and unknown opening balances between reported ones: continuity needs both sides", async () => {
    const opened = imp({
      account_name: "Checking",
      statement_start: "2026-01-01",
      statement_end: "2026-01-31",
      opening_balance_minor: 10000,
    });
    const derived = imp({
      account_name: "Checking",
      statement_start: "2026-02-01",
      statement_end: "2026-02-28",
      opening_balance_minor: null,
      closing_balance_minor: 12000,
    });
    const reopened = imp({
      account_name: "Checking",
      statement_start: "2026-03-01",
      statement_end: "2026-03-31",
      opening_balance_minor: 12500,
    });
    const unknown = imp({
      account_name: "Checking",
      statement_start: "2026-04-01",
      statement_end: "2026-04-30",
      opening_balance_minor: null,
      closing_balance_minor: null,
    });
    const may = imp({
      account_name: "Checking",
      statement_start: "2026-05-01",
      statement_end: "2026-05-31",
      opening_balance_minor: 13000,
    });
    const d = new InMemoryAccountData({
      profile: { default_currency: "EUR", timezone: "UTC", today: "2026-06-01" },
      imports: [opened, derived, reopened, unknown, may],
      transactions: [
        storedTransaction("2026-01-10", 500, null, "EUR", { statement_import_id: opened.id }),
        storedTransaction("2026-02-10", 1000, null, "EUR", { statement_import_id: derived.id }),
        storedTransaction("2026-04-10", 200, null, "EUR", { statement_import_id: unknown.id }),
      ],
    });
    const r = await get(getNetWorth, {}, { data: d, subject: "u" });
    // January computes 100.00 + 5.00 = 105.00 (none reported). February's opening is derived: 120.00 − 10.00 =
    // 110.00, 5.00 above January's 105.00. March opens at 125.00 against February's reported 120.00: 5.00. April
    // gives neither balance: nothing known, no continuity with March; May opens at 130.00 but April's closing is
    // unknown: no continuity either.
    expect(r.accounts[0]!.statements.map((s: Record<string, unknown>) => [
      s.opening_balance,
      s.opening_balance_source,
      s.computed_closing_balance,
      s.difference,
      s.continuity_difference,
    ])).toEqual([
      ["100.00", "reported", "105.00", null, null],
      ["110.00", "derived", "120.00", null, "5.00"],
      ["125.00", "reported", "125.00", null, "5.00"],
      [null, null, null, null, null],
      ["130.00", "reported", "130.00", null, null],
    ]);
    // The series: January 31 inside January (105.00), February 28 inside February (110.00 + 10.00), March 31
    // inside March (125.00), April 30 inside April (unknown), May 31 inside May (130.00), June 1 after May.
    expect(r.series.map((p: { total: string; account_count: number }) => [p.total, p.account_count])).toEqual([
      ["105.00", 1],
      ["120.00", 1],
      ["125.00", 1],
      ["0.00", 0],
      ["130.00", 1],
      ["130.00", 1],
    ]);
    // February 9, inside the derived statement, before its only transaction: the derived opening balance.
    const feb9 = await get(listAccounts, { as_of: "2026-02-09" }, { data: d, subject: "u" });
    expect(feb9.accounts[0]).toMatchObject({ balance: "110.00", balance_date: "2026-02-09", reconciled: null });
  });

  it("GET: a repeated and an overlapping export of one account reconcile (each stored line counted once)", async () => {
    // The bank's balance column: 100.00 on March 1; +1,000.00 salary on the 3rd (1,100.00); −20.00 on the 5th
    // (1,080.00); −30.00 on the 9th (1,050.00); +5.00 on the 12th (1,055.00).
    // Export 1, March 1–5: opens 100.00, closes 1,080.00, stores the salary and the −20.00.
    // Export 2, the same file again: every line a duplicate, nothing stored.
    // Export 3, March 3–12: opens 100.00 (the balance at the start of the 3rd), closes 1,055.00; the salary and the
    // −20.00 are duplicates, it stores −30.00 and +5.00.
    const first = imp({
      account_name: "Giro",
      statement_start: "2026-03-01",
      statement_end: "2026-03-05",
      opening_balance_minor: 10000,
      closing_balance_minor: 108000,
      imported_at: "2026-03-06T06:00:00Z",
    });
    const again = { ...first, id: "30000000-0000-4000-8000-0000000000aa", imported_at: "2026-03-06T07:00:00Z" };
    const overlap = imp({
      account_name: "Giro",
      statement_start: "2026-03-03",
      statement_end: "2026-03-12",
      opening_balance_minor: 10000,
      closing_balance_minor: 105500,
      imported_at: "2026-03-13T06:00:00Z",
    });
    const d = () =>
      new InMemoryAccountData({
        profile: { default_currency: "EUR", timezone: "UTC", today: "2026-03-20" },
        imports: [first, again, overlap],
        transactions: [
          storedTransaction("2026-03-03", 100000, null, "EUR", { statement_import_id: first.id }),
          storedTransaction("2026-03-05", -2000, null, "EUR", { statement_import_id: first.id }),
          storedTransaction("2026-03-09", -3000, null, "EUR", { statement_import_id: overlap.id }),
          storedTransaction("2026-03-12", 500, null, "EUR", { statement_import_id: overlap.id }),
        ],
      });
    const r = await get(getNetWorth, { from: "2026-03-01", to: "2026-03-10" }, { data: d(), subject: "u" });
    // March 10 is inside the overlapping export: 100.00 + 1,000.00 − 20.00 − 30.00 = 1,050.00, the bank's own.
    expect([r.net_worth, r.accounts[0]!.balance]).toEqual(["1050.00", "1050.00"]);
    expect(r.accounts[0]!.statements.map((s: Record<string, unknown>) => [
      s.statement_start,
      s.computed_closing_balance,
      s.difference,
      s.continuity_difference,
    ])).toEqual([
      ["2026-03-01", "1080.00", "0.00", null],
      ["2026-03-01", "1080.00", "0.00", "-980.00"], // the repeat opens at 100.00 after the first closed at 1,080.00
      ["2026-03-03", "1055.00", "0.00", "-980.00"], // it opens at the start of the 3rd, inside the previous span
    ]);
    const accounts = await get(listAccounts, {}, { data: d(), subject: "u" });
    expect(accounts.accounts).toEqual([{
      account_name: "Giro",
      currency: "EUR",
      balance: "1055.00",
      balance_date: "2026-03-12",
      statement_count: 3,
      reconciled: true,
    }]);
    // March 4, inside the repeated export (it wins the tie with the first): 100.00 + 1,000.00 = 1,100.00.
    const mar4 = await get(listAccounts, { as_of: "2026-03-04" }, { data: d(), subject: "u" });
    expect(mar4.accounts[0]).toMatchObject({ balance: "1100.00", reconciled: true });
  });

  it("GET accounts lists every currency without `currency`, by name then currency, with reconciliation", async () => {
    const r = await get(listAccounts, {}, ctx());
    expect(r).toEqual({
      as_of: "2026-04-15",
      accounts: [
        {
          account_name: "Amex",
          currency: "USD",
          balance: "-75.00",
          balance_date: "2026-02-09",
          statement_count: 1,
          reconciled: true, // −50.00 − 25.00 = −75.00, as reported
        },
        {
          account_name: "Checking",
          currency: "EUR",
          balance: "1504.00",
          balance_date: "2026-03-31",
          statement_count: 3, // the failed and processing imports are not counted
          reconciled: true,
        },
      ],
    });
    const jan15 = await get(listAccounts, { currency: "eur", as_of: "2026-01-15" }, ctx());
    expect(jan15.accounts).toEqual([{
      account_name: "Checking",
      currency: "EUR",
      balance: "1900.00", // 1,000.00 + the account's +500.00 and +400.00 of January 10
      balance_date: "2026-01-15",
      statement_count: 2,
      reconciled: false, // the winning January import reports 1,500.00 but computes 1,900.00
    }]);
    // With `as_of` given, nothing but the statement aggregates is read (every currency: null).
    const d = data();
    await get(listAccounts, { as_of: "2026-01-15" }, { data: d, subject: "u" });
    expect(d.calls).toEqual(["statementBalances(null,2026-01-15)"]);
    expect(await asyncErrorsOf(() => get(listAccounts, { currency: "XYZ" }, ctx()))).toEqual([
      ["currency", "unknown_currency"],
    ]);
  });
});
