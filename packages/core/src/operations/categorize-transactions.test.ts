/**
 * POST categorize reads the evaluator's columns straight into its report (categorize-columns.ts,
 * format-categorization.ts). The report must be byte for byte the one built the plain way: one checked object and
 * one result object per transaction (checkCategorizationTransactions, categorizeMany, which the reference property
 * test holds to the reference evaluator), each row built from them. Compared on the benchmark's payload (mixed
 * operators, patterns, currencies, own categories) and on variants with ids, own kinds and `overwrite`.
 */
import { describe, expect, it, vi } from "vitest";
import { categorizeRules, categorizeTransactions } from "../../../../bench/lib/categorize-payload.mjs";
import { categorizeMany } from "../categorization/categorize-many.ts";
import { compileRules } from "../categorization/compile-rules.ts";
import { FieldTextIndex } from "../categorization/field-text-index.ts";
import type { Rule } from "../categorization/rule-schema.ts";
import { checkCategorizationTransactions } from "./categorization-transactions.ts";
import { ErrorCollector } from "./error-collector.ts";
import { createOperations } from "./index.ts";

const categorize = createOperations().byName.categorize_transactions;

interface Tx {
  id?: string | null;
  date: string;
  amount: string | number;
  currency?: string;
  category?: string | null;
  kind?: "income" | "expense" | "transfer";
  description?: string | null;
  counterparty?: string | null;
  account?: string | null;
}

/** The report built the plain way, with objects per transaction (the engine's object API). */
function plainReport(rules: Rule[], transactions: Tx[], overwrite: boolean) {
  const errors = new ErrorCollector();
  const checked = checkCategorizationTransactions(transactions, "/transactions", errors);
  expect(errors.total).toBe(0);
  const compiled = compileRules(rules);
  const { results, rules: counts } = categorizeMany(compiled, checked, { overwrite });
  let categorized = 0;
  let byRule = 0;
  let kindByRule = 0;
  const rows = results.map((r, index) => {
    if (r.category !== null) categorized++;
    if (r.categorySource === "rule") byRule++;
    if (r.kindSource === "rule") kindByRule++;
    return {
      index,
      id: checked[index]!.id,
      category: r.category,
      kind: r.kind,
      category_source: r.categorySource,
      category_rule_id: r.categoryRuleIndex === null ? null : compiled.rules[r.categoryRuleIndex]!.id,
      kind_source: r.kindSource,
      kind_rule_id: r.kindRuleIndex === null ? null : compiled.rules[r.kindRuleIndex]!.id,
    };
  });
  return {
    transactions: rows,
    rules: counts,
    totals: {
      transaction_count: results.length,
      categorized_count: categorized,
      uncategorized_count: results.length - categorized,
      categorized_by_rule_count: byRule,
      kind_set_by_rule_count: kindByRule,
    },
  };
}

function sameBytes(rules: Rule[], transactions: Tx[], overwrite: boolean): void {
  const body = { rules, transactions, ...(overwrite ? { overwrite } : {}) };
  const input = categorize.input.parse(JSON.parse(JSON.stringify(body)));
  const actual = JSON.stringify(categorize.run(input));
  expect(actual).toBe(JSON.stringify(plainReport(rules, transactions, overwrite)));
  // The REST route's body (categorization-json.ts), written from the same columns without the row objects.
  const chunks = categorize.runJsonChunks!(input);
  expect(new TextDecoder("utf-8", { fatal: true }).decode(concat(chunks))).toBe(actual);
}

describe("categorize_transactions: the column report equals the plain one byte for byte", () => {
  const rules = categorizeRules() as Rule[];
  const transactions = categorizeTransactions(5000) as Tx[];

  it("on the benchmark's payload", () => {
    sameBytes(rules, transactions, false);
  });

  it("with ids, own kinds, empty and null texts, numbers as amounts, and overwrite", () => {
    const varied = transactions.map((t, i): Tx => {
      const v: Tx = { ...t };
      if (i % 3 === 0) v.id = `t${i}`;
      if (i % 7 === 0) v.id = null;
      if (i % 5 === 0) v.kind = (["income", "expense", "transfer"] as const)[i % 3]!;
      if (i % 11 === 0) v.category = "";
      if (i % 13 === 0) v.description = null;
      if (i % 17 === 0) v.counterparty = "";
      if (i % 19 === 0) v.description = `  ${t.description}  `; // not clean: the folding path
      if (i % 23 === 0) v.description = `Straße ${t.description}`; // not ASCII
      if (i % 29 === 0 && t.currency === undefined) v.amount = Number(t.amount);
      return v;
    });
    sameBytes(rules, varied, false);
    sameBytes(rules, varied, true);
  });
});

describe("categorize_transactions: the compiled rule list it may keep for later requests", () => {
  it("holds no text of a request once the request is answered, even when the evaluation throws", () => {
    const body = { rules: categorizeRules(), transactions: categorizeTransactions(50) };
    const input = categorize.input.parse(JSON.parse(JSON.stringify(body)));
    const forget = vi.spyOn(FieldTextIndex.prototype, "forget");
    try {
      const search = vi.spyOn(FieldTextIndex.prototype, "collectCleanFound");
      categorize.runJsonChunks!(input);
      const lastSearch = Math.max(...search.mock.invocationCallOrder);
      search.mockRestore();
      // The four fields' memos, emptied after the evaluation's last search.
      expect(forget.mock.invocationCallOrder.filter((order) => order > lastSearch).length).toBe(4);
      // An evaluation that fails half-way (a field's search throws): the memos are emptied all the same.
      const failing = vi.spyOn(FieldTextIndex.prototype, "collectCleanFound").mockImplementationOnce(() => {
        throw new Error("half-way");
      });
      let thrownAt = 0;
      try {
        expect(() => categorize.runJsonChunks!(input)).toThrow("half-way");
        thrownAt = failing.mock.invocationCallOrder[0]!;
      } finally {
        failing.mockRestore();
      }
      // Emptied after the failure (not only when the kept list was handed out, before it).
      expect(forget.mock.invocationCallOrder.filter((order) => order > thrownAt).length).toBe(4);
    } finally {
      forget.mockRestore();
    }
  });
});

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
