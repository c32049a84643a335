/**
 * parseJsonBody against an independent reference: a plain recursive-descent reader written here (its own string
 * decoding, its own significant-digit count, its own pointer escaping) that computes, for a valid JSON text, the
 * verdict the module's header promises: the first structural refusal in document order (nesting deeper than
 * MAX_DEPTH, a member name longer than MAX_MEMBER_NAME_BYTES as written, an object with more than
 * MAX_OBJECT_MEMBERS members), else every exponent, over-long number and duplicate key in document order, else the
 * value. The texts come from fast-check: exponents, long digit runs, leading and trailing zeros, duplicate keys,
 * escapes (escaped quotes and backslashes before the closing quote, `\u` escapes of colons and surrogates), non-ASCII
 * text, names around 128 bytes, nesting around 32, objects around 1,000 members, whitespace between tokens, and
 * strings full of the characters the fast pass counts outside strings.
 *
 * The structural refusals come before JSON.parse, so they also decide texts that are not JSON at all (a 422 instead
 * of the 400). A second reference, `refusedBeforeParsing`, states that rule on any text with a regular-expression
 * tokenizer (strings end at the first quote not taken by a backslash, or at the end of the text); the last
 * properties compare it on edited and random texts, most of them malformed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidJsonError, MAX_REPORTED_ERRORS, ValidationError } from "../problem/validation-error.ts";
import { MAX_DEPTH, MAX_MEMBER_NAME_BYTES, MAX_OBJECT_MEMBERS, parseJsonBody } from "./parse-json-body.ts";

type Segment = string | number;
interface Found {
  pointer: string;
  code: string;
}
type Outcome =
  | { kind: "value"; value: unknown }
  | { kind: "structure"; item: Found }
  | { kind: "inexact"; items: Found[]; total: number }
  | { kind: "invalid" };

const pointerOf = (path: readonly Segment[]) =>
  path.map((s) => "/" + String(s).split("~").join("~0").split("/").join("~1")).join("");

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

class StructureRefusal {
  constructor(readonly item: Found) {}
}

/** The reference verdict of a valid JSON text (the generators below only make valid texts). */
function reference(text: string): Outcome {
  let i = 0;
  const items: Found[] = [];
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) throw new Error(`reference: expected ${ch} at ${i} of ${text}`);
    i++;
  };
  /** The raw characters between the quotes of the string at i, and its decoded value. */
  const readString = (): { raw: string; decoded: string } => {
    expect('"');
    const start = i;
    let decoded = "";
    for (;;) {
      const ch = text[i]!;
      if (ch === '"') break;
      if (ch === "\\") {
        const e = text[i + 1]!;
        const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r" };
        if (e === "t") decoded += "\t";
        else if (e === "u") {
          decoded += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 4;
        } else decoded += simple[e]!;
        i += 2;
      } else {
        decoded += ch;
        i++;
      }
    }
    const raw = text.slice(start, i);
    i++;
    return { raw, decoded };
  };
  const significantDigits = (token: string) => {
    const digits = token.replace(/^-/, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
    return digits.length;
  };
  const value = (path: Segment[], depth: number): void => {
    ws();
    const ch = text[i]!;
    if (ch === "{" || ch === "[") {
      if (depth + 1 > MAX_DEPTH) throw new StructureRefusal({ pointer: pointerOf(path), code: "too_deep" });
      i++;
      ws();
      const close = ch === "{" ? "}" : "]";
      if (text[i] === close) {
        i++;
        return;
      }
      const seen = new Set<string>();
      for (let index = 0;; index++) {
        if (ch === "{") {
          ws();
          const { raw, decoded } = readString();
          if (utf8Length(raw) > MAX_MEMBER_NAME_BYTES) {
            throw new StructureRefusal({ pointer: pointerOf(path), code: "too_long" });
          }
          if (index + 1 > MAX_OBJECT_MEMBERS) {
            throw new StructureRefusal({ pointer: pointerOf(path), code: "too_many_items" });
          }
          if (seen.has(decoded)) items.push({ pointer: pointerOf([...path, decoded]), code: "duplicate_key" });
          seen.add(decoded);
          ws();
          expect(":");
          value([...path, decoded], depth + 1);
        } else value([...path, index], depth + 1);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        expect(close);
        return;
      }
    }
    if (ch === '"') {
      readString();
      return;
    }
    const literal = /^(true|false|null)/.exec(text.slice(i, i + 5));
    if (literal) {
      i += literal[0].length;
      return;
    }
    const number = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i))!;
    const token = number[0];
    i += token.length;
    if (number[3] !== undefined) items.push({ pointer: pointerOf(path), code: "exponent_not_allowed" });
    else if (significantDigits(token) > 15) items.push({ pointer: pointerOf(path), code: "too_many_digits" });
  };
  try {
    value([], 0);
    ws();
    if (i !== text.length) throw new Error(`reference: trailing text at ${i}`);
  } catch (error) {
    if (error instanceof StructureRefusal) return { kind: "structure", item: error.item };
    throw error;
  }
  if (items.length > 0) return { kind: "inexact", items: items.slice(0, MAX_REPORTED_ERRORS), total: items.length };
  return { kind: "value", value: JSON.parse(text) };
}

/**
 * The refusal rule on any text, JSON or not: tokens are strings (a backslash takes the next character; an unclosed
 * string runs to the end), the characters `:{}[]`, and anything else. `{` and `[` open a level (refused past
 * MAX_DEPTH open levels), `}` and `]` close one if any is open (`}` also closes the innermost open object if any), a
 * `:` counts a member of the innermost open object (refused past MAX_OBJECT_MEMBERS) after checking that the last
 * string before it is at most MAX_MEMBER_NAME_BYTES in UTF-8.
 */
function refusedBeforeParsing(text: string): boolean {
  const tokens = /"((?:[^"\\]|\\[\s\S]?)*)"?|[:{}[\]]|[^":{}[\]]+/gy;
  let levels = 0;
  const objects: number[] = [];
  let lastString = 0;
  for (let m = tokens.exec(text); m !== null && m[0] !== ""; m = tokens.exec(text)) {
    const t = m[0];
    if (m[1] !== undefined) lastString = utf8Length(m[1]);
    else if (t === "{" || t === "[") {
      if (++levels > MAX_DEPTH) return true;
      if (t === "{") objects.push(0);
    } else if (t === "}" || t === "]") {
      if (levels > 0) levels--;
      if (t === "}") objects.pop();
    } else if (t === ":") {
      if (lastString > MAX_MEMBER_NAME_BYTES) return true;
      if (objects.length > 0 && ++objects[objects.length - 1]! > MAX_OBJECT_MEMBERS) return true;
    }
  }
  return false;
}

function outcome(run: () => unknown): Outcome {
  try {
    return { kind: "value", value: run() };
  } catch (error) {
    if (error instanceof InvalidJsonError) return { kind: "invalid" };
    if (!(error instanceof ValidationError)) throw error;
    const items: Found[] = error.errors.map((e) => ({ pointer: e.pointer ?? "(none)", code: e.code }));
    const structural = ["too_deep", "too_long", "too_many_items"];
    if (items.length === 1 && structural.includes(items[0]!.code)) return { kind: "structure", item: items[0]! };
    return { kind: "inexact", items, total: error.total };
  }
}

// ---- generators of valid JSON texts ----

const space = fc.constantFrom("", "", "", " ", "\n", "\t ", "\r\n  ");
const digitRun = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom("0", "0", "0", "1", "5", "9"), minLength: min, maxLength: max });
const numberToken = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant("0"), fc.tuple(fc.constantFrom("1", "4", "9"), digitRun(0, 22)).map(([a, b]) => a + b)),
    fc.option(digitRun(1, 22).map((d) => "." + d), { nil: "" }),
    fc.option(
      fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digitRun(1, 3)).map((p) => p.join("")),
      { freq: 4, nil: "" },
    ),
  )
  .map(([negative, int, frac, exp]) => (negative ? "-" : "") + int + frac + exp);
/** Pieces of string contents as written: plain text (the fast pass's structural characters among it), escapes. */
const stringPiece = fc.constantFrom(
  "a",
  "Card payment ",
  "1e5",
  "12345678901234567",
  ":",
  "{",
  "}",
  "[",
  "]",
  ",",
  "-",
  "é",
  "€",
  "😀",
  "日本",
  '\\"',
  "\\\\",
  "\\/",
  "\\n",
  "\\t",
  "\\u0041",
  "\\u00e9",
  "\\u003a",
  "\\ud83d\\ude00",
  "\\u005c",
);
const stringToken = fc.array(stringPiece, { maxLength: 8 }).map((p) => `"${p.join("")}"`);
/** Member names: a small pool (so that objects repeat keys), any string, or one around 128 bytes as written. */
const keyToken = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('"a"', '"b"', '"amount"', '"a/b"', '"t~1"', '"\\u0061"', '""') },
  { weight: 2, arbitrary: stringToken },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 120, max: 132 }), fc.constantFrom("x", "é", "€", "\\n", "😀"))
      .map(([bytes, unit]) => {
        let s = "";
        while (utf8Length(s + unit) <= bytes) s += unit;
        return `"${s}${"x".repeat(bytes - utf8Length(s))}"`;
      }),
  },
);
const scalar = fc.oneof(
  { weight: 4, arbitrary: numberToken },
  { weight: 3, arbitrary: stringToken },
  { weight: 1, arbitrary: fc.constantFrom("true", "false", "null") },
);
const join = (open: string, parts: string[], close: string, s: string[]) =>
  open + s[0] + parts.join(s[1] + "," + s[2]) + s[3] + close;
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc
      .tuple(fc.array(tie("value"), { maxLength: 5 }), fc.array(space, { minLength: 4, maxLength: 4 }))
      .map(([parts, s]) => join("[", parts, "]", s)),
    fc
      .tuple(
        fc.array(fc.tuple(keyToken, space, space, tie("value")), { maxLength: 5 }),
        fc.array(space, { minLength: 4, maxLength: 4 }),
      )
      .map(([members, s]) => join("{", members.map(([k, a, b, v]) => `${k}${a}:${b}${v}`), "}", s)),
  ),
})).value;
/** A value wrapped in arrays and objects, 25 to 40 deep: around MAX_DEPTH. */
const deepText = fc
  .tuple(fc.array(fc.tuple(fc.boolean(), keyToken), { minLength: 25, maxLength: 40 }), jsonText)
  .map(([wraps, inner]) => wraps.reduceRight((acc, [array, key]) => (array ? `[${acc}]` : `{${key}:${acc}}`), inner));
/** An object with around MAX_OBJECT_MEMBERS members (some repeated), with a JSON text inside it. */
const wideText = fc
  .tuple(fc.integer({ min: 990, max: 1010 }), fc.integer({ min: 0, max: 1100 }), jsonText)
  .map(([n, repeatAt, inner]) => {
    const members = Array.from({ length: n }, (_, k) => `"k${k === repeatAt ? 0 : k}":${k === 7 ? inner : k}`);
    return `{${members.join(",")}}`;
  });

const check = (text: string) => {
  const expected = reference(text);
  expect(outcome(() => parseJsonBody(text))).toEqual(expected);
  const bytes = new TextEncoder().encode(text);
  expect(outcome(() => parseJsonBody(text, bytes))).toEqual(expected);
  expect(outcome(() => parseJsonBody(text, Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes)))).toEqual(expected);
};

describe("parseJsonBody against a reference reader", () => {
  it("the reference itself: the hand-written cases of the header", () => {
    expect(reference('{"a":1e3,"b":[1234567890123456],"a":2}')).toEqual({
      kind: "inexact",
      items: [
        { pointer: "/a", code: "exponent_not_allowed" },
        { pointer: "/b/0", code: "too_many_digits" },
        { pointer: "/a", code: "duplicate_key" },
      ],
      total: 3,
    });
    expect(reference(`{"${"x".repeat(129)}":1}`)).toEqual({
      kind: "structure",
      item: { pointer: "", code: "too_long" },
    });
    expect(reference("[".repeat(33) + "]".repeat(33))).toMatchObject({ kind: "structure" });
  });

  it("property: any JSON text gets the reference's verdict (with or without its UTF-8 bytes)", () => {
    fc.assert(fc.property(jsonText, check), { numRuns: 1500 });
  });

  it("property: texts nested around the depth limit", () => {
    fc.assert(fc.property(deepText, check), { numRuns: 300 });
  });

  it("property: objects around the member limit", () => {
    fc.assert(fc.property(wideText, check), { numRuns: 60 });
  });

  it("the refusal reference: hand-worked texts", () => {
    expect(refusedBeforeParsing("[".repeat(33))).toBe(true);
    expect(refusedBeforeParsing("[".repeat(32) + "]".repeat(40) + "[".repeat(32))).toBe(false);
    expect(refusedBeforeParsing(`"${"x".repeat(129)}":`)).toBe(true);
    expect(refusedBeforeParsing(`"${"x".repeat(129)}\\":`)).toBe(false);
    expect(refusedBeforeParsing(`{${'"":1,'.repeat(1001)}`)).toBe(true);
    expect(refusedBeforeParsing(`{"a":"${"[{:".repeat(500)}"}`)).toBe(false);
  });

  const soup = fc.constantFrom(
    '"',
    "\\",
    ":",
    ",",
    "{",
    "}",
    "[",
    "]",
    "1",
    "e",
    "-",
    " ",
    "é",
    "😀",
    "\ud800",
    '"k":',
    '{"a":',
    "[[[[",
    "]]]]",
    "{{{{",
    "}}}}",
    "x".repeat(130),
    `"${"y".repeat(129)}":1`,
  );
  const malformed = fc.oneof(
    fc.array(soup, { maxLength: 60 }).map((parts) => parts.join("")),
    fc
      .tuple(fc.oneof(jsonText, deepText, wideText), fc.array(fc.tuple(fc.nat(), soup, fc.nat(3)), { maxLength: 4 }))
      .map(([text, edits]) =>
        edits.reduce((t, [at, piece, how]) => {
          const i = at % (t.length + 1);
          return how === 0
            ? t.slice(0, i)
            : how === 1
            ? t.slice(0, i) + t.slice(i + 1)
            : t.slice(0, i) + piece + t.slice(i);
        }, text)
      ),
  );
  const checkAny = (text: string) => {
    let expected: Outcome["kind"] | "structure";
    if (refusedBeforeParsing(text)) expected = "structure";
    else {
      try {
        JSON.parse(text);
        expected = reference(text).kind;
      } catch {
        expected = "invalid";
      }
    }
    const bytes = new TextEncoder().encode(text);
    for (const run of [() => parseJsonBody(text), () => parseJsonBody(text, bytes)]) {
      expect(outcome(run).kind).toBe(expected);
    }
  };

  it("property: edited and random texts, most not JSON, are refused before parsing exactly when the rule says", () => {
    fc.assert(fc.property(malformed, checkAny), { numRuns: 3000 });
  });

  it("property: many problems are listed up to the cap and all counted", () => {
    const many = fc
      .array(fc.oneof(numberToken, fc.constant("1e1"), fc.constant("12345678901234567")), {
        minLength: 90,
        maxLength: 130,
      })
      .map((tokens) => `{"a":1,"a":[${tokens.join(",")}],"a":2}`);
    fc.assert(fc.property(many, check), { numRuns: 40 });
  });
});
