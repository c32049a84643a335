import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHUNK_BYTES,
  encode,
  MAX_DIGITS,
  newChunk,
  newCounter,
  putBytes,
  putCounter,
  putText,
  stepCounter,
  utf8Bound,
} from "./utf8-writer.ts";

const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

describe("utf8-writer: a body written as UTF-8 into chunks", () => {
  it("hand-worked: pieces, a counter's digits and text at the positions they return", () => {
    const chunk = newChunk(0);
    expect(chunk.length).toBeGreaterThan(CHUNK_BYTES);
    const counter = newCounter();
    let at = putBytes(chunk, 0, encode('{"index":'));
    at = putCounter(chunk, at, counter);
    at = putBytes(chunk, at, encode(',"n":'));
    // 0 → 1 → … → 10: the step from 9 carries into a second digit.
    for (let i = 0; i < 10; i++) stepCounter(counter);
    at = putCounter(chunk, at, counter);
    at = putText(chunk, at, ',"é😀":"ok"}');
    expect(decode(chunk.subarray(0, at))).toBe('{"index":0,"n":10,"é😀":"ok"}');
    // A piece longer than 16 bytes goes through TypedArray#set, a shorter one through the loop: the same bytes.
    const long = encode("x".repeat(40) + "ü");
    expect(decode(chunk.subarray(0, putBytes(chunk, 0, long)))).toBe("x".repeat(40) + "ü");
  });

  it("counts as String writes numbers, step by step from 0 past 1,000,000 (every carry up to seven digits)", () => {
    const counter = newCounter();
    const chunk = new Uint8Array(MAX_DIGITS);
    for (let n = 0; n <= 1_000_001; n++) {
      const text = decode(chunk.subarray(0, putCounter(chunk, 0, counter)));
      if (text !== String(n)) expect(text).toBe(String(n)); // one assertion call per mismatch, not per step
      stepCounter(counter);
    }
    expect(decode(chunk.subarray(0, putCounter(chunk, 0, counter)))).toBe("1000002");
  });

  it("carries through every digit at once (99…9 → 100…0) at 8, 12 and 15 digits", () => {
    // The carry through every digit at once, at the widths a body could reach and beyond.
    for (const digits of [8, 12, MAX_DIGITS - 1]) {
      const counter = newCounter();
      // Set the counter to 10^digits - 1 by hand: that many nines, right-aligned.
      counter[0] = digits;
      for (let i = MAX_DIGITS + 1 - digits; i <= MAX_DIGITS; i++) counter[i] = 57;
      const chunk = new Uint8Array(MAX_DIGITS);
      expect(decode(chunk.subarray(0, putCounter(chunk, 0, counter)))).toBe("9".repeat(digits));
      stepCounter(counter);
      expect(decode(chunk.subarray(0, putCounter(chunk, 0, counter)))).toBe("1" + "0".repeat(digits));
      stepCounter(counter);
      expect(decode(chunk.subarray(0, putCounter(chunk, 0, counter)))).toBe("1" + "0".repeat(digits - 1) + "1");
    }
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
