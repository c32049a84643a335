import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha1 } from "./sha1.ts";

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("sha1", () => {
  it("matches the FIPS 180 test vectors", () => {
    expect(hex(sha1(utf8("abc")))).toBe("a9993e364706816aba3e25717850c26c9cd0d89d");
    expect(hex(sha1(utf8("")))).toBe("da39a3ee5e6b4b0d3255bfef95601890afd80709");
    expect(hex(sha1(utf8("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))).toBe(
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
    );
    expect(hex(sha1(utf8("a".repeat(1_000_000))))).toBe("34aa973cd4c4daa4f61eeb2bdbad27316534016f");
  });

  it("equals node:crypto on any input, around every block boundary", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(hex(sha1(bytes))).toBe(createHash("sha1").update(bytes).digest("hex"));
      }),
      { numRuns: 500 },
    );
  });
});
