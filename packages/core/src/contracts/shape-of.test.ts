import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isValidDate } from "../calendar/dates.ts";
import { withFastArrayParse } from "./fast-array.ts";
import type { InputShape } from "./input-shape.ts";
import type { Limits } from "./limits.ts";
import { currencyInput, dateField, maxCharacters, moneyInput, text } from "./primitives.ts";
import { inputShapeOf, symbolicInputShape } from "./shape-of.ts";

const unsupported = { type: "unsupported", reason: expect.any(String) };

describe("inputShapeOf, node by node (hand-worked)", () => {
  it("strings: lengths, regex, the character limit of maxCharacters, the real-date refinement of dateField", () => {
    expect(inputShapeOf(z.string())).toEqual({ type: "string", checks: [] });
    expect(inputShapeOf(z.string().min(1).max(5).length(3))).toEqual({
      type: "string",
      checks: [{ kind: "min_length", value: 1 }, { kind: "max_length", value: 5 }, { kind: "length", value: 3 }],
    });
    expect(inputShapeOf(currencyInput("A currency."))).toEqual({
      type: "string",
      checks: [{ kind: "regex", pattern: { source: "^[A-Za-z]{3}$", flags: "" } }],
    });
    expect(inputShapeOf(z.string().regex(/a/giu))).toEqual({
      type: "string",
      checks: [{ kind: "regex", pattern: { source: "a", flags: "giu" } }],
    });
    expect(inputShapeOf(text(7, "A name.", ["x"]))).toEqual({
      type: "string",
      checks: [{ kind: "min_length", value: 1 }, { kind: "max_characters", value: 7 }],
    });
    expect(inputShapeOf(dateField("A date."))).toEqual({
      type: "string",
      checks: [{ kind: "regex", pattern: { source: "^\\d{4}-\\d{2}-\\d{2}$", flags: "" } }, { kind: "real_date" }],
    });
    expect(inputShapeOf(z.string().refine(isValidDate))).toEqual({ type: "string", checks: [{ kind: "real_date" }] });
  });

  it("numbers, booleans, enums, unions, optional, nullable", () => {
    expect(inputShapeOf(z.number())).toEqual({ type: "number", integer: false, checks: [] });
    expect(inputShapeOf(z.int().min(1).lt(10))).toEqual({
      type: "number",
      integer: true,
      checks: [{ kind: "gte", value: 1 }, { kind: "lt", value: 10 }],
    });
    expect(inputShapeOf(z.number().gt(0).max(2))).toEqual({
      type: "number",
      integer: false,
      checks: [{ kind: "gt", value: 0 }, { kind: "lte", value: 2 }],
    });
    expect(inputShapeOf(z.boolean())).toEqual({ type: "boolean" });
    expect(inputShapeOf(z.enum(["a", "b"]))).toEqual({ type: "enum", values: ["a", "b"] });
    expect(inputShapeOf(moneyInput("An amount."))).toEqual({
      type: "union",
      options: [{ type: "string", checks: [] }, { type: "number", integer: false, checks: [] }],
    });
    expect(inputShapeOf(z.string().nullable().optional())).toEqual({
      type: "optional",
      inner: { type: "nullable", inner: { type: "string", checks: [] } },
    });
  });

  it("objects (strict or plain, shape order), arrays, fast arrays", () => {
    expect(inputShapeOf(z.strictObject({ b: z.boolean(), a: z.boolean().optional() }))).toEqual({
      type: "object",
      unknownKeys: "reject",
      fields: { b: { type: "boolean" }, a: { type: "optional", inner: { type: "boolean" } } },
    });
    expect(inputShapeOf(z.object({ a: z.boolean() }))).toEqual({
      type: "object",
      unknownKeys: "strip",
      fields: { a: { type: "boolean" } },
    });
    expect(inputShapeOf(z.array(z.boolean()).min(1).max(3))).toEqual({
      type: "array",
      element: { type: "boolean" },
      checks: [{ kind: "min_length", value: 1 }, { kind: "max_length", value: 3 }],
    });
    const fast = withFastArrayParse(
      z.array(z.strictObject({
        date: dateField("A date.", undefined, true),
        amount: moneyInput("An amount."),
        note: maxCharacters(z.string(), 9).nullable().optional(),
        kind: z.enum(["x"]).optional(),
      })).max(4),
    );
    expect(inputShapeOf(fast)).toEqual({
      type: "fast_array",
      maxItems: 4,
      fields: {
        date: { type: "string", pattern: { source: "^\\d{4}-\\d{2}-\\d{2}$", flags: "" } },
        amount: { type: "money" },
        note: { type: "string", optional: true, nullable: true, max: 9 },
        kind: { type: "enum", optional: true, values: ["x"] },
      },
    });
  });

  it("anything it cannot identify with certainty is unsupported", () => {
    const cases: z.ZodType[] = [
      z.string().refine((s) => s.length > 0),
      z.string().transform(Number),
      z.string().default("x"),
      z.string().default("x").optional(),
      z.string().exactOptional(),
      z.string().optional().refine(() => true),
      z.xor([z.string(), z.number()]),
      z.discriminatedUnion("k", [z.object({ k: z.literal("a") })]),
      z.looseObject({}),
      z.object({}).catchall(z.string()),
      z.coerce.number(),
      z.int32(),
      z.uuid(),
      z.string().email(),
      z.number().multipleOf(2),
      z.record(z.string(), z.string()),
      z.lazy(() => z.string()),
      z.literal("a"),
      z.string().pipe(z.string()),
      z.array(z.string()).refine(() => true),
      z.enum({ a: 1 }),
    ];
    for (const schema of cases) expect(inputShapeOf(schema), schema._zod.def.type).toEqual(unsupported);
    // Only the node that cannot be read: its parents stay described.
    expect(inputShapeOf(z.strictObject({ a: z.string().trim() }))).toEqual({
      type: "object",
      unknownKeys: "reject",
      fields: { a: unsupported },
    });
  });
});

describe("symbolicInputShape: limits become symbolic, other differences unsupported", () => {
  const build = (limits: Limits) =>
    z.strictObject({
      items: z.array(z.boolean()).max(limits.transactions),
      name: text(limits.text, "A name.", ["x"]),
      constant: z.array(z.boolean()).max(200), // equal to the default text and page limits, but not one
      twice: z.string().max(limits.text * 2),
      capped: z.string().max(Math.min(limits.text, 500)),
      shaped: limits.text > 1000 ? z.number() : z.string(),
      union: z.union([z.string().max(limits.text * 2), z.number()]),
    });

  it("reads each bound from the three builds", () => {
    const fields = (symbolicInputShape(build) as Extract<InputShape, { type: "object" }>).fields;
    expect(fields.items).toEqual({
      type: "array",
      element: { type: "boolean" },
      checks: [{ kind: "max_length", value: { limit: "transactions" } }],
    });
    expect(fields.name).toEqual({
      type: "string",
      checks: [{ kind: "min_length", value: 1 }, { kind: "max_characters", value: { limit: "text" } }],
    });
    expect(fields.constant).toEqual({
      type: "array",
      element: { type: "boolean" },
      checks: [{ kind: "max_length", value: 200 }],
    });
    expect(fields.twice).toEqual(unsupported); // arithmetic is never guessed
    expect(fields.capped).toEqual(unsupported); // 200, then 500 and 500: not the limit, not a constant
    expect(fields.shaped).toEqual(unsupported);
    expect(fields.union).toEqual(unsupported); // a union with an unsupported option is unsupported as a whole
  });
});

describe("symbolicInputShape: a bound that follows a limit only above a constant", () => {
  it("is unsupported (the small sentinels tell it from the limit)", () => {
    const shape = symbolicInputShape((limits) => z.string().max(Math.max(limits.text, 100)));
    expect(shape).toEqual(unsupported);
  });
});
