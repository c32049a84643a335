import { describe, expect, it } from "vitest";
import { z } from "zod";
import { problemFromZodError } from "./from-zod.ts";
import { jsonPointer } from "./json-pointer.ts";

const schema = z.strictObject({
  name: z.string().min(1).max(5),
  year: z.int().min(1).max(9999),
  kind: z.enum(["a", "b"]),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  items: z.array(z.strictObject({ amount: z.union([z.string(), z.number()]) })).max(2),
  note: z.string().refine((s) => s !== "bad", { message: "is not allowed here.", params: { code: "invalid_value" } })
    .optional(),
});

function items(input: unknown, location: "body" | "query" = "body") {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a failure");
  return problemFromZodError(result.error, location, input).errors.map((e) => [e.pointer ?? e.parameter, e.code]);
}

const valid = { name: "ab", year: 2026, kind: "a", date: "2026-01-01", items: [] };

describe("problemFromZodError", () => {
  it("reports a missing field as required", () => {
    const { year: _, ...noYear } = valid;
    expect(items(noYear)).toEqual([["/year", "required"]]);
  });

  it("maps each zod issue to a stable code and a JSON pointer", () => {
    expect(items({ ...valid, name: "" })).toEqual([["/name", "too_short"]]);
    expect(items({ ...valid, name: "toolong" })).toEqual([["/name", "too_long"]]);
    expect(items({ ...valid, name: 5 })).toEqual([["/name", "invalid_type"]]);
    expect(items({ ...valid, year: 0 })).toEqual([["/year", "out_of_range"]]);
    expect(items({ ...valid, year: 1.5 })).toEqual([["/year", "invalid_type"]]);
    expect(items({ ...valid, kind: "c" })).toEqual([["/kind", "invalid_value"]]);
    expect(items({ ...valid, date: "2026-1-1" })).toEqual([["/date", "invalid_date"]]);
    expect(items({ ...valid, items: [{}, {}, {}] })).toEqual([["/items", "too_many_items"]]);
    expect(items({ ...valid, items: [{ amount: true }] })).toEqual([["/items/0/amount", "invalid_type"]]);
    expect(items({ ...valid, items: [{}] })).toEqual([["/items/0/amount", "required"]]);
    expect(items({ ...valid, note: "bad" })).toEqual([["/note", "invalid_value"]]);
  });

  it("reports each unknown field at its own pointer", () => {
    expect(items({ ...valid, ammount: 1, items: [{ amount: 1, x: 2 }] })).toEqual([
      ["/items/0/x", "unknown_field"],
      ["/ammount", "unknown_field"],
    ]);
  });

  it("uses parameter names for queries", () => {
    expect(items({ ...valid, year: 0, extra: "1" }, "query")).toEqual([["year", "out_of_range"], [
      "extra",
      "unknown_field",
    ]]);
  });

  it("writes messages for humans", () => {
    const result = schema.safeParse({ ...valid, name: "toolong" });
    const [item] = problemFromZodError(result.error!, "body", { ...valid, name: "toolong" }).errors;
    expect(item!.message).toBe("`/name` is longer than 5 characters.");
  });

  it("builds RFC 6901 pointers", () => {
    expect(jsonPointer(["transactions", 3, "amount"])).toBe("/transactions/3/amount");
    expect(jsonPointer(["a/b", "m~n"])).toBe("/a~1b/m~0n");
    expect(jsonPointer([])).toBe("");
  });
});
