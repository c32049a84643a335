import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { problemFromZodError } from "../problem/from-zod.ts";
import { contributionSchema } from "./goals.ts";
import { DEFAULT_LIMITS } from "./limits.ts";
import { transactionsArray, transactionsField } from "./transaction.ts";
import { isDateShaped, retainedItems, withFastArrayParse } from "./fast-array.ts";
import { DATE_PATTERN_SOURCE } from "../problem/from-zod.ts";

const limits = { ...DEFAULT_LIMITS, transactions: 5, text: 4, contributionsPerGoal: 3 };

/** Sorted error items, as the API reports them. */
function outcome(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return { ok: result.data };
  const errors = problemFromZodError(result.error, "body", input).errors.map((e) => JSON.stringify(e)).sort();
  return { errors };
}

const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom("", "a", "abcd", "abcde", "2026-01-01", "2026-13-45", "eur", "EURO", "income", "transfer", "x"),
  fc.string({ maxLength: 6 }),
  // characters beyond the BMP (two UTF-16 units each) and lone surrogates: limits count characters (code points)
  fc.constantFrom("😀😀😀😀", "😀😀😀😀😀", "a😀😀😀", "\ud83d", "\ud83d\ud83d\ud83d\ud83d\ud83d"),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constant([]),
  fc.constant({}),
);
const keys = [
  "id",
  "date",
  "amount",
  "currency",
  "category",
  "kind",
  "description",
  "counterparty",
  "ammount",
  "extra",
];
const item = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: 8 }) },
  { weight: 1, arbitrary: anyValue },
);
const validItem = fc.record({
  date: fc.constantFrom("2026-01-01", "2024-02-29"),
  amount: fc.oneof(fc.constantFrom("-12.30", "5"), fc.integer()),
}, { requiredKeys: ["date", "amount"] });

/** A valid transaction with one field replaced by any value: the fast path must refuse exactly the bad ones. */
const nearlyValidItem = fc.tuple(
  fc.record({
    id: fc.constantFrom("t1", "abcd", null),
    date: fc.constantFrom("2026-01-01", "2024-02-29"),
    amount: fc.oneof(fc.constantFrom("-12.30", "5"), fc.integer()),
    currency: fc.constantFrom("EUR", "usd"),
    category: fc.constantFrom("food", null),
    kind: fc.constantFrom("income", "expense", "transfer"),
    description: fc.constantFrom("", "abcd", null),
    counterparty: fc.constantFrom("", "ab", null),
  }, { requiredKeys: ["date", "amount"] }),
  fc.constantFrom(...keys),
  anyValue,
).map(([record, key, value]) => ({ ...record, [key]: value }));

describe("fast array validation", () => {
  it("reports exactly what the plain zod schema reports, on random transaction arrays", () => {
    const fast = transactionsField(limits);
    const reference = transactionsArray(limits);
    fc.assert(
      fc.property(
        fc.oneof(fc.array(fc.oneof(item, validItem, nearlyValidItem), { maxLength: 7 }), anyValue),
        (input) => {
          expect(outcome(fast, input)).toEqual(outcome(reference, input));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reports exactly what the plain zod schema reports, on random contribution arrays", () => {
    const reference = z.array(contributionSchema()).max(3);
    const fast = withFastArrayParse(z.array(contributionSchema()).max(3));
    fc.assert(
      fc.property(fc.array(fc.oneof(item, validItem), { maxLength: 4 }), (input) => {
        expect(outcome(fast, input)).toEqual(outcome(reference, input));
      }),
      { numRuns: 300 },
    );
  });

  it("passes valid items through unchanged and keeps the declared JSON Schema", () => {
    const fast = transactionsField(limits);
    const input = [{ date: "2026-01-01", amount: "-1.00", category: null, kind: "expense" }];
    expect(fast.parse(input)).toEqual(input);
    const schema = z.toJSONSchema(fast) as {
      items: { properties: Record<string, unknown>; additionalProperties: boolean };
    };
    expect(Object.keys(schema.items.properties)).toEqual([
      "id",
      "date",
      "amount",
      "currency",
      "category",
      "kind",
      "description",
      "counterparty",
    ]);
    expect(schema.items.additionalProperties).toBe(false);
  });

  it("null text fields mean absent on both validators; wrong types, unknown keys and long strings still fail", () => {
    const fast = transactionsField({ ...limits, transactions: 10 });
    const reference = transactionsArray({ ...limits, transactions: 10 });
    const nulls = [{
      id: null,
      date: "2026-01-01",
      amount: "-1.00",
      currency: "EUR",
      description: null,
      counterparty: null,
      category: null,
      kind: "expense",
    }];
    expect(outcome(fast, nulls)).toEqual({ ok: nulls });
    expect(outcome(reference, nulls)).toEqual({ ok: nulls });
    const bad = [
      { date: "2026-01-01", amount: "1", counterparty: 7 }, // a number is not a string
      { date: "2026-01-01", amount: "1", description: "abcde" }, // 5 characters, at most 4 here
      { date: "2026-01-01", amount: "1", id: "" }, // an id has at least 1 character
      { date: "2026-01-01", amount: "1", note: null }, // unknown, even when null
      { date: "2026-01-01", amount: null }, // amount is not optional text: null is refused
      { date: null, amount: "1" },
      { date: "2026-01-01", amount: "1", kind: null },
      { date: "2026-01-01", amount: "1", currency: null },
    ];
    const expected = [
      { pointer: "/0/counterparty", code: "invalid_type" },
      { pointer: "/1/description", code: "too_long" },
      { pointer: "/2/id", code: "too_short" },
      { pointer: "/3/note", code: "unknown_field" },
      { pointer: "/4/amount", code: "invalid_type" },
      { pointer: "/5/date", code: "invalid_type" },
      { pointer: "/6/kind", code: "invalid_value" },
      { pointer: "/7/currency", code: "invalid_type" },
    ];
    const codes = (schema: z.ZodType) => {
      const result = schema.safeParse(bad);
      if (result.success) return [];
      return problemFromZodError(result.error, "body", bad).errors.map((e) => ({ pointer: e.pointer, code: e.code }));
    };
    expect(codes(fast)).toEqual(expected);
    expect(outcome(fast, bad)).toEqual(outcome(reference, bad));
  });

  it("reports too many items once, without checking the items", () => {
    const fast = transactionsField(limits);
    expect(outcome(fast, [1, 2, 3, 4, 5, 6]).errors).toEqual([
      JSON.stringify({ pointer: "", code: "too_many_items", message: "The body has 6 items; at most 5 are allowed." }),
    ]);
  });
});

describe("isDateShaped", () => {
  const pattern = new RegExp(DATE_PATTERN_SOURCE);
  it("answers as the date pattern on hand-picked strings", () => {
    const cases: Array<[string, boolean]> = [
      ["2026-01-01", true],
      ["0000-99-99", true], // the shape only: real dates are checked later
      ["2026-1-01", false],
      ["2026-01-011", false],
      ["2026/01/01", false],
      ["２０２６-01-01", false], // full-width digits are not \d
      ["2026-01-01\n", false],
      ["", false],
    ];
    for (const [s, expected] of cases) {
      expect(isDateShaped(s)).toBe(expected);
      expect(pattern.test(s)).toBe(expected);
    }
  });

  it("answers as the date pattern on random strings", () => {
    const dateLike = fc.array(fc.constantFrom("0", "1", "9", "-", "/", "a", "٣", "\n", " "), { maxLength: 12 })
      .map((cs) => cs.join(""));
    fc.assert(
      fc.property(
        fc.oneof(dateLike, fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 })),
        (s) => {
          expect(isDateShaped(s)).toBe(pattern.test(s));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("retained items", () => {
  it("keeps the first items of the last array validated alive, at most 1024, whatever its outcome", () => {
    const fast = transactionsField({ ...limits, transactions: 2000 });
    const items = Array.from({ length: 1100 }, (_, i) => ({ date: "2026-01-01", amount: String(i) }));
    fast.parse(items);
    expect(retainedItems().length).toBe(1024);
    expect(retainedItems()[1023]).toBe(items[1023]);
    const few = [{ date: "2026-01-01", amount: "1", extra: true }];
    expect(fast.safeParse(few).success).toBe(false);
    expect(retainedItems()).toEqual(few);
  });
});
