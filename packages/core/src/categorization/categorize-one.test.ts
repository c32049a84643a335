import { describe, expect, it } from "vitest";
import { categorizeOne } from "./categorize-one.ts";
import { compileRules } from "./compile-rules.ts";
import type { CategorizeTransaction } from "./transaction-view.ts";
import { validateRules } from "./validate-rules.ts";

function compiled(json: unknown) {
  const v = validateRules(json);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return compileRules(v.rules);
}

/** Whether one condition matches the transaction (a rule with only that condition). */
function matches(condition: unknown, tx: Partial<CategorizeTransaction>): boolean {
  const rules = compiled([{ id: "r", conditions: [condition], set: { category: "hit" } }]);
  const r = categorizeOne(rules, { amountMinor: -100, scale: 2, ...tx }, { overwrite: false });
  return r.category === "hit";
}

describe("text operators, folded (NFKC, lower case, white space runs, trim)", () => {
  const tx = { description: "  CARD PAYMENT   ＴＥＳＣＯ Stores 3312 ", counterparty: null };
  it("equals", () => {
    expect(matches({ field: "description", op: "equals", value: "card payment tesco stores 3312" }, tx)).toBe(true);
    expect(matches({ field: "description", op: "equals", value: "card payment tesco" }, tx)).toBe(false);
  });
  it("contains", () => {
    expect(matches({ field: "description", op: "contains", value: "Tesco  STORES" }, tx)).toBe(true);
    expect(matches({ field: "description", op: "contains", value: "aldi" }, tx)).toBe(false);
  });
  it("starts_with and ends_with (after trimming)", () => {
    expect(matches({ field: "description", op: "starts_with", value: "card" }, tx)).toBe(true);
    expect(matches({ field: "description", op: "starts_with", value: "payment" }, tx)).toBe(false);
    expect(matches({ field: "description", op: "ends_with", value: "3312" }, tx)).toBe(true);
    expect(matches({ field: "description", op: "ends_with", value: "stores" }, tx)).toBe(false);
  });
  it("one_of compares the whole folded field with each value", () => {
    const t = { description: "ＡＬＤＩ" };
    expect(matches({ field: "description", op: "one_of", value: ["lidl", "Aldi"] }, t)).toBe(true);
    expect(matches({ field: "description", op: "one_of", value: ["ald", "lidl"] }, t)).toBe(false);
  });
  it("ligatures and the Turkish İ fold on both sides alike", () => {
    expect(matches({ field: "description", op: "contains", value: "finance" }, { description: "ＡＢＣ ﬁnance" }))
      .toBe(true);
    expect(matches({ field: "description", op: "equals", value: "İstanbul" }, { description: "İSTANBUL" })).toBe(
      true,
    );
    // "İ" folds to "i" + U+0307: it never equals a plain "i".
    expect(matches({ field: "description", op: "equals", value: "istanbul" }, { description: "İSTANBUL" })).toBe(
      false,
    );
  });
});

describe("key_equals: the field's recurring-stream key against the value as written", () => {
  it("matches the 9.1 key, not the folded text", () => {
    expect(matches({ field: "text", op: "key_equals", value: "netflix com" }, { description: "NETFLIX.COM 4412" }))
      .toBe(true);
    expect(matches({ field: "text", op: "key_equals", value: "netflix.com" }, { description: "NETFLIX.COM 4412" }))
      .toBe(false);
    // The value is not folded: upper case never equals a key.
    expect(matches({ field: "text", op: "key_equals", value: "Netflix com" }, { description: "NETFLIX.COM" }))
      .toBe(false);
  });
});

describe("the text field: the counterparty when non-empty, else the description", () => {
  it("uses the counterparty when it is a non-empty string", () => {
    const t = { counterparty: "Spotify AB", description: "Card 1234 NETFLIX" };
    expect(matches({ field: "text", op: "contains", value: "spotify" }, t)).toBe(true);
    expect(matches({ field: "text", op: "contains", value: "netflix" }, t)).toBe(false);
    expect(matches({ field: "description", op: "contains", value: "netflix" }, t)).toBe(true);
    expect(matches({ field: "counterparty", op: "equals", value: "spotify ab" }, t)).toBe(true);
  });
  it("falls back to the description for an empty or null counterparty", () => {
    expect(matches({ field: "text", op: "contains", value: "netflix" }, { counterparty: "", description: "NETFLIX" }))
      .toBe(true);
    expect(matches({ field: "text", op: "contains", value: "netflix" }, { description: "NETFLIX" })).toBe(true);
  });
  it("a white-space counterparty is chosen and matches nothing (no fallback)", () => {
    expect(
      matches({ field: "text", op: "contains", value: "netflix" }, { counterparty: "  ", description: "NETFLIX" }),
    ).toBe(false);
  });
});

describe("a missing, empty or white-space field matches no text condition, matches included", () => {
  it("matches with a pattern that would match the empty string", () => {
    expect(matches({ field: "description", op: "matches", value: "^\\s*$" }, { description: "   " })).toBe(false);
    expect(matches({ field: "description", op: "matches", value: "x*" }, {})).toBe(false);
    expect(matches({ field: "counterparty", op: "matches", value: "x*" }, { counterparty: "" })).toBe(false);
    expect(matches({ field: "description", op: "matches", value: "x*" }, { description: "abc" })).toBe(true);
  });
  it("account conditions need an account", () => {
    expect(matches({ field: "account", op: "equals", value: "Joint" }, {})).toBe(false);
    expect(matches({ field: "account", op: "equals", value: "joint" }, { account: " JOINT " })).toBe(true);
    expect(matches({ field: "account", op: "one_of", value: ["Savings", "Joint"] }, { account: "joint" })).toBe(true);
  });
});

describe("matches: RE2, case-insensitive, searched, on the NFKC (not folded) field", () => {
  it("searches anywhere unless anchored", () => {
    expect(matches({ field: "description", op: "matches", value: "tesco|aldi" }, { description: "CARD ALDI 12" }))
      .toBe(true);
    expect(matches({ field: "description", op: "matches", value: "^aldi" }, { description: "CARD ALDI 12" })).toBe(
      false,
    );
  });
  it("sees NFKC text (full width → ASCII) but white space and case as given", () => {
    expect(matches({ field: "description", op: "matches", value: "^tesco\\d" }, { description: "ＴＥＳＣＯ１" })).toBe(
      true,
    );
    // Not folded: two spaces stay two spaces.
    expect(matches({ field: "description", op: "matches", value: "a b" }, { description: "A  B" })).toBe(false);
    expect(matches({ field: "description", op: "matches", value: "a\\s+b" }, { description: "A  B" })).toBe(true);
  });
});

describe("amount operators: exact, signed, in the transaction's own scale", () => {
  const eur = (minor: number) => ({ amountMinor: minor, scale: 2 });
  it("eq, gt, gte, lt, lte", () => {
    expect(matches({ field: "amount", op: "eq", value: "-12.3" }, eur(-1230))).toBe(true);
    expect(matches({ field: "amount", op: "eq", value: -12.3 }, eur(-1230))).toBe(true);
    expect(matches({ field: "amount", op: "eq", value: "-12.30" }, eur(-1231))).toBe(false);
    expect(matches({ field: "amount", op: "gt", value: "0" }, eur(1))).toBe(true);
    expect(matches({ field: "amount", op: "gt", value: "0" }, eur(0))).toBe(false);
    expect(matches({ field: "amount", op: "gte", value: "0" }, eur(0))).toBe(true);
    expect(matches({ field: "amount", op: "lt", value: "-100" }, eur(-10001))).toBe(true);
    expect(matches({ field: "amount", op: "lt", value: "-100" }, eur(-10000))).toBe(false);
    expect(matches({ field: "amount", op: "lte", value: "-100" }, eur(-10000))).toBe(true);
  });
  it("a value finer than the currency compares exactly", () => {
    expect(matches({ field: "amount", op: "gt", value: "10.005" }, eur(1001))).toBe(true);
    expect(matches({ field: "amount", op: "gt", value: "10.005" }, eur(1000))).toBe(false);
    expect(matches({ field: "amount", op: "eq", value: "10.005" }, eur(1000))).toBe(false);
    expect(matches({ field: "amount", op: "lt", value: "10.5" }, { amountMinor: 10, scale: 0 })).toBe(true); // JPY 10
    expect(matches({ field: "amount", op: "gt", value: "10.5" }, { amountMinor: 11, scale: 0 })).toBe(true);
    expect(matches({ field: "amount", op: "eq", value: "1.25" }, { amountMinor: 1250, scale: 3 })).toBe(true); // BHD
  });
  it("between is inclusive", () => {
    const c = { field: "amount", op: "between", value: ["-50", "-10"] };
    expect(matches(c, eur(-5000))).toBe(true);
    expect(matches(c, eur(-1000))).toBe(true);
    expect(matches(c, eur(-999))).toBe(false);
    expect(matches(c, eur(-5001))).toBe(false);
  });
  it("bigint amounts beyond the safe range compare exactly", () => {
    expect(matches({ field: "amount", op: "gt", value: "999999999999999" }, { amountMinor: 10n ** 20n, scale: 2 }))
      .toBe(true);
    expect(matches({ field: "amount", op: "lt", value: "0" }, { amountMinor: -(10n ** 20n), scale: 2 })).toBe(true);
    expect(matches({ field: "amount", op: "eq", value: "-12.34" }, { amountMinor: -1234n, scale: 2 })).toBe(true);
  });
});

describe("match all / any", () => {
  const conditions = [
    { field: "text", op: "contains", value: "rent" },
    { field: "amount", op: "lt", value: "0" },
  ];
  it("all needs every condition, any at least one", () => {
    const all = compiled([{ id: "a", conditions, set: { category: "A" } }]);
    const any = compiled([{ id: "a", match: "any", conditions, set: { category: "A" } }]);
    const incoming = { description: "RENT share from Bob", amountMinor: 50000, scale: 2 };
    expect(categorizeOne(all, incoming, { overwrite: false }).category).toBeNull();
    expect(categorizeOne(any, incoming, { overwrite: false }).category).toBe("A");
    expect(categorizeOne(any, { description: "x", amountMinor: 5, scale: 2 }, { overwrite: false }).category)
      .toBeNull();
  });
});

describe("evaluation (API.md §10.2)", () => {
  const rules = compiled([
    {
      id: "off",
      enabled: false,
      conditions: [{ field: "text", op: "contains", value: "tesco" }],
      set: { category: "X" },
    },
    { id: "kind-only", conditions: [{ field: "text", op: "contains", value: "transfer" }], set: { kind: "transfer" } },
    {
      id: "groceries",
      conditions: [{ field: "text", op: "contains", value: "tesco" }],
      set: { category: "groceries" },
    },
    {
      id: "both",
      conditions: [{ field: "text", op: "contains", value: "tesco" }],
      set: { category: "food", kind: "expense" },
    },
    // Reads the original: the category "groceries" set above is not visible to it.
    {
      id: "reads-original",
      conditions: [{ field: "text", op: "contains", value: "groceries" }],
      set: { category: "never" },
    },
  ]);
  const tesco = { description: "TESCO 12", amountMinor: -500, scale: 2 };

  it("(1) disabled rules never match; (3) the first matching rule that sets a field decides it", () => {
    const r = categorizeOne(rules, tesco, { overwrite: false });
    expect(r).toEqual({
      category: "groceries",
      categorySource: "rule",
      categoryRuleIndex: 2,
      kind: "expense",
      kindSource: "rule",
      kindRuleIndex: 3,
      matchedRuleIndexes: [2, 3],
    });
  });

  it("(2) conditions read the transaction as given, not another rule's output", () => {
    const r = categorizeOne(rules, { ...tesco, category: null }, { overwrite: false });
    expect(r.matchedRuleIndexes).toEqual([2, 3]);
  });

  it("(4) a non-empty category and a given kind are kept unless overwrite", () => {
    const own = { ...tesco, category: "mine", kind: "transfer" as const };
    expect(categorizeOne(rules, own, { overwrite: false })).toMatchObject({
      category: "mine",
      categorySource: "input",
      categoryRuleIndex: null,
      kind: "transfer",
      kindSource: "input",
      kindRuleIndex: null,
      matchedRuleIndexes: [2, 3],
    });
    expect(categorizeOne(rules, own, { overwrite: true })).toMatchObject({
      category: "groceries",
      categorySource: "rule",
      kind: "expense",
      kindSource: "rule",
    });
    // An empty category is none: the rule applies, even without overwrite.
    expect(categorizeOne(rules, { ...tesco, category: "" }, { overwrite: false }).categorySource).toBe("rule");
    // Overwrite with no rule setting the field keeps the transaction's own value.
    expect(categorizeOne(rules, { description: "x", amountMinor: 1, scale: 2, category: "c" }, { overwrite: true }))
      .toMatchObject({ category: "c", categorySource: "input", kind: "income", kindSource: "default" });
  });

  it("(5) the kind is the effective kind: the rule's, else the given one, else the sign's", () => {
    const transfer = { description: "Transfer to savings", amountMinor: 2000, scale: 2 };
    expect(categorizeOne(rules, transfer, { overwrite: false })).toMatchObject({
      category: null,
      categorySource: null,
      kind: "transfer",
      kindSource: "rule",
      kindRuleIndex: 1,
    });
    expect(categorizeOne(rules, { amountMinor: 0, scale: 2 }, { overwrite: false })).toMatchObject({
      kind: "expense",
      kindSource: "default",
    });
    expect(categorizeOne(rules, { amountMinor: 1, scale: 2 }, { overwrite: false }).kind).toBe("income");
    expect(categorizeOne(rules, { amountMinor: 1, scale: 2, kind: "expense" }, { overwrite: false })).toMatchObject({
      kind: "expense",
      kindSource: "input",
    });
  });
});

describe("patterns decided by their literals, next to patterns RE2 searches together", () => {
  it("counts a pattern once, so an `all` rule still needs its other condition", () => {
    // "abc": `ab|ca` is decided by its literal "ab"; `a.c` and `^a` both remain possible, so RE2 searches the set,
    // which reports `ab|ca` too. Rule x also needs "zzz", which is absent: only y and z match.
    const rules = compiled([
      {
        id: "x",
        conditions: [{ field: "description", op: "matches", value: "ab|ca" }, {
          field: "description",
          op: "contains",
          value: "zzz",
        }],
        set: { category: "X" },
      },
      { id: "y", conditions: [{ field: "description", op: "matches", value: "a.c" }], set: { category: "Y" } },
      { id: "z", conditions: [{ field: "description", op: "matches", value: "^a" }], set: { kind: "transfer" } },
      { id: "w", conditions: [{ field: "description", op: "matches", value: "ab|ca" }], set: { category: "W" } },
    ]);
    const r = categorizeOne(rules, { description: "abc", amountMinor: -100, scale: 2 }, { overwrite: false });
    expect([r.matchedRuleIndexes, r.category, r.kind]).toEqual([[1, 2, 3], "Y", "transfer"]);
  });
});
