import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { problemFromZodError } from "../problem/from-zod.ts";
import { characterCount, queryText, text } from "./primitives.ts";

describe("characterCount", () => {
  it("counts Unicode code points, worked by hand", () => {
    expect(characterCount("")).toBe(0);
    expect(characterCount("abc")).toBe(3);
    expect(characterCount("😀")).toBe(1); // U+1F600: two UTF-16 units
    expect(characterCount("a😀b😀")).toBe(4);
    expect(characterCount("é")).toBe(1); // U+00E9
    expect(characterCount("e\u0301")).toBe(2); // e + combining acute: two code points
    expect(characterCount("\ud83d")).toBe(1); // a lone high surrogate
    expect(characterCount("\ude00\ud83d")).toBe(2); // low before high: no pair
  });

  it("equals the number of code points the string iterator yields, on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (s) => {
        expect(characterCount(s)).toBe([...s].length);
      }),
    );
  });
});

describe("text", () => {
  const field = z.object({ name: text(4, "A name.", ["abcd"]) });

  it("allows `limit` characters, however many UTF-16 units they take", () => {
    expect(field.safeParse({ name: "😀😀😀😀" }).success).toBe(true);
    expect(field.safeParse({ name: "abcd" }).success).toBe(true);
  });

  it("refuses one character more as too_long, and empty as too_short", () => {
    for (const name of ["😀😀😀😀😀", "abcde"]) {
      const result = field.safeParse({ name });
      expect(result.success).toBe(false);
      expect(problemFromZodError(result.error!, "body", { name }).errors).toEqual([
        { pointer: "/name", code: "too_long", message: "`/name` is longer than 4 characters." },
      ]);
    }
    const empty = field.safeParse({ name: "" });
    expect(problemFromZodError(empty.error!, "body", { name: "" }).errors[0]?.code).toBe("too_short");
  });

  it("documents the limit as JSON Schema minLength and maxLength (which count code points too)", () => {
    const schema = z.toJSONSchema(field) as unknown as { properties: { name: Record<string, unknown> } };
    expect(schema.properties.name).toMatchObject({ type: "string", minLength: 1, maxLength: 4 });
  });
});

describe("queryText", () => {
  const query = z.object({ category: queryText(20, "A category.", ["fun"]) });

  it("refuses every C0 and C1 control character and DEL as invalid_format, naming the parameter", () => {
    for (const code of [0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1f, 0x7f, 0x80, 0x9f]) {
      const category = `a${String.fromCharCode(code)}b`;
      const result = query.safeParse({ category });
      expect(result.success, `U+${code.toString(16)}`).toBe(false);
      expect(problemFromZodError(result.error!, "query", { category }).errors).toEqual([{
        parameter: "category",
        code: "invalid_format",
        message: "Parameter `category` must not contain control characters (U+0000–U+001F, U+007F–U+009F).",
      }]);
    }
  });

  it("accepts other text, including non-Latin letters, spaces and emoji", () => {
    for (const category of ["Fun", "Café au lait", "食費", "😀 x", "\u00a0nbsp"]) {
      expect(query.safeParse({ category }).success, category).toBe(true);
    }
  });
});
