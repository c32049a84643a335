import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InMemoryAccountData, type StoredTransaction } from "../testing/in-memory-account-data.ts";
import { storedTransaction } from "../testing/stored-transaction.ts";
import { asyncErrorsOf, errorsOf, get, post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const { byName } = createOperations();
const recurring = byName.calculate_recurring;
const forecast = byName.calculate_forecast;
const getRecurring = byName.get_recurring;

type Tx = Record<string, unknown>;
const monthlyDates = (first: number, count: number, day = "05", year = 2026) =>
  Array.from({ length: count }, (_, i) => `${year}-${String(first + i).padStart(2, "0")}-${day}`);

describe("calculate_recurring (worked by hand)", () => {
  it("finds a monthly bill keyed by description and a salary keyed by counterparty, in the documented order", () => {
    const transactions: Tx[] = [
      ...monthlyDates(1, 3).map((date, i) => ({
        id: `n${i}`,
        date,
        amount: "-15.99",
        description: `NETFLIX.COM ${4412 + i}`,
        category: "subscriptions",
      })),
      ...["2026-01-30", "2026-02-27", "2026-03-13"].map((date, i) => ({
        id: `s${i}`,
        date,
        amount: "2500.00",
        counterparty: "ACME GmbH",
        description: `Salary ${i}`,
        category: i === 2 ? "bonus" : "salary",
      })),
      { date: "2026-03-01", amount: "-9.99", description: "netflix!!" }, // same key, a 4th occurrence (no id)
      { date: "2026-03-02", amount: "-100.00", kind: "transfer", description: "NETFLIX" }, // transfer: never
      { date: "2026-03-03", amount: "0", description: "NETFLIX" }, // zero: never
      { date: "2026-04-05", amount: "-15.99", description: "NETFLIX" }, // after as_of: ignored
    ];
    const r = post(recurring, { currency: "eur", as_of: "2026-03-20", transactions });
    const sha = (s: string) => "rs_" + createHash("sha256").update(s).digest("hex").slice(0, 16);
    expect(r.streams).toEqual([
      {
        id: sha("EUR\noutflow\nnetflix com"),
        name: "NETFLIX.COM 4414",
        key: "netflix com",
        direction: "outflow",
        category: "subscriptions",
        frequency: "monthly",
        status: "active",
        first_date: "2026-01-05",
        last_date: "2026-03-05",
        predicted_next_date: "2026-04-05",
        occurrence_count: 3,
        average_amount: "-15.99",
        last_amount: "-15.99",
        monthly_amount: "-15.99",
        transaction_ids: ["n0", "n1", "n2"],
      },
    ]);
    // The salary (gaps 28, 14: lower median 14 → biweekly, but only 1 of 2 gaps in range) is not a stream, and
    // "netflix!!" has the key "netflix", another group.
    expect(r.totals).toEqual({
      monthly_inflow: "0.00",
      monthly_outflow: "15.99",
      monthly_net: "-15.99",
      active_count: 1,
      late_count: 0,
      ended_count: 0,
    });
    expect(recurring.output.safeParse(r).success).toBe(true);
  });

  it("sums same-day occurrences, takes the name from the last transaction of the latest date, breaks category ties by the latest transaction", () => {
    const r = post(recurring, {
      currency: "EUR",
      as_of: "2026-04-30",
      transactions: [
        { id: "a", date: "2026-01-10", amount: "-10.00", counterparty: "Gym One", category: "sport" },
        { id: "b", date: "2026-01-10", amount: "-2.50", counterparty: "GYM-ONE", category: "health" },
        { id: "c", date: "2026-02-10", amount: "-12.50", counterparty: "gym one", category: "health" },
        { id: "d", date: "2026-03-10", amount: "-12.50", counterparty: "Gym  One", category: "sport" },
        { id: "e", date: "2026-04-10", amount: "-12.49", counterparty: "GYM ONE 2", category: null },
        { id: "f", date: "2026-04-10", amount: "-0.01", counterparty: "Gym One!", description: "x" },
      ],
    });
    expect(r.streams).toHaveLength(1);
    expect(r.streams[0]).toMatchObject({
      name: "Gym One!", // last in input order on the latest date
      key: "gym one",
      category: "sport", // sport 2 (latest: d, Mar 10) vs health 2 (latest: c, Feb 10)
      occurrence_count: 4,
      average_amount: "-12.50",
      last_amount: "-12.50",
      transaction_ids: ["a", "b", "c", "d", "e", "f"],
    });
  });

  it("keys by the counterparty when non-empty, never falling back to the description when it has no letters", () => {
    const tx = (date: string, counterparty: string | undefined, description: string) => ({
      date,
      amount: "-5.00",
      ...(counterparty === undefined ? {} : { counterparty }),
      description,
    });
    const dates = ["2026-01-01", "2026-01-08", "2026-01-15"];
    const byCounterparty = post(recurring, {
      currency: "EUR",
      as_of: "2026-01-16",
      transactions: dates.map((d, i) => tx(d, "Coffee Bar", `card ${i}`)),
    });
    expect(byCounterparty.streams.map((s) => [s.key, s.name, s.frequency])).toEqual([[
      "coffee bar",
      "Coffee Bar",
      "weekly",
    ]]);
    const emptyCounterparty = post(recurring, {
      currency: "EUR",
      as_of: "2026-01-16",
      transactions: dates.map((d) => tx(d, "", "Coffee Bar #7")),
    });
    expect(emptyCounterparty.streams.map((s) => [s.key, s.name])).toEqual([["coffee bar", "Coffee Bar #7"]]);
    const digitsOnly = post(recurring, {
      currency: "EUR",
      as_of: "2026-01-16",
      transactions: dates.map((d) => tx(d, "1234", "Coffee Bar")),
    });
    expect(digitsOnly.streams).toEqual([]);
  });

  it("null id, counterparty and description mean absent: the key falls back to the description, no id is listed", () => {
    const dates = ["2026-01-01", "2026-01-08", "2026-01-15"];
    const withNulls = post(recurring, {
      currency: "EUR",
      as_of: "2026-01-16",
      transactions: dates.map((date) => ({
        id: null,
        date,
        amount: "-5.00",
        counterparty: null,
        description: "Coffee Bar #7",
        category: null,
      })),
    });
    const omitted = post(recurring, {
      currency: "EUR",
      as_of: "2026-01-16",
      transactions: dates.map((date) => ({ date, amount: "-5.00", description: "Coffee Bar #7" })),
    });
    expect(withNulls).toEqual(omitted);
    expect(withNulls.streams.map((s) => [s.key, s.name, s.category, s.transaction_ids])).toEqual([[
      "coffee bar",
      "Coffee Bar #7",
      null,
      [],
    ]]);
    // Both null: the key is empty, so no stream (as when both are left out).
    const noText = post(recurring, {
      currency: "EUR",
      as_of: "2026-01-16",
      transactions: dates.map((date) => ({ date, amount: "-5.00", counterparty: null, description: null })),
    });
    expect(noText.streams).toEqual([]);
    expect(errorsOf(() =>
      post(recurring, {
        currency: "EUR",
        as_of: "2026-01-16",
        transactions: [{ date: "2026-01-01", amount: "-5.00", counterparty: 5, memo: null }],
      })
    )).toEqual([["/transactions/0/counterparty", "invalid_type"], ["/transactions/0/memo", "unknown_field"]]);
  });

  it("formats JPY without decimals and BHD with three, rounding the monthly amount once", () => {
    const weekly = ["2026-01-01", "2026-01-08", "2026-01-15"];
    const jpy = post(recurring, {
      currency: "JPY",
      as_of: "2026-01-16",
      transactions: weekly.map((date, i) => ({ date, amount: i === 2 ? -1001 : "-1000", description: "Dojo" })),
    });
    // mean −3001 / 3 = −1000.33 → −1000; monthly −3001 × 52 / 36 = −4334.78 → −4335.
    expect(jpy.streams[0]).toMatchObject({ average_amount: "-1000", last_amount: "-1001", monthly_amount: "-4335" });
    expect(jpy.totals).toMatchObject({ monthly_outflow: "4335", monthly_net: "-4335" });
    const bhd = post(recurring, {
      currency: "BHD",
      as_of: "2026-05-01",
      transactions: ["2026-01-15", "2026-04-15"].map((date) => ({ date, amount: "1.250", counterparty: "Rent in" }))
        .concat([{ date: "2025-10-15", amount: "1.251", counterparty: "Rent in" }]),
    });
    // quarterly inflow: mean 3.751 / 3 = 1.25033 → 1.250; monthly 3.751 / 9 = 0.41678 → 0.417.
    expect(bhd.streams[0]).toMatchObject({
      frequency: "quarterly",
      direction: "inflow",
      average_amount: "1.250",
      monthly_amount: "0.417",
    });
    expect(bhd.totals).toEqual({
      monthly_inflow: "0.417",
      monthly_outflow: "0.000",
      monthly_net: "0.417",
      active_count: 1,
      late_count: 0,
      ended_count: 0,
    });
  });

  it("orders by status, then outflow before inflow, then |monthly_amount| descending, then key by code points", () => {
    const series = (name: string, amount: string, dates: string[]) =>
      dates.map((date) => ({ date, amount, description: name }));
    const m = monthlyDates(1, 3, "10");
    const r = post(recurring, {
      currency: "EUR",
      as_of: "2026-03-20",
      transactions: [
        ...series("b\uFF41", "-10.00", m), // U+FF41 (full-width a) normalizes to "ba"
        ...series("b\u{10400}", "-10.00", m), // Deseret capital letter: lower-cased to U+10428
        ...series("b\uFB01", "-10.00", m), // ﬁ ligature: "bfi"
        ...series("big", "-20.00", m),
        ...series("pay", "100.00", m),
        ...series("old", "-99.00", monthlyDates(1, 3, "10", 2025)), // ended
      ],
    });
    expect(r.streams.map((s) => [s.status, s.key])).toEqual([
      ["active", "big"],
      ["active", "ba"],
      ["active", "bfi"],
      ["active", "b\u{10428}"], // above U+FFFF sorts after U+FB01… and after every BMP letter
      ["active", "pay"],
      ["ended", "old"],
    ]);
    expect(r.totals).toMatchObject({ monthly_outflow: "50.00", monthly_inflow: "100.00", ended_count: 1 });
  });
});

describe("calculate_recurring properties", () => {
  const arbitraryTransactions = fc.array(
    fc.record({
      id: fc.uuid(),
      date: fc.integer({ min: 0, max: 400 }).map((d) => new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)),
      amount: fc.integer({ min: -50000, max: 50000 }).map(String),
      description: fc.constantFrom("Rent", "GYM", "gym!", "Salary", "Café", "ＣＡＦＥ", "12"),
      category: fc.constantFrom(null, "a", "b"),
      kind: fc.constantFrom(undefined, "income", "expense"),
    }, { requiredKeys: ["id", "date", "amount", "description", "category"] }),
    { maxLength: 60 },
  ).map((txs) => [
    ...txs,
    // a weekly stream so most runs have one
    ...["2026-01-01", "2026-01-08", "2026-01-15", "2026-01-22"].map((date, i) => ({
      id: `w${i}`,
      date,
      amount: "-9.00",
      description: "Weekly gym",
      category: "sport",
    })),
  ]);
  const run = (transactions: Tx[]) => post(recurring, { currency: "EUR", as_of: "2026-02-01", transactions });

  it("shuffling the input changes nothing", () => {
    fc.assert(
      fc.property(arbitraryTransactions, fc.nat(), (txs, seed) => {
        const shuffled = [...txs].sort((a, b) =>
          ((a.id.charCodeAt(seed % 8) ^ seed) & 7) - ((b.id.charCodeAt(seed % 8) ^ seed) & 7)
        );
        // Names and transaction_ids follow input order within a date: compare with one id per date order.
        const strip = (r: ReturnType<typeof run>) => ({
          ...r,
          streams: r.streams.map((s) => ({
            ...s,
            name: "",
            category: null,
            transaction_ids: [...s.transaction_ids].sort(),
          })),
        });
        expect(strip(run(shuffled))).toEqual(strip(run(txs)));
      }),
      { numRuns: 100 },
    );
  });

  it("shuffling transactions of distinct dates changes nothing at all", () => {
    fc.assert(
      fc.property(arbitraryTransactions, fc.nat(), (txs, seed) => {
        const distinct = [...new Map(txs.map((t) => [t.date, t])).values()];
        const shuffled = [...distinct].reverse().sort((a, b) =>
          ((a.id.charCodeAt(0) + seed) % 5) - ((b.id.charCodeAt(0) + seed) % 5)
        );
        expect(run(shuffled)).toEqual(run(distinct));
      }),
      { numRuns: 100 },
    );
  });

  it("adding a transfer changes nothing", () => {
    fc.assert(
      fc.property(arbitraryTransactions, fc.integer({ min: 0, max: 10 }), (txs, i) => {
        const t = txs[i % txs.length]!;
        const withTransfer = [...txs, { ...t, id: "transfer", kind: "transfer" }];
        expect(run(withTransfer)).toEqual(run(txs));
      }),
      { numRuns: 100 },
    );
  });

  it("ids are stable: the same key gives the same id in any request, and only currency, direction and key matter", () => {
    fc.assert(
      fc.property(arbitraryTransactions, (txs) => {
        const ids = new Map(run(txs).streams.map((s) => [s.id, `${s.direction}\n${s.key}`]));
        const again = run([...txs, {
          id: "x",
          date: "2024-01-01",
          amount: "-1.00",
          description: "noise",
          category: null,
        }]);
        for (const s of again.streams) {
          const sha = "rs_" + createHash("sha256").update(`EUR\n${s.direction}\n${s.key}`).digest("hex").slice(0, 16);
          expect(s.id).toBe(sha);
          if (ids.has(s.id)) expect(ids.get(s.id)).toBe(`${s.direction}\n${s.key}`);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("POST on a user's own transactions equals the GET twin", async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryTransactions, async (txs) => {
        const stored: StoredTransaction[] = txs.map((t) =>
          storedTransaction(
            t.date,
            Math.round(Number(t.amount) * (t.amount.includes(".") ? 100 : 100)),
            t.category,
            "EUR",
            {
              description: t.description,
              kind: (t as { kind?: "income" | "expense" }).kind ?? null,
            },
          )
        );
        // Another currency on GET is left out.
        stored.push(storedTransaction("2026-01-29", -900, null, "USD", { description: "Weekly gym" }));
        const body = stored.filter((s) => s.currency === "EUR").sort((a, b) =>
          a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1
        ).map((s) => ({
          id: s.id,
          date: s.date,
          amount: (s.amount_minor / 100).toFixed(2),
          description: s.description!,
          category: s.category,
          ...(s.kind === null ? {} : { kind: s.kind }),
        }));
        const data = new InMemoryAccountData({
          profile: { default_currency: "EUR", timezone: "UTC", today: "2026-02-01" },
          transactions: stored,
        });
        const viaGet = await get(getRecurring, {}, { data, subject: "u" });
        expect(viaGet).toEqual(post(recurring, { currency: "EUR", as_of: "2026-02-01", transactions: body }));
      }),
      { numRuns: 50 },
    );
  });
});

describe("get_forecast", () => {
  it("equals POST forecast on the user's own transactions, starting from the account balance on as_of", async () => {
    const asOf = "2026-02-01";
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            date: fc.integer({ min: 0, max: 420 }).map((d) =>
              new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)
            ),
            amount: fc.integer({ min: -50000, max: 50000 }),
            description: fc.constantFrom("Rent", "GYM", "gym!", "Salary", "12"),
            kind: fc.constantFrom(null, "income", "expense", "transfer"),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: -100000, max: 100000 }),
        fc.integer({ min: 1, max: 366 }),
        async (rows, opening, horizon) => {
          const weekly = ["2026-01-04", "2026-01-11", "2026-01-18", "2026-01-25"].map((date) => ({
            date,
            amount: -900,
            description: "Weekly gym",
            kind: null,
          }));
          const stored = [...rows, ...weekly].map((r) =>
            storedTransaction(r.date, r.amount, null, "EUR", {
              description: r.description,
              kind: r.kind as StoredTransaction["kind"],
              statement_import_id: "10000000-0000-4000-8000-000000000001",
            })
          );
          stored.push(storedTransaction("2026-01-29", -900, null, "USD", { description: "Weekly gym" }));
          const data = new InMemoryAccountData({
            profile: { default_currency: "EUR", timezone: "UTC", today: asOf },
            transactions: stored,
            imports: [{
              id: "10000000-0000-4000-8000-000000000001",
              account_name: "Main",
              file_name: "m.csv",
              format: "csv",
              status: "completed",
              statement_start: "2025-01-01",
              statement_end: "2026-12-31",
              currency: "EUR",
              opening_balance_minor: opening,
              closing_balance_minor: null,
              transaction_count: stored.length,
              duplicate_count: 0,
              error_count: 0,
              imported_at: "2027-01-01T00:00:00Z",
            }],
          });
          // The balance on as_of, worked out here: the opening balance plus every EUR transaction up to as_of.
          const balance = opening +
            stored.filter((t) => t.currency === "EUR" && t.date <= asOf).reduce((sum, t) => sum + t.amount_minor, 0);
          const body = stored.filter((t) => t.currency === "EUR").sort((a, b) =>
            a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1
          ).map((t) => ({
            id: t.id,
            date: t.date,
            amount: (t.amount_minor / 100).toFixed(2),
            description: t.description!,
            ...(t.kind === null ? {} : { kind: t.kind }),
          }));
          const viaGet = await get(byName.get_forecast, { horizon_days: String(horizon) }, { data, subject: "u" });
          const viaPost = post(forecast, {
            currency: "EUR",
            as_of: asOf,
            starting_balance: (balance / 100).toFixed(2),
            horizon_days: horizon,
            transactions: body,
          });
          expect(viaGet).toEqual(viaPost);
          if (horizon >= 7) expect(viaGet.events.length).toBeGreaterThan(0); // the gym on 02-08
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("calculate_forecast", () => {
  it("projects a hand-worked month (rent and a weekly gym) with the runway", () => {
    const transactions: Tx[] = [
      ...monthlyDates(1, 3, "01").map((date) => ({ date, amount: "-1000.00", counterparty: "Landlord" })),
      ...["2026-03-02", "2026-03-09", "2026-03-16"].map((date) => ({ date, amount: "-10.00", description: "GYM" })),
      { date: "2026-02-15", amount: "2100.00", description: "one-off" },
      { date: "2025-12-15", amount: "5000.00", description: "older than 90 days" },
      { date: "2026-03-10", amount: "-500.00", kind: "transfer" },
    ];
    const r = post(forecast, {
      currency: "EUR",
      as_of: "2026-03-20",
      starting_balance: "500.00",
      horizon_days: 14,
      transactions,
    });
    // Trailing window 2025-12-21 … 2026-03-20: −3000 − 30 + 2100 = −930.00; runway floor(500 × 90 / 930) = 48.
    expect(r).toMatchObject({
      currency: "EUR",
      as_of: "2026-03-20",
      end_date: "2026-04-03",
      horizon_days: 14,
      starting_balance: "500.00",
      ending_balance: "-520.00",
      projected_inflow: "0.00",
      projected_outflow: "1020.00",
      lowest_balance: "-520.00",
      lowest_balance_date: "2026-04-01",
      first_negative_date: "2026-04-01",
      trailing_90_day_net: "-930.00",
      runway_days: 48,
      runway_status: "watch",
      balances: [
        { date: "2026-03-23", balance: "490.00" },
        { date: "2026-03-30", balance: "480.00" },
        { date: "2026-04-01", balance: "-520.00" },
      ],
    });
    expect(r.events.map((e) => [e.date, e.name, e.amount])).toEqual([
      ["2026-03-23", "GYM", "-10.00"],
      ["2026-03-30", "GYM", "-10.00"],
      ["2026-04-01", "Landlord", "-1000.00"],
    ]);
    expect(forecast.output.safeParse(r).success).toBe(true);
    const defaults = post(forecast, { currency: "EUR", as_of: "2026-03-20", starting_balance: 0, transactions });
    expect([defaults.horizon_days, defaults.end_date, defaults.runway_days, defaults.runway_status]).toEqual([
      90,
      "2026-06-18",
      0,
      "urgent",
    ]);
  });

  it("rejects bad input with 422 items, never a 500", () => {
    const base = { currency: "EUR", as_of: "2026-03-20", starting_balance: "1.00", transactions: [] };
    const codes = (body: unknown) => {
      try {
        post(forecast, body);
      } catch (e) {
        const p = e as { status?: number; errors?: { pointer?: string; code: string }[] };
        if (p.status !== 422) throw e;
        return p.errors!.map((x) => [x.pointer, x.code]);
      }
      throw new Error("expected a 422");
    };
    expect(codes({ ...base, horizon_days: 0 })).toEqual([["/horizon_days", "out_of_range"]]);
    expect(codes({ ...base, horizon_days: 367 })).toEqual([["/horizon_days", "out_of_range"]]);
    expect(codes({ ...base, horizon_days: 1.5 })[0]![0]).toBe("/horizon_days");
    expect(codes({ currency: "EUR", starting_balance: "1.00", transactions: [] })).toEqual([["/as_of", "required"]]);
    expect(codes({ ...base, starting_balance: "1.005" })).toEqual([["/starting_balance", "too_many_decimals"]]);
    expect(codes({ ...base, starting_balance: "1e3" })[0]![0]).toBe("/starting_balance");
    expect(codes({ ...base, starting_balance: "abc" })[0]![0]).toBe("/starting_balance");
    expect(codes({ ...base, as_of: "9999-12-01", horizon_days: 60 })).toEqual([["/horizon_days", "out_of_range"]]);
    expect(errorsOf(() => post(recurring, { currency: "EUR", transactions: [] }))).toEqual([["/as_of", "required"]]);
    expect(errorsOf(() => post(recurring, { currency: "EUR", as_of: "2026-02-30", transactions: [] }))).toEqual([[
      "/as_of",
      "invalid_date",
    ]]);
  });

  it("GET recurring rejects a bad as_of and a bad currency as query parameters", async () => {
    const data = new InMemoryAccountData({
      profile: { default_currency: "EUR", timezone: "UTC", today: "2026-02-01" },
    });
    expect(await asyncErrorsOf(() => get(getRecurring, { as_of: "2026-13-01" }, { data, subject: "u" })))
      .toEqual([["as_of", "invalid_date"]]);
    expect(await asyncErrorsOf(() => get(getRecurring, { currency: "XXX1" }, { data, subject: "u" }))).toHaveLength(1);
  });
});
