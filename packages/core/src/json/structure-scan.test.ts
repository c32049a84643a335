/**
 * The SIMD fast pass (structure-scan.ts) against the byte loop it stands in for (parse-json-body.ts,
 * scanNumbersAndKeys). The parser relies on one agreement: whenever the SIMD pass answers, the byte loop would not
 * have refused the body and counts the same colons outside strings; on valid JSON, the SIMD pass raises its numbers'
 * alarm whenever the byte loop does (a false alarm only costs the exact slow pass). Every token is also tried at each
 * offset of a 64-byte block, so that strings, escapes, digit runs and exponents cross block boundaries, and every body
 * is scanned in windows of one, two and three blocks as well as in the module's own, so that they cross windows too
 * (the state carried from one window to the next).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_DEPTH, MAX_MEMBER_NAME_BYTES, MAX_OBJECT_MEMBERS, scanNumbersAndKeys } from "./parse-json-body.ts";
import { scanStructure, WINDOW_BYTES } from "./structure-scan.ts";

const encoder = new TextEncoder();

/** The SIMD pass's answer on `bytes`, the same in windows of every size tried. */
function scanned(bytes: Uint8Array) {
  const answer = scanStructure(bytes);
  for (const window of [64, 128, 192]) {
    expect(scanStructure(bytes, window), `in windows of ${window} bytes`).toEqual(answer);
  }
  return answer;
}

/** The SIMD pass's answer on `text`, after checking the agreement with the byte loop. */
function agreed(text: string, valid: boolean) {
  const bytes = encoder.encode(text);
  const fast = scanned(bytes);
  const exact = scanNumbersAndKeys(bytes);
  if (fast !== undefined) {
    expect(exact.refused, `the byte loop refuses what the SIMD pass answered: ${text.slice(0, 200)}`).toBe(false);
    expect(fast.colons, `colons of ${text.slice(0, 200)}`).toBe(exact.colons);
    if (valid && exact.suspicious) expect(fast.suspicious, `numbers' alarm of ${text.slice(0, 200)}`).toBe(true);
  }
  return fast;
}

/** `text` after `shift` spaces, for every shift that moves it once across a 64-byte block. */
const shifted = (text: string) => Array.from({ length: 65 }, (_, shift) => " ".repeat(shift) + text);

describe("scanStructure", () => {
  it("counts the colons outside strings, reading escapes as the byte loop does", () => {
    expect(agreed('{"a":1}', true)).toEqual({ colons: 1, suspicious: false, refused: false });
    expect(agreed('{"a:b":"c:d","e":{"f":[1,2,{"g":null}]}}', true)).toEqual({
      colons: 4,
      suspicious: false,
      refused: false,
    });
    // The key is a":  (an escaped quote and a colon inside the string).
    expect(agreed(String.raw`{"a\":":1}`, true)).toEqual({ colons: 1, suspicious: false, refused: false });
    // An escaped backslash before the closing quote: the string ends there.
    expect(agreed(String.raw`{"a\\":1,"b\\\\":"\\\":"}`, true)).toEqual({
      colons: 2,
      suspicious: false,
      refused: false,
    });
    expect(agreed(String.raw`["\"", "\\", "\\\"", ":"]`, true)).toEqual({
      colons: 0,
      suspicious: false,
      refused: false,
    });
  });

  it("raises the numbers' alarm for an exponent or 16 digits in a row, not for the e of true and false", () => {
    expect(agreed('{"a":1e5}', true)?.suspicious).toBe(true);
    expect(agreed('{"a":-0.5E-3}', true)?.suspicious).toBe(true);
    expect(agreed('{"a":true,"b":false,"c":"1e5"}', true)?.suspicious).toBe(false);
    expect(agreed('{"a":123456789012345}', true)?.suspicious).toBe(false);
    expect(agreed('{"a":1234567890123456}', true)?.suspicious).toBe(true);
    expect(agreed('{"a":12345678.90123456}', true)?.suspicious).toBe(true);
    expect(agreed('{"a":"12345678901234567890"}', true)?.suspicious).toBe(false);
  });

  it("answers the same across 64-byte block boundaries", () => {
    const texts = [
      String.raw`{"description":"PAYPAL \"EBAY\" \\ 12345678:9","amount":"-12.34","n":1e3}`,
      '{"a":12345678901234567,"b":[true,false,null],"c":{"d":"x:y"}}',
      String.raw`{"\\\\\\\"":"\\\\\\\\","k":0.000000000000000001}`,
      '{"ü€😀":"Straße 𝔘𝔫𝔦𝔠𝔬𝔡𝔢:","t":-1.5}',
    ];
    for (const text of texts) {
      const answers = shifted(text).map((t) => agreed(t, true));
      expect(answers.every((a) => a !== undefined), text).toBe(true);
      expect(new Set(answers.map((a) => JSON.stringify(a))).size, text).toBe(1);
    }
  });

  it("leaves to the byte loop every body it could refuse", () => {
    const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    const object = (members: number) => `{${Array.from({ length: members }, (_, i) => `"k${i}":${i}`).join(",")}}`;
    const named = (bytes: number) => `{"${"n".repeat(bytes)}":1}`;
    // Nesting that builds up over many blocks (and windows of a block): one opening bracket per 70 bytes.
    const spread = (depth: number) => "[".padEnd(70).repeat(depth) + "]".repeat(depth);
    agreed(spread(MAX_DEPTH), true);
    for (
      const text of [
        nested(MAX_DEPTH + 1),
        spread(MAX_DEPTH + 1),
        object(MAX_OBJECT_MEMBERS + 1),
        named(MAX_MEMBER_NAME_BYTES + 1),
      ]
    ) {
      expect(scanNumbersAndKeys(encoder.encode(text)).refused).toBe(true);
      expect(scanned(encoder.encode(text)), text.slice(0, 80)).toBeUndefined();
    }
    // At the limits the byte loop does not refuse; the SIMD pass answers for the member count and the name length.
    expect(agreed(object(MAX_OBJECT_MEMBERS), true)?.colons).toBe(MAX_OBJECT_MEMBERS);
    expect(agreed(named(MAX_MEMBER_NAME_BYTES), true)?.colons).toBe(1);
    agreed(nested(MAX_DEPTH), true);
    // A backslash outside strings (not JSON) is the byte loop's to read.
    expect(scanned(encoder.encode('{\\"a":1}'))).toBeUndefined();
  });

  it("answers for long string values and long stretches between strings, not after a long string", () => {
    const long = "SEPA-UEBERWEISUNG ".repeat(9); // 162 bytes, as a SEPA remittance line can be
    const numbers = Array.from({ length: 200 }, (_, i) => i).join(",");
    for (const text of shifted(JSON.stringify({ a: long, b: [long, long], c: long + long, [long.slice(0, 100)]: 1 }))) {
      expect(agreed(text, true)?.colons, text.slice(0, 80)).toBe(4);
    }
    for (const text of shifted(`{"n":[${numbers}],"m":"x"}`)) expect(agreed(text, true)?.colons).toBe(2);
    // A colon after a long string, as the byte loop reads it (the last string closed before the colon): its call, in
    // and out of JSON, whether the colon comes in the string's block or later ones.
    for (const text of [`{"${long}":1}`, `["${long}" : 1]`, `["${long}" ${" ".repeat(150)}: 1]`, `["${long}", 1 :]`]) {
      for (const t of shifted(text)) {
        expect(scanNumbersAndKeys(encoder.encode(t)).refused, t.slice(0, 80)).toBe(true);
        expect(scanned(encoder.encode(t)), t.slice(0, 80)).toBeUndefined();
      }
    }
  });

  it("agrees with the byte loop on bodies with long strings, at any offset", () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", ":", '"', "\\", "é", "1", "{"), maxLength: 300 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 3 }))), { maxLength: 8 }),
        fc.integer({ min: 0, max: 64 }),
        (entries, shift) => {
          agreed(" ".repeat(shift) + JSON.stringify(Object.fromEntries(entries)), true);
          agreed(" ".repeat(shift) + JSON.stringify(entries), true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("counts an object's members across nested objects and arrays", () => {
    // 1,000 members, each an object of its own: no stretch between two brackets holds many colons.
    const members = Array.from({ length: MAX_OBJECT_MEMBERS }, (_, i) => `"k${i}":{"x":[1]}`);
    expect(agreed(`{${members.join(",")}}`, true)?.colons).toBe(2 * MAX_OBJECT_MEMBERS);
    const over = `{${[...members, '"last":{}'].join(",")}}`;
    expect(scanNumbersAndKeys(encoder.encode(over)).refused).toBe(true);
    expect(scanned(encoder.encode(over))).toBeUndefined();
  });

  it("reads bodies of many windows, one after another, in its one page of memory", () => {
    const big = JSON.stringify({ items: Array.from({ length: 20000 }, (_, i) => ({ id: i, text: `t:${i}` })) });
    const small = JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ id: i })) });
    expect(big.length).toBeGreaterThan(10 * WINDOW_BYTES);
    expect(agreed(big, true)?.colons).toBe(1 + 2 * 20000);
    expect(agreed(small, true)?.colons).toBe(1 + 300);
    // A body of exactly two windows (no padding read), and one block more.
    for (const length of [2 * WINDOW_BYTES, 2 * WINDOW_BYTES + 64]) {
      const text = JSON.stringify({ a: "x".repeat(length - 10) + ":" });
      const padded = text + " ".repeat(length - text.length);
      expect(padded.length).toBe(length);
      expect(agreed(padded, true)?.colons).toBe(1);
    }
    // The numbers' alarm of a window stays raised for the body, and a new body starts without it.
    expect(agreed(JSON.stringify({ a: 1e21, b: "y".repeat(3 * WINDOW_BYTES) }), true)?.suspicious).toBe(true);
    expect(agreed(JSON.stringify({ a: 1, b: "y".repeat(3 * WINDOW_BYTES) }), true)?.suspicious).toBe(false);
  });

  it("refuses a window that is not a multiple of the 64-byte block or larger than its memory holds", () => {
    for (const window of [0, 63, 100, WINDOW_BYTES + 64]) {
      expect(() => scanStructure(encoder.encode("{}"), window), String(window)).toThrow(RangeError);
    }
  });

  it("agrees with the byte loop on any JSON value, at any offset", () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.integer({ min: 0, max: 64 }),
        fc.constantFrom(0, 2),
        (value, shift, indent) => {
          agreed(" ".repeat(shift) + JSON.stringify(value, null, indent), true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("agrees with the byte loop on malformed texts of the characters both read", () => {
    const alphabet = fc.constantFrom(...'{}[]":,\\e1.- a'.split(""), '"k":', '"\\"', "\\\\", "123456789");
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 300 }), (parts) => {
        agreed(parts.join(""), false);
      }),
      { numRuns: 1000 },
    );
  });
});
