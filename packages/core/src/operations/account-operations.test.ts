import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProfileRow } from "../contracts/account-data.ts";
import type { AccountContext } from "../contracts/operation.ts";
import { formatMinor } from "../money/format-minor.ts";
import { InMemoryAccountData, type StoredData, type StoredTransaction } from "../testing/in-memory-account-data.ts";
import { categoryArb, dateArb, kindArb } from "../testing/ledger.ts";
import { ValidationError } from "../problem/validation-error.ts";
import { asyncErrorsOf, get, post } from "../testing/run.ts";
import { encodeCursor } from "./cursor.ts";
import { createOperations } from "./index.ts";

const { byName } = createOperations();
const SUBJECT = "6f1c2a34-1111-4222-8333-944455556666";
const PROFILE: ProfileRow = { default_currency: "EUR", timezone: "Europe/Berlin", today: "2026-03-15" };

function ctx(data: StoredData, subject = SUBJECT, clock?: () => Date): AccountContext & { data: InMemoryAccountData } {
  return { data: new InMemoryAccountData(data), subject, ...(clock ? { clock } : {}) };
}

let seq = 0;
function tx(date: string, amount_minor: number, extra: Partial<StoredTransaction> = {}): StoredTransaction {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    statement_import_id: "imp-1",
    date,
    amount_minor,
    currency: "EUR",
    description: null,
    counterparty: null,
    category: null,
    kind: null,
    ...extra,
  };
}

const transactions = [
  tx("2026-01-05", 250000, { category: "salary" }),
  tx("2026-01-07", -4210, { category: "groceries" }),
  tx("2026-02-20", 1000, { kind: "expense", category: "groceries" }),
  tx("2026-03-01", -50000, { kind: "transfer" }),
  tx("2026-03-10", -12000, { category: "fun" }),
  tx("2025-12-31", -9900, { category: "fun" }),
  tx("2026-02-02", -700, { currency: "USD", category: "fun" }),
  tx("2024-06-02", -100, { currency: "GBP" }),
];

describe("get_cashflow", () => {
  it("uses the profile's currency and this year, lists the other currencies of the year", async () => {
    const c = ctx({ profile: PROFILE, transactions });
    const r = await get(byName.get_cashflow, {}, c);
    expect(r.currency).toBe("EUR");
    expect(r.year).toBe(2026);
    expect(r.other_currencies).toEqual(["USD"]); // GBP has nothing in 2026
    expect(r.totals).toEqual({ income: "2500.00", expenses: "152.10", net: "2347.90", transaction_count: 4 });
    expect(r.excluded).toEqual({ transfer_count: 1, outside_period_count: 1 });
    expect(c.data.calls).toEqual(["profile", "ledgerTotals(2026-01-01,2026-12-31)"]);
    expect(byName.get_cashflow.output.safeParse(r).success).toBe(true);
  });

  it("with both currency and year, does not read the profile and answers exactly as when it does", async () => {
    const c = ctx({ profile: PROFILE, transactions });
    const r = await get(byName.get_cashflow, { currency: "EUR", year: "2026" }, c);
    expect(c.data.calls).toEqual(["ledgerTotals(2026-01-01,2026-12-31)"]);
    expect(r).toEqual(await get(byName.get_cashflow, { year: "2026" }, ctx({ profile: PROFILE, transactions })));
    expect(r).toEqual(await get(byName.get_cashflow, { currency: "EUR" }, ctx({ profile: PROFILE, transactions })));
  });

  it("honours currency (case-insensitive) and year parameters given as strings", async () => {
    const r = await get(
      byName.get_cashflow,
      { currency: "usd", year: "2026" },
      ctx({ profile: PROFILE, transactions }),
    );
    expect(r.currency).toBe("USD");
    expect(r.totals.expenses).toBe("7.00");
    expect(r.other_currencies).toEqual(["EUR"]);
  });

  it("without a profile: currency is required; today comes from the clock in UTC", async () => {
    expect(await asyncErrorsOf(() => get(byName.get_cashflow, {}, ctx({ transactions })))).toEqual([[
      "currency",
      "required",
    ]]);
    const clock = () => new Date("2025-12-31T23:30:00Z");
    const r = await get(byName.get_cashflow, { currency: "EUR" }, ctx({ transactions }, SUBJECT, clock));
    expect(r.year).toBe(2025);
  });

  it("rejects an unknown currency and a malformed year", async () => {
    const c = ctx({ profile: PROFILE, transactions });
    expect(await asyncErrorsOf(() => get(byName.get_cashflow, { currency: "XYZ" }, c))).toEqual([[
      "currency",
      "unknown_currency",
    ]]);
    for (const year of ["1.5", "abc", "", " 1", "+1", "1e3", "0"]) {
      const errors = await asyncErrorsOf(() => get(byName.get_cashflow, { year }, c));
      expect(errors.map((e) => e[0])).toEqual(["year"]);
    }
    expect(await asyncErrorsOf(() => get(byName.get_cashflow, { yaer: "2026" }, c))).toEqual([[
      "yaer",
      "unknown_field",
    ]]);
  });

  it("property: same report as calculate_cashflow on the raw transactions (plus other_currencies)", async () => {
    const raw = fc.array(
      fc.record({
        date: dateArb,
        amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
        kind: fc.option(kindArb, { nil: null }),
        category: categoryArb,
        currency: fc.constantFrom("EUR", "EUR", "USD"),
      }),
      { maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(raw, async (list) => {
        const stored = list.map((t) =>
          tx(t.date, t.amount, { kind: t.kind, category: t.category, currency: t.currency })
        );
        const account = await get(byName.get_cashflow, { year: 2026 }, ctx({ profile: PROFILE, transactions: stored }));
        const calculated = post(byName.calculate_cashflow, {
          currency: "EUR",
          year: 2026,
          transactions: list.filter((t) => t.currency === "EUR").map((t) => ({
            date: t.date,
            amount: formatMinor(t.amount, 2),
            category: t.category,
            ...(t.kind === null ? {} : { kind: t.kind }),
          })),
        });
        const { other_currencies, ...rest } = account;
        expect(JSON.stringify(rest)).toBe(JSON.stringify(calculated));
        expect(other_currencies).toEqual(
          list.some((t) => t.currency === "USD" && t.date.startsWith("2026")) ? ["USD"] : [],
        );
      }),
      { numRuns: 60 },
    );
  });
});

describe("get_spending_by_category", () => {
  it("defaults from 1 January of this year to today", async () => {
    const r = await get(byName.get_spending_by_category, {}, ctx({ profile: PROFILE, transactions }));
    expect([r.from, r.to, r.total]).toEqual(["2026-01-01", "2026-03-15", "152.10"]);
    expect(r.categories).toEqual([
      { category: "fun", total: "120.00", share_percent: 78.9, transaction_count: 1 },
      { category: "groceries", total: "32.10", share_percent: 21.1, transaction_count: 2 },
    ]);
    expect(r.excluded).toEqual({ income_count: 1, transfer_count: 1, outside_period_count: 1 });
    expect(r.other_currencies).toEqual(["USD"]);
    expect(byName.get_spending_by_category.output.safeParse(r).success).toBe(true);
  });

  it("counts a mid-month period exactly (rows of a month that starts before `from`)", async () => {
    const c = ctx({ profile: PROFILE, transactions });
    const r = await get(byName.get_spending_by_category, { from: "2026-01-06", to: "2026-03-09" }, c);
    expect(r.total).toBe("32.10");
    expect(r.excluded.outside_period_count).toBe(2);
    expect(c.data.calls).toContain("ledgerTotals(2026-01-06,2026-03-09)");
  });

  it("from defaults to 1 January of the year of `to`; a range ending before it starts is a 422", async () => {
    const c = ctx({ profile: PROFILE, transactions });
    const r = await get(byName.get_spending_by_category, { to: "2025-12-31" }, c);
    expect([r.from, r.to, r.total]).toEqual(["2025-01-01", "2025-12-31", "99.00"]);
    expect(await asyncErrorsOf(() => get(byName.get_spending_by_category, { from: "2026-04-01" }, c))).toEqual([
      ["from", "invalid_range"],
    ]);
    expect(await asyncErrorsOf(() => get(byName.get_spending_by_category, { from: "2026-02-01", to: "2026-01-01" }, c)))
      .toEqual([["to", "invalid_range"]]);
    expect(await asyncErrorsOf(() => get(byName.get_spending_by_category, { to: "2026-02-30" }, c))).toEqual([
      ["to", "invalid_date"],
    ]);
  });
});

describe("get_budget_summary", () => {
  const budgets = [
    { month: "2026-03-01", currency: "EUR", category: "fun", amount_minor: 10000 },
    { month: "2026-03-01", currency: "CHF", category: "fun", amount_minor: 10000 },
    { month: "2026-02-01", currency: "EUR", category: "groceries", amount_minor: 5000 },
  ];

  it("defaults to the current month and lists currencies of other budgets and transactions", async () => {
    const c = ctx({ profile: PROFILE, transactions, budgets });
    const r = await get(byName.get_budget_summary, {}, c);
    expect([r.year, r.month, r.period_start, r.period_end]).toEqual([2026, 3, "2026-03-01", "2026-03-31"]);
    expect(r.categories).toEqual([
      {
        category: "fun",
        budgeted: "100.00",
        spent: "120.00",
        remaining: "-20.00",
        percent_used: 120,
        status: "over",
        carryover_in: "0.00",
        available: "-20.00",
      },
    ]);
    expect(r.other_currencies).toEqual(["CHF"]);
    expect(c.data.calls).toEqual(["profile", "ledgerTotals(2026-03-01,2026-03-31)", "budgets(2026-03-01)"]);
    expect(byName.get_budget_summary.output.safeParse(r).success).toBe(true);
  });

  it("takes month and year from the query", async () => {
    const r = await get(
      byName.get_budget_summary,
      { month: "02", year: 2026 },
      ctx({ profile: PROFILE, transactions, budgets }),
    );
    expect(r.categories).toEqual([
      {
        category: "groceries",
        budgeted: "50.00",
        spent: "-10.00",
        remaining: "60.00",
        percent_used: -20,
        status: "under",
        carryover_in: "0.00",
        available: "60.00",
      },
    ]);
    expect(r.other_currencies).toEqual(["USD"]);
  });

  it("rejects malformed months", async () => {
    const c = ctx({ profile: PROFILE });
    for (const month of ["1.5", "abc", "", " 1", "13", "0", 13]) {
      expect(await asyncErrorsOf(() => get(byName.get_budget_summary, { month }, c))).toHaveLength(1);
    }
  });
});

describe("get_goal_progress", () => {
  it("reports at today, goals sorted by name, same as calculate_goal_progress", async () => {
    const data = {
      profile: PROFILE,
      goals: [
        { id: "b", name: "Trip", currency: "JPY", target_minor: 100000, target_date: null },
        { id: "a", name: "Emergency", currency: "EUR", target_minor: 120000, target_date: "2026-12-31" },
      ],
      contributions: [
        { goal_id: "a", date: "2026-01-10", amount_minor: 30000 },
        { goal_id: "a", date: "2026-02-10", amount_minor: 30000 },
        { goal_id: "a", date: "2026-04-01", amount_minor: 99999 }, // after today
        { goal_id: "b", date: "2026-03-15", amount_minor: 5000 },
      ],
    };
    const r = await get(byName.get_goal_progress, {}, ctx(data));
    const calculated = post(byName.calculate_goal_progress, {
      as_of: "2026-03-15",
      goals: [
        {
          id: "a",
          name: "Emergency",
          currency: "EUR",
          target_amount: "1200.00",
          target_date: "2026-12-31",
          contributions: [{ date: "2026-01-10", amount: "300.00" }, { date: "2026-02-10", amount: "300.00" }],
        },
        {
          id: "b",
          name: "Trip",
          currency: "JPY",
          target_amount: "100000",
          contributions: [{ date: "2026-03-15", amount: "5000" }],
        },
      ],
    });
    expect(JSON.stringify(r)).toBe(JSON.stringify(calculated));
    expect(r.goals.map((g) => g.status)).toEqual(["on_track", "no_target_date"]);
  });
});

describe("statement lists", () => {
  const imp = (id: string, imported_at: string, currency = "EUR") => ({
    id,
    account_name: "Checking",
    file_name: `${id}.csv`,
    format: "csv",
    status: "completed",
    statement_start: "2026-01-01",
    statement_end: "2026-01-31",
    currency,
    opening_balance_minor: 152000,
    closing_balance_minor: null,
    transaction_count: 3,
    duplicate_count: 0,
    error_count: 0,
    imported_at,
  });
  const imports = [
    imp("00000000-0000-4000-8000-00000000000a", "2026-02-01T10:00:00Z"),
    imp("00000000-0000-4000-8000-00000000000b", "2026-02-01T10:00:00Z", "JPY"),
    imp("00000000-0000-4000-8000-00000000000c", "2026-03-01T10:00:00Z", "BHD"),
    imp("00000000-0000-4000-8000-00000000000d", "2026-01-01T10:00:00Z"),
    imp("00000000-0000-4000-8000-00000000000e", "2026-02-15T10:00:00Z"),
  ];

  it("pages imports newest first with keyset cursors, money in each row's currency", async () => {
    const c = ctx({ imports });
    const ids: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await get(byName.list_statement_imports, { limit: "2", ...(cursor ? { cursor } : {}) }, c);
      sizes.push(page.data.length);
      ids.push(...page.data.map((d) => d.id.slice(-1)));
      cursor = page.next_cursor ?? undefined;
      expect(byName.list_statement_imports.output.safeParse(page).success).toBe(true);
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(ids).toEqual(["c", "e", "b", "a", "d"]);
    const first = await get(byName.list_statement_imports, {}, c);
    expect(first.next_cursor).toBeNull();
    expect(first.data.map((d) => d.opening_balance)).toEqual(["152.000", "1520.00", "152000", "1520.00", "1520.00"]);
    expect(first.data[0]!.closing_balance).toBeNull();
    expect(c.data.calls).toContain("statementImports(51)"); // default limit 50, plus one to see a next page
  });

  it("a cursor works only for its user and its list; garbage is a 422 on cursor", async () => {
    const page = await get(byName.list_statement_imports, { limit: 1 }, ctx({ imports }));
    const cursor = page.next_cursor!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const other = ctx({ imports }, "7a1c2a34-1111-4222-8333-944455556666");
    expect(await asyncErrorsOf(() => get(byName.list_statement_imports, { cursor }, other))).toEqual([[
      "cursor",
      "invalid_cursor",
    ]]);
    const t = ctx({ imports, transactions });
    expect(await asyncErrorsOf(() => get(byName.list_statement_transactions, { cursor }, t))).toEqual([[
      "cursor",
      "invalid_cursor",
    ]]);
    for (const garbage of ["abc", "!!!", "eyJ2IjoyfQ", btoa("[]")]) {
      expect(await asyncErrorsOf(() => get(byName.list_statement_imports, { cursor: garbage }, t))).toEqual([[
        "cursor",
        "invalid_cursor",
      ]]);
    }
  });

  it("pages transactions date then id descending, with filters", async () => {
    const c = ctx({ transactions });
    const all = await get(byName.list_statement_transactions, { limit: 200 }, c);
    expect(all.data.map((d) => d.date)).toEqual([
      "2026-03-10",
      "2026-03-01",
      "2026-02-20",
      "2026-02-02",
      "2026-01-07",
      "2026-01-05",
      "2025-12-31",
      "2024-06-02",
    ]);
    expect(all.data[0]).toEqual({
      id: transactions[4]!.id,
      statement_import_id: "imp-1",
      date: "2026-03-10",
      amount: "-120.00",
      currency: "EUR",
      description: null,
      counterparty: null,
      category: "fun",
      kind: "expense",
      // Stored without sources: the category was given (file), the kind was not (the sign rule's default).
      category_source: "file",
      category_rule_id: null,
      kind_source: "default",
      kind_rule_id: null,
    });
    const page1 = await get(byName.list_statement_transactions, { limit: 3, category: "fun" }, c);
    expect(page1.data.map((d) => d.date)).toEqual(["2026-03-10", "2026-02-02", "2025-12-31"]);
    expect(page1.next_cursor).toBeNull();
    const page2 = await get(byName.list_statement_transactions, { limit: 2, from: "2026-01-01", to: "2026-02-28" }, c);
    const page3 = await get(byName.list_statement_transactions, {
      limit: 2,
      from: "2026-01-01",
      to: "2026-02-28",
      cursor: page2.next_cursor!,
    }, c);
    expect([...page2.data, ...page3.data].map((d) => d.date)).toEqual([
      "2026-02-20",
      "2026-02-02",
      "2026-01-07",
      "2026-01-05",
    ]);
    expect(
      await asyncErrorsOf(() => get(byName.list_statement_transactions, { from: "2026-02-01", to: "2026-01-01" }, c)),
    )
      .toEqual([["to", "invalid_range"]]);
    expect(await asyncErrorsOf(() => get(byName.list_statement_transactions, { limit: "201" }, c))).toEqual([[
      "limit",
      "out_of_range",
    ]]);
    expect(await asyncErrorsOf(() => get(byName.list_statement_transactions, { kind: "gift" }, c))).toEqual([[
      "kind",
      "invalid_value",
    ]]);
  });

  it("a cursor carries its filters: other filters are a 422 on cursor, the same filters in any order continue", async () => {
    const c = ctx({ transactions });
    const expenses = await get(byName.list_statement_transactions, { limit: 2, kind: "expense" }, c);
    const cursor = expenses.next_cursor!;
    expect(cursor).not.toBeNull();
    const importId = "7D0C9A5E-3F1B-4C2A-9E8D-1B2C3D4E5F60";
    // Dropped, changed and added filters: each one is refused, with the message naming the cause.
    for (
      const query of [
        { cursor },
        { cursor, kind: "income" },
        { cursor, kind: "expense", category: "fun" },
        { cursor, kind: "expense", from: "2026-01-01" },
        { cursor, kind: "expense", to: "2026-12-31" },
        { cursor, kind: "expense", statement_import_id: importId },
      ]
    ) {
      let message: string | undefined;
      try {
        await get(byName.list_statement_transactions, query, c);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        const items = (error as ValidationError).errors;
        expect(items.map((e) => [e.parameter, e.code])).toEqual([["cursor", "invalid_cursor"]]);
        message = items[0]!.message;
      }
      expect(message).toBe(
        "Parameter `cursor`: this cursor was issued for other filters; repeat the original filters or start over.",
      );
    }
    // The original filters continue the list.
    const next = await get(byName.list_statement_transactions, { cursor, limit: 2, kind: "expense" }, c);
    expect(next.data.every((d) => d.kind === "expense")).toBe(true);
    expect(next.data.map((d) => d.id)).not.toContain(expenses.data[0]!.id);
    // Several filters: order of parameters and the case of a UUID do not matter.
    const filtered = { kind: "expense", from: "2024-01-01", statement_import_id: importId.toLowerCase() };
    const reordered = { statement_import_id: importId, from: "2024-01-01", kind: "expense" };
    const own = encodeCursor("transactions", c.subject, filtered, "2026-03-01", transactions[0]!.id);
    await expect(get(byName.list_statement_transactions, { cursor: own, ...reordered }, c)).resolves.toBeDefined();
    await expect(get(byName.list_statement_transactions, { cursor: own, ...reordered, kind: "income" }, c)).rejects
      .toBeInstanceOf(ValidationError);
  });
});
