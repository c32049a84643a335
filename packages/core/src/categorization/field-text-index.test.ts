import { describe, expect, it } from "vitest";
import { compilePattern } from "./compile-pattern.ts";
import { fieldForms } from "./field-forms.ts";
import { FieldTextIndex } from "./field-text-index.ts";

function regex(pattern: string) {
  const r = compilePattern(pattern);
  if (!r.ok) throw new Error(r.message);
  return r.regex;
}

/** Slots 0–8: equals, key, contains ×2, starts_with, ends_with, a searched pattern, a decisive one, a one_of value. */
function index(): FieldTextIndex {
  const f = new FieldTextIndex();
  f.addEquals("tesco stores", 0);
  f.addKey("card tesco", 1);
  f.addContains("tesco", 2);
  f.addContains("sco st", 3);
  f.addStartsWith("card", 4);
  f.addEndsWith("3312", 5);
  f.addPattern("^card (tesco|aldi)\\b", regex("^card (tesco|aldi)\\b"), 6);
  f.addPattern("tesco|aldi", regex("tesco|aldi"), 7);
  f.addEquals("aldi", 8);
  f.finish();
  return f;
}

function collect(f: FieldTextIndex, raw: string): number[] {
  const out = new Int32Array(9);
  return [...out.subarray(0, f.collect(fieldForms(raw), out, 0))].sort((a, b) => a - b);
}

describe("FieldTextIndex: the slots of the conditions one field meets", () => {
  const f = index();
  it("on printable ASCII (one pass for contains and the patterns' literals)", () => {
    expect(collect(f, "CARD TESCO 3312")).toEqual([1, 2, 4, 5, 6, 7]);
    expect(collect(f, "Tesco Stores")).toEqual([0, 2, 3, 7]);
    expect(collect(f, "ALDI")).toEqual([7, 8]);
    expect(collect(f, "card lidl")).toEqual([4]);
  });
  it("on white space that folding collapses (the literals are looked for in the unfolded text)", () => {
    expect(collect(f, "  card   tesco  3312 ")).toEqual([1, 2, 4, 5, 7]); // ^card needs the text's own start
    expect(collect(f, "tesco   stores")).toEqual([0, 2, 3, 7]);
  });
  it("on Unicode text (every pattern searched), also after the same NFKC text came as ASCII", () => {
    // "CARD TESCO 3312" above left its answers in the patterns' memo under the NFKC text this one has too.
    expect(collect(f, "ＣＡＲＤ ＴＥＳＣＯ 3312")).toEqual([1, 2, 4, 5, 6, 7]);
    expect(collect(index(), "ＴＥＳＣＯ")).toEqual([2, 7]);
    const g = index();
    expect(collect(g, "ＴＥＳＣＯ")).toEqual([2, 7]);
    expect(collect(g, "TESCO")).toEqual([2, 7]);
  });
  it("meets nothing on an empty or all-white-space field", () => {
    expect(collect(f, "")).toEqual([]);
    expect(collect(f, " \t ")).toEqual([]);
  });
  it("answers the same text again the same way (memo)", () => {
    expect(collect(f, "CARD TESCO 3312")).toEqual([1, 2, 4, 5, 6, 7]);
  });
});
