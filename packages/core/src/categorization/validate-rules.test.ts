import { describe, expect, it } from "vitest";
import { validateRules } from "./validate-rules.ts";

const rule = (conditions: unknown[], set: unknown = { category: "x" }, extra: Record<string, unknown> = {}) => ({
  id: "r",
  conditions,
  set,
  ...extra,
});

/** [pointer, code] of each error. */
function errorsOf(json: unknown): [string, string][] {
  const r = validateRules(json);
  if (r.ok) return [];
  return r.errors.map((e) => [e.pointer, e.code]);
}

describe("validateRules: every limit of a rule list, with a pointer relative to the list", () => {
  it("accepts a valid list and returns it as written", () => {
    const list = [
      rule([{ field: "text", op: "contains", value: "tesco" }]),
      {
        id: "b-2_X",
        name: "Rent",
        enabled: false,
        match: "any",
        conditions: [{ field: "amount", op: "between", value: ["-1200", -900.5] }],
        set: { kind: "transfer" },
      },
    ];
    expect(validateRules(list)).toEqual({ ok: true, rules: list });
    expect(validateRules([])).toEqual({ ok: true, rules: [] });
  });

  it("refuses unknown fields anywhere and unknown operators or fields", () => {
    expect(errorsOf([{ ...rule([{ field: "text", op: "contains", value: "a", extra: 1 }]), priority: 1 }])).toEqual([
      ["/0/conditions/0/extra", "unknown_field"],
      ["/0/priority", "unknown_field"],
    ]);
    expect(errorsOf([rule([{ field: "memo", op: "contains", value: "a" }])])).toEqual([
      ["/0/conditions/0/field", "invalid_value"],
    ]);
    expect(errorsOf([rule([{ field: "text", op: "like", value: "a" }])])).toEqual([
      ["/0/conditions/0/op", "invalid_value"],
    ]);
    expect(errorsOf([rule([{ field: "text", op: "contains", value: "a" }], { category: "x", tag: "y" })])).toEqual([
      ["/0/set/tag", "unknown_field"],
    ]);
  });

  it("refuses an operator on the wrong field", () => {
    expect(errorsOf([rule([
      { field: "amount", op: "contains", value: "1" },
      { field: "text", op: "gt", value: "1" },
      { field: "account", op: "matches", value: "x" },
      { field: "account", op: "key_equals", value: "x" },
    ])])).toEqual([
      ["/0/conditions/0/op", "invalid_value"],
      ["/0/conditions/1/op", "invalid_value"],
      ["/0/conditions/2/op", "invalid_value"],
      ["/0/conditions/3/op", "invalid_value"],
    ]);
  });

  it("refuses values that fold to nothing, empty patterns and keys, and bad types", () => {
    expect(errorsOf([rule([
      { field: "text", op: "equals", value: " \t " },
      { field: "text", op: "contains", value: "" },
      { field: "text", op: "one_of", value: ["a", "\u3000"] },
      { field: "text", op: "one_of", value: [] },
      { field: "text", op: "key_equals", value: "  " },
      { field: "text", op: "matches", value: " " },
      { field: "text", op: "contains", value: 5 },
      { field: "text", op: "one_of", value: "a" },
      { field: "account", op: "equals", value: "x".repeat(201) },
    ])])).toEqual([
      ["/0/conditions/0/value", "too_short"],
      ["/0/conditions/1/value", "too_short"],
      ["/0/conditions/2/value/1", "too_short"],
      ["/0/conditions/3/value", "too_short"],
      ["/0/conditions/4/value", "too_short"],
      ["/0/conditions/5/value", "too_short"],
      ["/0/conditions/6/value", "invalid_type"],
      ["/0/conditions/7/value", "invalid_type"],
      ["/0/conditions/8/value", "too_long"],
    ]);
    expect(errorsOf([rule([{ field: "text", op: "one_of", value: Array.from({ length: 101 }, (_, i) => `v${i}`) }])]))
      .toEqual([["/0/conditions/0/value", "too_many_items"]]);
  });

  it("refuses back-references and look-around in patterns", () => {
    expect(errorsOf([rule([
      { field: "description", op: "matches", value: "(a)\\1" },
      { field: "description", op: "matches", value: "x(?=y)" },
      { field: "description", op: "matches", value: "(?<!x)y" },
      { field: "description", op: "matches", value: "(unclosed" },
    ])])).toEqual([
      ["/0/conditions/0/value", "invalid_format"],
      ["/0/conditions/1/value", "invalid_format"],
      ["/0/conditions/2/value", "invalid_format"],
      ["/0/conditions/3/value", "invalid_format"],
    ]);
  });

  it("bounds the compiled size of patterns: 20,000 steps each, 100,000 for the list", () => {
    const big = (i: number) => "[a-z]{1000}".repeat(17) + "x".repeat(i); // 17,002 steps and more
    const rules = Array.from({ length: 7 }, (_, i) => rule([{ field: "text", op: "matches", value: big(i) }]))
      .map((r, i) => ({ ...r, id: `r${i}` }));
    // 5 × ~17,000 fit; the 6th passes 100,000; the 7th is not compiled at all.
    expect(errorsOf(rules)).toEqual([["/5/conditions/0/value", "too_large"]]);
    expect(errorsOf([rule([{ field: "text", op: "matches", value: "\\pL{1000}".repeat(22) }])])).toEqual([
      ["/0/conditions/0/value", "invalid_format"],
    ]);
  });

  it("checks amounts: format, between's order and shape", () => {
    expect(errorsOf([rule([
      { field: "amount", op: "gt", value: "1e3" },
      { field: "amount", op: "between", value: ["10", "9.99"] },
      { field: "amount", op: "between", value: ["1"] },
      { field: "amount", op: "eq", value: ["1"] },
      { field: "amount", op: "lt", value: "1000000000000000" },
    ])])).toEqual([
      ["/0/conditions/0/value", "invalid_format"],
      ["/0/conditions/1/value", "invalid_range"],
      ["/0/conditions/2/value", "invalid_type"],
      ["/0/conditions/3/value", "invalid_type"],
      ["/0/conditions/4/value", "out_of_range"],
    ]);
    expect(errorsOf([rule([{ field: "amount", op: "between", value: ["10", "10.00"] }])])).toEqual([]);
  });

  it("limits conditions (1–10), rules (200), ids, names and the set", () => {
    const c = { field: "text", op: "contains", value: "a" };
    expect(errorsOf([rule([])])).toEqual([["/0/conditions", "too_short"]]);
    expect(errorsOf([rule(Array(11).fill(c))])).toEqual([["/0/conditions", "too_many_items"]]);
    expect(errorsOf(Array.from({ length: 201 }, (_, i) => ({ ...rule([c]), id: `r${i}` })))).toEqual([
      ["", "too_many_items"],
    ]);
    expect(errorsOf(Array.from({ length: 200 }, (_, i) => ({ ...rule([c]), id: `r${i}` })))).toEqual([]);
    expect(errorsOf([{ ...rule([c]), id: "a b" }, { ...rule([c]), id: "x".repeat(65) }])).toEqual([
      ["/0/id", "invalid_format"],
      ["/1/id", "invalid_format"],
    ]);
    expect(errorsOf([{ ...rule([c]), id: "x".repeat(64), name: "n".repeat(201) }])).toEqual([["/0/name", "too_long"]]);
    expect(errorsOf([rule([c], {})])).toEqual([["/0/set", "required"]]);
    expect(errorsOf([rule([c], { category: " groceries" })])).toEqual([["/0/set/category", "invalid_format"]]);
    expect(errorsOf([rule([c], { category: "" })])).toEqual([["/0/set/category", "too_short"]]);
    expect(errorsOf([rule([c], { kind: "refund" })])).toEqual([["/0/set/kind", "invalid_value"]]);
  });

  it("reports every duplicate id, even when those rules have other errors", () => {
    const c = { field: "text", op: "contains", value: "a" };
    expect(errorsOf([rule([c]), rule([{ field: "text", op: "contains", value: " " }]), rule([c])])).toEqual([
      ["/1/conditions/0/value", "too_short"],
      ["/1/id", "duplicate"],
      ["/2/id", "duplicate"],
    ]);
  });

  it("refuses what is not a list of objects", () => {
    expect(errorsOf({ rules: [] })).toEqual([["", "invalid_type"]]);
    expect(errorsOf([3])).toEqual([["/0", "invalid_type"]]);
  });

  it("counts lengths in code points: 200 emoji are 200 characters", () => {
    expect(errorsOf([rule([{ field: "text", op: "contains", value: "😀".repeat(200) }])])).toEqual([]);
    expect(errorsOf([rule([{ field: "text", op: "contains", value: "😀".repeat(201) }])])).toEqual([
      ["/0/conditions/0/value", "too_long"],
    ]);
  });
});
