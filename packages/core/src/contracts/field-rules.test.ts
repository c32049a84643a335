import { describe, expect, it } from "vitest";
import { z } from "zod";
import { arrayParts, fieldRulesOf } from "./field-rules.ts";
import { contributionSchema } from "./goals.ts";
import { DEFAULT_LIMITS } from "./limits.ts";
import { maxCharacters } from "./primitives.ts";
import { transactionsArray, transactionSchema } from "./transaction.ts";

describe("field rules compiled from the zod item schemas", () => {
  it("reads every rule of the transaction schema: lengths, patterns with their messages, money, enum, optional, nullable", () => {
    const rules = fieldRulesOf(transactionSchema({ ...DEFAULT_LIMITS, text: 7 }));
    // API.md §2 and §9: id and category 1–7 characters here, description and counterparty at most 7, a YYYY-MM-DD
    // date, a three-letter currency with its own message, the three kinds; the four text fields may be null.
    expect(rules).toEqual({
      id: { type: "string", optional: true, nullable: true, min: 1, max: 7 },
      date: { type: "string", pattern: /^\d{4}-\d{2}-\d{2}$/ },
      amount: { type: "money" },
      currency: {
        type: "string",
        optional: true,
        pattern: /^[A-Za-z]{3}$/,
        patternMessage: "must be a three-letter ISO 4217 currency code.",
      },
      category: { type: "string", optional: true, nullable: true, min: 1, max: 7 },
      kind: { type: "enum", optional: true, values: ["income", "expense", "transfer"] },
      description: { type: "string", optional: true, nullable: true, max: 7 },
      counterparty: { type: "string", optional: true, nullable: true, max: 7 },
    });
  });

  it("reads the contribution schema and the array's maximum", () => {
    expect(fieldRulesOf(contributionSchema())).toEqual({
      date: { type: "string", pattern: /^\d{4}-\d{2}-\d{2}$/ },
      amount: { type: "money" },
    });
    expect(arrayParts(transactionsArray({ ...DEFAULT_LIMITS, transactions: 12 })).maxItems).toBe(12);
  });

  it("refuses, at build time, any rule the fast validator would not check the way zod does", () => {
    const refused = [
      z.strictObject({ a: z.string().email() }),
      z.strictObject({ a: z.string().refine((v) => v !== "x") }),
      z.strictObject({ a: z.number() }),
      z.strictObject({ a: z.union([z.string().min(1), z.number()]) }),
      z.strictObject({ a: z.int().nullable() }),
      z.strictObject({ a: z.string().regex(/a/).min(1) }),
      z.object({ a: z.string() }),
      z.array(z.string()),
    ];
    for (const schema of refused) expect(() => fieldRulesOf(schema), String(schema._zod.def.type)).toThrow();
    expect(() => arrayParts(z.array(z.strictObject({})))).toThrow(/maximum/);
    expect(() => arrayParts(z.array(z.strictObject({})).min(1).max(3))).toThrow();
  });

  it("accepts the character limit only from maxCharacters", () => {
    expect(fieldRulesOf(z.strictObject({ a: maxCharacters(z.string(), 3) }))).toEqual({
      a: { type: "string", max: 3 },
    });
  });
});
