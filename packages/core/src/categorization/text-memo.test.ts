import { describe, expect, it } from "vitest";
import { TextMemo } from "./text-memo.ts";

describe("TextMemo: slots per repeated text, off when texts do not repeat", () => {
  it("answers repeated texts and stays on while a quarter of lookups hit", () => {
    const memo = new TextMemo();
    for (let i = 0; i < 10_000; i++) {
      const text = i % 3 === 0 ? `ref ${i}` : "name"; // two thirds the same text
      if (memo.get(text) === undefined) memo.set(text, Int32Array.of(i));
    }
    expect(memo.on).toBe(true);
    expect(memo.get("name")).toEqual(Int32Array.of(1));
  });

  it("switches off (and forgets) after lookups of texts that never repeat", () => {
    const memo = new TextMemo();
    for (let i = 0; i < 2047; i++) {
      expect(memo.get(`ref ${i}`)).toBeUndefined();
      memo.set(`ref ${i}`, Int32Array.of(i));
    }
    expect(memo.on).toBe(true);
    expect(memo.get("ref 1")).toEqual(Int32Array.of(1)); // the 2048th lookup: 1 hit in 2048
    expect(memo.on).toBe(false);
    expect(memo.get("ref 2")).toBeUndefined();
    memo.set("ref 2", Int32Array.of(2));
    expect(memo.get("ref 2")).toBeUndefined();
  });

  it("clear() forgets every text and judges afresh, even after it switched off", () => {
    const memo = new TextMemo();
    for (let i = 0; i < 2048; i++) if (memo.get(`ref ${i}`) === undefined) memo.set(`ref ${i}`, Int32Array.of(i));
    expect(memo.on).toBe(false);
    memo.clear();
    expect(memo.on).toBe(true);
    memo.set("name", Int32Array.of(7));
    expect(memo.get("name")).toEqual(Int32Array.of(7));
    memo.clear();
    expect(memo.get("name")).toBeUndefined();
  });
});
