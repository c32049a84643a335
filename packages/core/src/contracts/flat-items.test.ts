import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countKeys } from "../json/counted-keys.ts";
import {
  checkFlatItems,
  compileFlatItems,
  CURRENCY_PATTERN_SOURCE,
  flatItemPasses,
  isThreeLetters,
  retainedItems,
} from "./flat-items.ts";
import { CURRENCY_PATTERN } from "./primitives.ts";

const items = compileFlatItems({
  date: { type: "string", pattern: /^\d{4}-\d{2}-\d{2}$/ },
  amount: { type: "money" },
  note: { type: "string", optional: true, nullable: true, min: 1, max: 2 },
  kind: { type: "enum", optional: true, values: ["income"] },
});

describe("checkFlatItems", () => {
  it("refuses a key no field has, wherever it stands, whatever the items before it listed", () => {
    // Each key's field is first looked up among the previous item's keys: an unknown key, the empty one included,
    // must still be refused in a fresh compiled list (nothing cached yet) and after items that cached other keys.
    const fresh = compileFlatItems({ date: { type: "string" }, amount: { type: "money" } });
    expect(flatItemPasses(fresh, { "": "2026-01-01", amount: 1 })).toBe(false);
    expect(checkFlatItems(fresh, [{ "": "2026-01-01", amount: 1 }])).toBe(-1);
    expect(checkFlatItems(fresh, [{ date: "2026-01-01", amount: 1 }, { "": "2026-01-01", amount: 1 }])).toBe(-2);
    expect(checkFlatItems(fresh, [{ date: "2026-01-01", amount: 1 }, { dates: "2026-01-01", amount: 1 }])).toBe(-2);
    // The same keys in another order are the same fields.
    expect(checkFlatItems(fresh, [{ date: "2026-01-01", amount: 1 }, { amount: 1, date: "2026-01-01" }])).toBe(4);
  });

  it("counts the keys of passing items and records the count, worked by hand", () => {
    const input = [{ date: "2026-01-01", amount: 1 }, {
      note: "😀😀",
      amount: "-1",
      date: "2026-13-99",
      kind: "income",
    }];
    expect(checkFlatItems(items, input)).toBe(6);
    expect(countKeys(input)).toBe(6); // recorded: the walk would find 6, and finds them without walking
    expect(retainedItems()).toEqual(input);
  });

  it("answers -(i + 1) for the first item i that fails, without recording a count", () => {
    const input = [
      { date: "2026-01-01", amount: 1 },
      { date: "2026-01-01" }, // no amount
      { date: "2026-01-01", amount: 1, extra: 1 },
    ];
    expect(checkFlatItems(items, input)).toBe(-2);
    expect(countKeys(input)).toBe(6); // walked (2 + 1 + 3), not recorded
    const cases: unknown[] = [
      null,
      [],
      "x",
      { date: "2026-01-01", amount: null },
      { date: "2026-01-01", amount: true },
      { date: "2026-1-01", amount: 1 },
      { date: "2026-01-01", amount: 1, note: "" },
      { date: "2026-01-01", amount: 1, note: "abc" },
      { date: "2026-01-01", amount: 1, kind: "expense" },
      { date: "2026-01-01", amount: 1, kind: null },
    ];
    for (const item of cases) {
      expect(checkFlatItems(items, [item]), JSON.stringify(item)).toBe(-1);
      expect(flatItemPasses(items, item)).toBe(false);
    }
    expect(flatItemPasses(items, { date: "2026-01-01", amount: 1, note: null })).toBe(true);
    expect(checkFlatItems(items, [])).toBe(0);
  });

  it("refuses every item when the fields outnumber the bit mask (the callers check them slowly)", () => {
    const wide = compileFlatItems(
      Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, { type: "money", optional: true }])),
    );
    expect(wide.fastPath).toBe(false);
    expect(checkFlatItems(wide, [{}])).toBe(-1);
    expect(checkFlatItems(wide, [])).toBe(-1);
  });

  it("compiles equal rules once (the zod path and the acceptor share one validator), messages aside", () => {
    const rules = { date: { type: "string", pattern: /^\d{4}$/ }, amount: { type: "money" } } as const;
    const again = compileFlatItems({ ...rules, date: { ...rules.date, pattern: /^\d{4}$/, patternMessage: "m" } });
    expect(again).toBe(compileFlatItems(rules));
    expect(compileFlatItems({ ...rules, date: { type: "string", pattern: /^\d{5}$/ } })).not.toBe(again);
    expect(compileFlatItems({ ...rules, amount: { type: "money", optional: true } })).not.toBe(again);
  });
});

describe("isThreeLetters", () => {
  const pattern = new RegExp(CURRENCY_PATTERN_SOURCE);
  it("is the currency fields' pattern", () => {
    expect(CURRENCY_PATTERN.source).toBe(CURRENCY_PATTERN_SOURCE);
    expect(CURRENCY_PATTERN.flags).toBe("");
  });

  it("answers as the pattern on hand-picked strings", () => {
    const cases: Array<[string, boolean]> = [
      ["EUR", true],
      ["eur", true],
      ["gBp", true],
      ["AZa", true],
      ["EU", false],
      ["EURO", false],
      ["", false],
      ["E1R", false],
      ["@UR", false], // the code unit before A
      ["[UR", false], // after Z
      ["`UR", false], // before a
      ["{UR", false], // after z
      ["ÉUR", false], // not ASCII
      ["ＥＵＲ", false], // full-width letters
      ["EUR\n", false],
      ["E R", false],
    ];
    for (const [s, expected] of cases) {
      expect(isThreeLetters(s)).toBe(expected);
      expect(pattern.test(s)).toBe(expected);
    }
  });

  it("answers as the pattern on random strings", () => {
    const codeLike = fc.array(fc.constantFrom("A", "Z", "a", "z", "@", "[", "`", "{", "é", "\n", "1", " "), {
      maxLength: 4,
    }).map((cs) => cs.join(""));
    fc.assert(
      fc.property(
        fc.oneof(codeLike, fc.string({ maxLength: 4 }), fc.string({ unit: "binary", maxLength: 4 })),
        (s) => {
          expect(isThreeLetters(s)).toBe(pattern.test(s));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("is what a currency field of a flat item is checked with", () => {
    const compiled = compileFlatItems({ currency: { type: "string", optional: true, pattern: CURRENCY_PATTERN } });
    expect(flatItemPasses(compiled, { currency: "chf" })).toBe(true);
    expect(flatItemPasses(compiled, { currency: "CH" })).toBe(false);
    expect(flatItemPasses(compiled, { currency: "C\u00c9F" })).toBe(false);
  });
});
