import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accountStatement } from "./account-statement.ts";
import { type AccountStatement, balanceOnDate, compareStatements, statementOn } from "./balance-on-date.ts";
import { statementSums } from "./statement-sums.ts";

interface Spec {
  start?: string | null;
  end?: string | null;
  opening: number | null;
  closing?: number | null;
  tx?: [string, number][];
  sequence?: number;
}

let next = 0;
function st(spec: Spec): AccountStatement {
  const sums = statementSums((spec.tx ?? []).map(([date, amount]) => ({ date, amountMinor: BigInt(amount) })));
  // A statement alone in its account: the account's transactions are its own.
  const s = accountStatement({
    statementStart: spec.start ?? null,
    statementEnd: spec.end ?? null,
    firstDate: sums.firstDate,
    lastDate: sums.lastDate,
    openingMinor: spec.opening === null ? null : BigInt(spec.opening),
    reportedClosingMinor: spec.closing === undefined || spec.closing === null ? null : BigInt(spec.closing),
    sequence: spec.sequence ?? next++,
  }, (span) => ({
    totalMinor: sums.sumBetween(span.start, span.end),
    through: (d) => sums.sumBetween(span.start, d),
  }));
  if (s === null) throw new Error("excluded");
  return s;
}

// March 2026 statement: opens at 1,000.00, +250.00 on the 5th, −40.10 on the 20th; reports 1,209.90 (= computed).
const march = () =>
  st({
    start: "2026-03-01",
    end: "2026-03-31",
    opening: 100000,
    closing: 120990,
    tx: [["2026-03-05", 25000], ["2026-03-20", -4010]],
  });

describe("balanceOnDate (hand-worked, API.md §9.3)", () => {
  it("a day inside a statement: opening plus the transactions dated on or before it", () => {
    expect(balanceOnDate([march()], "2026-03-04")).toMatchObject({ balanceMinor: 100000n, balanceDate: "2026-03-04" });
    // 1,000.00 + 250.00 = 1,250.00 on the 5th itself.
    expect(balanceOnDate([march()], "2026-03-05")).toMatchObject({ balanceMinor: 125000n, balanceDate: "2026-03-05" });
    // 1,250.00 − 40.10 = 1,209.90 from the 20th on.
    expect(balanceOnDate([march()], "2026-03-31")).toMatchObject({ balanceMinor: 120990n, balanceDate: "2026-03-31" });
  });

  it("a day after the statement: its reported closing balance, dated at the span's end", () => {
    const s = st({
      start: "2026-03-01",
      end: "2026-03-31",
      opening: 100000,
      closing: 120000,
      tx: [["2026-03-05", 25000]],
    });
    // Reported 1,200.00 although 1,000.00 + 250.00 = 1,250.00 is computed: the reported one counts after the end.
    expect(balanceOnDate([s], "2026-06-15")).toMatchObject({ balanceMinor: 120000n, balanceDate: "2026-03-31" });
    expect(s.computedClosingMinor).toBe(125000n);
  });

  it("a day before any statement: no balance", () => {
    expect(balanceOnDate([march()], "2026-02-28")).toBeNull();
    expect(balanceOnDate([], "2026-02-28")).toBeNull();
  });

  it("overlapping statements: the latest start on or before the date wins", () => {
    const a = st({ start: "2026-01-01", end: "2026-03-31", opening: 5000, closing: 9000 });
    const b = st({ start: "2026-02-15", end: "2026-02-28", opening: 7000, tx: [["2026-02-20", 300]] });
    expect(balanceOnDate([a, b], "2026-02-10")).toMatchObject({ balanceMinor: 5000n, statement: a });
    // From the 15th, b starts later than a and wins, although a's span runs longer.
    expect(balanceOnDate([a, b], "2026-02-21")).toMatchObject({ balanceMinor: 7300n, statement: b });
    // After b's end, b still wins (latest start), with its computed closing: no closing reported.
    expect(balanceOnDate([a, b], "2026-03-10")).toMatchObject({
      balanceMinor: 7300n,
      balanceDate: "2026-02-28",
      statement: b,
    });
  });

  it("same start: the later end wins, then the later sequence (imported_at or position)", () => {
    const short = st({ start: "2026-01-01", end: "2026-01-31", opening: 100, sequence: 9 });
    const long = st({ start: "2026-01-01", end: "2026-02-28", opening: 200, sequence: 1 });
    expect(balanceOnDate([long, short], "2026-01-10")?.statement).toBe(long);
    const first = st({ start: "2026-01-01", end: "2026-01-31", opening: 300, sequence: 1 });
    const second = st({ start: "2026-01-01", end: "2026-01-31", opening: 400, sequence: 2 });
    expect(balanceOnDate([second, first], "2026-01-10")).toMatchObject({ balanceMinor: 400n, statement: second });
    expect([second, long, first, short].sort(compareStatements)).toEqual([first, second, short, long]);
  });

  it("a statement without a closing balance uses the computed one after its end", () => {
    const s = st({ start: "2026-01-01", end: "2026-01-31", opening: -50000, tx: [["2026-01-10", -1234]] });
    // Credit card: −500.00 − 12.34 = −512.34.
    expect(balanceOnDate([s], "2026-02-01")).toMatchObject({ balanceMinor: -51234n, balanceDate: "2026-01-31" });
  });

  it("missing start or end: derived from the first or last transaction date", () => {
    const noStart = st({ end: "2026-04-30", opening: 1000, tx: [["2026-04-10", 5], ["2026-04-20", 7]] });
    expect([noStart.start, noStart.end]).toEqual(["2026-04-10", "2026-04-30"]);
    expect(balanceOnDate([noStart], "2026-04-09")).toBeNull();
    expect(balanceOnDate([noStart], "2026-04-10")?.balanceMinor).toBe(1005n);
    const noEnd = st({ start: "2026-05-01", opening: 1000, closing: 999, tx: [["2026-05-03", 5], ["2026-05-09", 7]] });
    expect([noEnd.start, noEnd.end]).toEqual(["2026-05-01", "2026-05-09"]);
    // After the derived end: the reported closing, dated at the derived end.
    expect(balanceOnDate([noEnd], "2026-05-10")).toMatchObject({ balanceMinor: 999n, balanceDate: "2026-05-09" });
    const neither = st({ opening: 10, tx: [["2026-06-02", 1], ["2026-06-05", 2]] });
    expect([neither.start, neither.end, neither.computedClosingMinor]).toEqual(["2026-06-02", "2026-06-05", 13n]);
  });

  it("one bound and no transactions: the missing bound equals the other; nothing at all is excluded", () => {
    const onlyStart = st({ start: "2026-07-01", opening: 42 });
    expect([onlyStart.start, onlyStart.end]).toEqual(["2026-07-01", "2026-07-01"]);
    expect(balanceOnDate([onlyStart], "2026-07-02")).toMatchObject({ balanceMinor: 42n, balanceDate: "2026-07-01" });
    const onlyEnd = st({ end: "2026-07-31", opening: 42 });
    expect([onlyEnd.start, onlyEnd.end]).toEqual(["2026-07-31", "2026-07-31"]);
    expect(() => st({ opening: 42 })).toThrow("excluded");
  });

  it("a derived bound never crosses the given one", () => {
    // Start given, no end, the only transaction before the start: the end is the start, and the transaction lies
    // outside the span, so it is not in the computed closing balance (sums run from the span's start).
    const s = st({ start: "2026-08-10", opening: 100, tx: [["2026-08-01", 5]] });
    expect([s.start, s.end, s.computedClosingMinor]).toEqual(["2026-08-10", "2026-08-10", 100n]);
    // End given, no start, the only transaction after the end: the start is the end; it is not in the closing.
    const e = st({ end: "2026-08-10", opening: 100, tx: [["2026-08-20", 5]] });
    expect([e.start, e.end, e.computedClosingMinor]).toEqual(["2026-08-10", "2026-08-10", 100n]);
  });

  it("an OFX-like statement (closing balance only): the opening balance is derived, balances inside follow", () => {
    // Reports 1,209.90 at the end of March; +250.00 on the 5th, −40.10 on the 20th. Derived opening balance:
    // 1,209.90 − (250.00 − 40.10) = 1,000.00. On the 10th: 1,000.00 + 250.00 = 1,250.00.
    const ofx = st({
      start: "2026-03-01",
      end: "2026-03-31",
      opening: null,
      closing: 120990,
      tx: [["2026-03-05", 25000], ["2026-03-20", -4010]],
    });
    expect([ofx.openingMinor, ofx.openingSource, ofx.computedClosingMinor]).toEqual([100000n, "derived", 120990n]);
    expect(balanceOnDate([ofx], "2026-03-04")).toMatchObject({ balanceMinor: 100000n, balanceDate: "2026-03-04" });
    expect(balanceOnDate([ofx], "2026-03-10")).toMatchObject({ balanceMinor: 125000n, balanceDate: "2026-03-10" });
    expect(balanceOnDate([ofx], "2026-04-15")).toMatchObject({ balanceMinor: 120990n, balanceDate: "2026-03-31" });
  });

  it("a statement with neither balance: unknown inside its span and after it", () => {
    const qif = st({ start: "2026-03-01", end: "2026-03-31", opening: null, tx: [["2026-03-05", 25000]] });
    expect([qif.openingMinor, qif.openingSource, qif.computedClosingMinor]).toEqual([null, null, null]);
    expect(balanceOnDate([qif], "2026-03-10")).toBeNull();
    expect(balanceOnDate([qif], "2026-05-10")).toBeNull();
    // A later statement decides from its start on.
    const april = st({ start: "2026-04-01", end: "2026-04-30", opening: 700, closing: 700 });
    expect(balanceOnDate([qif, april], "2026-04-02")).toMatchObject({ balanceMinor: 700n });
    expect(balanceOnDate([qif, april], "2026-03-31")).toBeNull();
  });

  it("statementOn ignores statements that start after the date", () => {
    const a = st({ start: "2026-01-01", end: "2026-01-31", opening: 1 });
    const b = st({ start: "2026-03-01", end: "2026-03-31", opening: 2 });
    expect(statementOn([b, a], "2026-02-15")).toBe(a);
  });
});

describe("balanceOnDate (properties)", () => {
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, "0")}`);
  const spec = fc.record({
    start: day,
    length: fc.integer({ min: 0, max: 10 }),
    opening: fc.integer({ min: -1e12, max: 1e12 }),
    closing: fc.option(fc.integer({ min: -1e12, max: 1e12 })),
    tx: fc.array(fc.tuple(day, fc.integer({ min: -1e9, max: 1e9 })), { maxLength: 6 }),
  });

  it("shuffling the statements changes nothing", () => {
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 6 }), day, fc.integer(), (specs, date, seed) => {
        const statements = specs.map((x, i) => {
          const end = `2026-02-${String(Math.min(28, Number(x.start.slice(8)) + x.length)).padStart(2, "0")}`;
          return st({ start: x.start, end, opening: x.opening, closing: x.closing, tx: x.tx, sequence: i });
        });
        const shuffled = [...statements].sort((a, b) =>
          ((a.sequence * 7919 + seed) % 13) - ((b.sequence * 7919 + seed) % 13)
        );
        expect(balanceOnDate(shuffled, date)).toEqual(balanceOnDate(statements, date));
      }),
    );
  });

  it("inside its span, a balance is the opening plus exactly the transactions dated up to the day", () => {
    fc.assert(
      fc.property(spec, day, (x, date) => {
        const s = st({ start: "2026-02-01", end: "2026-02-28", opening: x.opening, tx: x.tx });
        const expected = x.tx.filter(([d]) => d <= date).reduce((sum, [, a]) => sum + BigInt(a), BigInt(x.opening));
        expect(balanceOnDate([s], date)?.balanceMinor).toBe(expected);
      }),
    );
  });
});
