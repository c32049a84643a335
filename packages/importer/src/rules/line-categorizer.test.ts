import { describe, expect, it } from "vitest";
import { compileRules, validateRules } from "@pfa/core";
import { LineCategorizer, type LineValues } from "./line-categorizer.ts";
import type { StoredRules } from "./stored-rules.ts";

function stored(rules: unknown[]): StoredRules {
  const checked = validateRules(rules);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return { rules: checked.rules, compiled: compileRules(checked.rules), anyEnabled: true };
}

const RULES = stored([
  { id: "r-rent", conditions: [{ field: "text", op: "contains", value: "miete" }], set: { category: "Rent" } },
  {
    id: "r-save",
    conditions: [{ field: "account", op: "equals", value: "tagesgeld" }],
    set: { category: "Savings", kind: "transfer" },
  },
]);

const line = (extra: Partial<LineValues>): LineValues => ({
  description: "Miete Mai",
  counterparty: null,
  account: "Girokonto",
  amountMinor: -90000,
  scale: 2,
  category: null,
  kind: null,
  ...extra,
});

describe("LineCategorizer", () => {
  it("stores a rule's category with its stored id, and the sign's kind as not given", () => {
    expect(new LineCategorizer(RULES, false).apply(line({}))).toEqual({
      category: "Rent",
      categorySource: "rule",
      categoryRuleId: "r-rent",
      kind: null,
      kindSource: "default",
      kindRuleId: null,
    });
  });

  it("keeps the file's values, and lets a rule fill only what the file left open", () => {
    expect(new LineCategorizer(RULES, false).apply(line({ category: "Wohnen", account: "Tagesgeld" }))).toEqual({
      category: "Wohnen",
      categorySource: "file",
      categoryRuleId: null,
      kind: "transfer",
      kindSource: "rule",
      kindRuleId: "r-save",
    });
  });

  it("stores the file's values as the file's when it gives both, and replaces them with overwrite", () => {
    const both = line({ category: "Wohnen", kind: "expense", account: "Tagesgeld" });
    expect(new LineCategorizer(RULES, false).apply(both)).toEqual({
      category: "Wohnen",
      categorySource: "file",
      categoryRuleId: null,
      kind: "expense",
      kindSource: "file",
      kindRuleId: null,
    });
    expect(new LineCategorizer(RULES, true).apply(both)).toEqual({
      category: "Rent",
      categorySource: "rule",
      categoryRuleId: "r-rent",
      kind: "transfer",
      kindSource: "rule",
      kindRuleId: "r-save",
    });
  });

  it("without rules stores the file's values (an empty category is none)", () => {
    expect(new LineCategorizer(null, true).apply(line({ category: "", kind: "income" }))).toEqual({
      category: null,
      categorySource: null,
      categoryRuleId: null,
      kind: "income",
      kindSource: "file",
      kindRuleId: null,
    });
  });
});
