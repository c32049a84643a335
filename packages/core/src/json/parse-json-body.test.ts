import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InexactJsonError, InvalidJsonError, ValidationError } from "../problem/validation-error.ts";
import { MAX_DEPTH, MAX_MEMBER_NAME_BYTES, parseJsonBody } from "./parse-json-body.ts";

function errorsOf(text: string) {
  try {
    parseJsonBody(text);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors.map((e) => [e.pointer, e.code]);
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("parseJsonBody", () => {
  it("parses ordinary JSON like JSON.parse", () => {
    const text = '{"currency":"EUR","transactions":[{"date":"2026-01-01","amount":-12.3,"x":[1,2,{"y":null}]}],' +
      '"ok":true,"s":"a \\"quoted\\" 1e5 and \\\\","n":-0.000000000000001,"big":123456789012345}';
    expect(parseJsonBody(text)).toEqual(JSON.parse(text));
  });

  it("given the UTF-8 bytes of the text (BOM included or not), decides exactly as without them", () => {
    const encode = (t: string) => new TextEncoder().encode(t);
    const ok = '{"a":"€ \\" : 1e5","b":[1.5,{"c":null}]}';
    expect(parseJsonBody(ok, encode(ok))).toEqual(JSON.parse(ok));
    expect(parseJsonBody(ok, Uint8Array.of(0xef, 0xbb, 0xbf, ...encode(ok)))).toEqual(JSON.parse(ok));
    const thrown = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error;
      }
      throw new Error("expected an error");
    };
    for (const bad of ['{"a":1,"a":2}', '{"a":1e3}', '{"a":1234567890123456}']) {
      const withBytes = thrown(() => parseJsonBody(bad, encode(bad)));
      expect(withBytes).toBeInstanceOf(ValidationError);
      expect((withBytes as ValidationError).errors).toEqual(
        (thrown(() => parseJsonBody(bad)) as ValidationError).errors,
      );
    }
  });

  it.each(["", "{", '{"a":}', "{'a':1}", '{"a":1,}', "[1 2]", "NaN", '{"a":01}'])(
    "rejects malformed %j with InvalidJsonError",
    (text) => {
      expect(() => parseJsonBody(text)).toThrow(InvalidJsonError);
    },
  );

  it("an InvalidJsonError is a 400 invalid_json", () => {
    try {
      parseJsonBody("{");
    } catch (error) {
      expect((error as InvalidJsonError).status).toBe(400);
      expect((error as InvalidJsonError).code).toBe("invalid_json");
    }
  });

  it("reports every number written with an exponent, with its JSON pointer", () => {
    expect(errorsOf('{"transactions":[{"amount":"1"},{"amount":1e3}],"year":2.026E3}')).toEqual([
      ["/transactions/1/amount", "exponent_not_allowed"],
      ["/year", "exponent_not_allowed"],
    ]);
  });

  it("reports numbers with more than 15 significant digits (JSON.parse would round them)", () => {
    expect(errorsOf('{"a":1234567890123456,"b":0.1000000000000000055,"c":[123456789012345]}')).toEqual([
      ["/a", "too_many_digits"],
      ["/b", "too_many_digits"],
    ]);
  });

  it("counts significant digits, not leading or trailing zeros", () => {
    expect(parseJsonBody('{"a":0.000000000000000001,"b":100000000000000000000,"c":-999999999999999}')).toEqual({
      a: 1e-18,
      b: 1e20,
      c: -999999999999999,
    });
  });

  it("ignores number-like text inside strings, escaped quotes included", () => {
    expect(parseJsonBody('{"a":"1e3","b":"x\\"1e3\\"","c\\"1e9":"1234567890123456789"}')).toEqual({
      a: "1e3",
      b: 'x"1e3"',
      'c"1e9': "1234567890123456789",
    });
  });

  it("handles non-ASCII text and escaped backslashes before quotes", () => {
    const value = { "café": "naïve 😀 \\", "k\\": 'x\\"1e5', n: [1.5, "€1e9"] };
    const ok = JSON.stringify(value); // contains \\" (an escaped backslash, then the closing quote)
    expect(ok).toContain('\\\\"');
    expect(parseJsonBody(ok)).toEqual(value);
    expect(errorsOf(ok.slice(0, -1) + ',"z":2E1}')).toEqual([["/z", "exponent_not_allowed"]]);
  });

  it("rejects duplicate keys with the pointer of the repeated key", () => {
    expect(errorsOf('{"a":1,"b":{"c":1,"d":2,"c":3}}')).toEqual([["/b/c", "duplicate_key"]]);
    expect(errorsOf('{"t":[{"x":1},{"x":1,"x":2}]}')).toEqual([["/t/1/x", "duplicate_key"]]);
    expect(errorsOf('{"a":{"k":1},"a":{"k":2}}')).toEqual([["/a", "duplicate_key"]]);
  });

  it("accepts the same key in different objects", () => {
    expect(parseJsonBody('[{"a":1},{"a":2,"b":{"a":3}}]')).toEqual([{ a: 1 }, { a: 2, b: { a: 3 } }]);
  });

  it("handles the deepest nesting it accepts, and refuses deeper before any walk that could overflow", () => {
    const depth = 31; // with the root object, 32 containers
    const deepDuplicate = '{"a":' + "[".repeat(depth - 1) + '{"k":1,"k":2}' + "]".repeat(depth - 1) + "}";
    expect(errorsOf(deepDuplicate)).toEqual([["/a/" + "0/".repeat(depth - 1) + "k", "duplicate_key"]]);
    const deep = '{"a":' + "[".repeat(200_000) + "]".repeat(200_000) + "}";
    expect(errorsOf(deep)).toEqual([["/a" + "/0".repeat(31), "too_deep"]]);
  });

  it("escapes pointer segments per RFC 6901", () => {
    expect(errorsOf('{"a/b":{"m~n":1e2}}')).toEqual([["/a~1b/m~0n", "exponent_not_allowed"]]);
  });

  it("property: values built from exact numbers come back unchanged", () => {
    const exactNumber = fc.oneof(
      fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }),
      fc.integer({ min: -(10 ** 9), max: 10 ** 9 }).map((n) => n / 100),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        exactNumber,
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(fc.property(value, (v) => {
      expect(parseJsonBody(JSON.stringify(v))).toEqual(JSON.parse(JSON.stringify(v)));
    }));
  });

  it("property: a number with 16 or more significant digits is always rejected at its pointer", () => {
    const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 15, maxLength: 20 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), digits, fc.integer({ min: 0, max: 3 }), (lead, rest, point) => {
        const token = `${lead}${rest.slice(0, point)}${point ? "." : ""}${rest.slice(point)}1`;
        expect(errorsOf(`{"list":[0,{"v":${token}}]}`)).toEqual([["/list/1/v", "too_many_digits"]]);
      }),
    );
  });
});

describe("parseJsonBody: bounded work", () => {
  const members = (n: number) => Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(",");

  it("refuses an object with more than 1,000 members, at its pointer, before parsing; 1,000 pass", () => {
    expect(() => parseJsonBody(`{${members(1000)}}`)).not.toThrow();
    for (const [text, pointer] of [[`{${members(1001)}}`, ""], [`{"a":[1,{${members(1001)}}]}`, "/a/1"]] as const) {
      try {
        parseJsonBody(text);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).errors).toEqual([{
          pointer,
          code: "too_many_items",
          message: `\`${pointer || "/"}\` has more than 1000 members; no object of this API has that many.`,
        }]);
      }
    }
    // Members of nested objects count for their own object only; strings holding colons and braces count nothing.
    const nested = `{"a":{${members(600)}},"b":{${members(600)}},"c":"{:}:{:}"}`;
    expect(() => parseJsonBody(nested)).not.toThrow();
  });

  it("refuses nesting deeper than 32 before parsing, at the pointer of the first container too deep; 32 pass", () => {
    expect(MAX_DEPTH).toBe(32);
    const nest = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    expect(() => parseJsonBody(nest(32))).not.toThrow();
    // 33 arrays: the 33rd is the first element of the 32nd, 32 indexes below the root array.
    expect(errorsOf(nest(33))).toEqual([["/0".repeat(32), "too_deep"]]);
    // Objects and arrays count alike; strings holding brackets count nothing.
    const mixed = `{"a":${"[".repeat(30)}{"b":{"c":1}}${"]".repeat(30)},"s":"[[[[{{{{"}`;
    expect(errorsOf(mixed)).toEqual([[`/a${"/0".repeat(30)}/b`, "too_deep"]]);
    expect(() => parseJsonBody(`{"s":"${"[{".repeat(100)}"}`)).not.toThrow();
    try {
      parseJsonBody(nest(40));
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).errors[0]!.message).toBe(
        `\`${"/0".repeat(32)}\` nests arrays and objects more than 32 deep; no body of this API is that deep.`,
      );
    }
  });

  it("the audit's body: 1,000,000 nested arrays of exponents is one small 422, not 100 pointers of 2 MB", () => {
    const depth = 1_000_000;
    const text = `{"currency":"EUR","transactions":${"[".repeat(depth)}${Array(100).fill("1e1").join(",")}${
      "]".repeat(depth)
    }}`;
    try {
      parseJsonBody(text);
      expect.unreachable();
    } catch (error) {
      const items = (error as ValidationError).errors;
      // The root object and 31 arrays are within the limit; the 32nd array (the 33rd container) is not.
      expect(items.map((e) => [e.pointer, e.code])).toEqual([[`/transactions${"/0".repeat(31)}`, "too_deep"]]);
      expect(JSON.stringify(items).length).toBeLessThan(500);
    }
  });

  it("a refused body that is not JSON either gets its 422 even when a member name on the path is malformed", () => {
    // Refused before JSON.parse; the pointer's walk then meets a name JSON cannot read (`\x`): it is quoted as
    // written. The object is the first level and 31 arrays follow it: opening a 32nd is the 33rd level.
    expect(errorsOf(`{"\\x":${"[".repeat(40)}`)).toEqual([[`/\\x${"/0".repeat(31)}`, "too_deep"]]);
    expect(errorsOf(`{"a":{"\\u12":1,"${"n".repeat(129)}":2}}`)).toEqual([["/a", "too_long"]]);
  });

  it("refuses a member name longer than 128 bytes, at the pointer of its object; 128 bytes pass", () => {
    expect(MAX_MEMBER_NAME_BYTES).toBe(128);
    expect(() => parseJsonBody(`{"a":{"${"k".repeat(128)}":1}}`)).not.toThrow();
    expect(errorsOf(`{"a":[0,{"${"k".repeat(129)}":1}]}`)).toEqual([["/a/1", "too_long"]]);
    // Bytes as written: 43 three-byte characters (129 bytes) are too long; an escape counts as written.
    expect(errorsOf(`{"${"€".repeat(43)}":1}`)).toEqual([["", "too_long"]]);
    expect(() => parseJsonBody(`{"${"\\u0041".repeat(21)}":1}`)).not.toThrow(); // 126 bytes
    expect(errorsOf(`{"${"\\u0041".repeat(22)}":1}`)).toEqual([["", "too_long"]]); // 132 bytes
    // A long string value is not a member name.
    expect(() => parseJsonBody(`{"a":"${"v".repeat(10_000)}"}`)).not.toThrow();
    // The audit's other shape: a 2.5 MB name over 100 exponents would have made 100 pointers of 2.5 MB.
    const wide = `{"${"k".repeat(2_500_000)}":[${Array(100).fill("1e1").join(",")}]}`;
    expect(errorsOf(wide)).toEqual([["", "too_long"]]);
  });

  it("quotes at most 40 characters of a rejected number token", () => {
    const long = "1" + "0".repeat(5000) + "1";
    try {
      parseJsonBody(`{"n":${long}}`);
      expect.unreachable();
    } catch (error) {
      const message = (error as ValidationError).errors[0]!.message;
      expect(message).toContain(`(${long.slice(0, 40)}…)`);
      expect(message.length).toBeLessThan(200);
    }
  });

  it("lists the first 100 exactness problems, counts all of them, and keeps the value JSON.parse gave", () => {
    const text = `[${Array.from({ length: 250 }, () => "1e3").join(",")}]`;
    try {
      parseJsonBody(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InexactJsonError);
      const inexact = error as InexactJsonError;
      expect(inexact.errors.length).toBe(100);
      expect(inexact.total).toBe(250);
      expect(inexact.errors[99]).toMatchObject({ pointer: "/99", code: "exponent_not_allowed" });
      expect((inexact.value as number[]).length).toBe(250);
      expect(inexact.toProblem("r").truncated).toBe(true);
      expect(inexact.toProblem("r").errors_total).toBe(250);
    }
  });
});
