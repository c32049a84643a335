import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHUNK_BYTES, encode, MAX_DIGITS, newChunk, putBytes, putDigits, putText, utf8Bound } from "./utf8-writer.ts";

const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

describe("utf8-writer: a body written as UTF-8 into chunks", () => {
  it("hand-worked: pieces, digits and text at the positions they return", () => {
    const chunk = newChunk(0);
    expect(chunk.length).toBeGreaterThan(CHUNK_BYTES);
    let at = putBytes(chunk, 0, encode('{"index":'));
    at = putDigits(chunk, at, 0);
    at = putBytes(chunk, at, encode(',"n":'));
    for (const n of [9, 10, 99_999, 100_000, 9_007_199_254_740_991]) at = putDigits(chunk, at, n);
    at = putText(chunk, at, ',"é😀":"ok"}');
    expect(decode(chunk.subarray(0, at))).toBe('{"index":0,"n":910999991000009007199254740991,"é😀":"ok"}');
    // A piece longer than 16 bytes goes through TypedArray#set, a shorter one through the loop: the same bytes.
    const long = encode("x".repeat(40) + "ü");
    expect(decode(chunk.subarray(0, putBytes(chunk, 0, long)))).toBe("x".repeat(40) + "ü");
  });

  it("writes every safe integer in at most MAX_DIGITS digits, as String does", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (n) => {
        const chunk = new Uint8Array(MAX_DIGITS);
        const at = putDigits(chunk, 0, n);
        expect(decode(chunk.subarray(0, at))).toBe(String(n));
      }),
      { numRuns: 1000 },
    );
  });

  it("writes what TextEncoder writes, whatever the string (lone surrogates become U+FFFD), within utf8Bound", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.nat({ max: 8 }), (s, offset) => {
        const chunk = new Uint8Array(offset + utf8Bound(s));
        const at = putText(chunk, offset, s);
        expect([...chunk.subarray(offset, at)]).toEqual([...new TextEncoder().encode(s)]);
      }),
      { numRuns: 500 },
    );
  });
});
