import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recurringKey } from "../services/recurring-key.ts";
import { fieldForms, firstKeyWord, isCleanAscii, keyOf } from "./field-forms.ts";
import { foldText } from "./fold.ts";

const unit = fc.oneof(
  fc.constantFrom("a", "Z", " ", "  ", "\t", "\n", ".", "4", "é", "İ", "ß", "ﬁ", "Ｎ", "\u3000", "\u00a0", "ı", "Σ"),
  fc.string({ maxLength: 3 }),
  fc.string({ unit: "grapheme", maxLength: 3 }),
);

describe("fieldForms: one pass that equals foldText, recurringKey and NFKC", () => {
  it("on ASCII and Unicode text alike", () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }).map((parts) => parts.join("")), (raw) => {
        const forms = fieldForms(raw);
        expect(forms.nfkc).toBe(raw.normalize("NFKC"));
        expect(forms.folded).toBe(foldText(raw));
        expect(keyOf(forms)).toBe(recurringKey(raw));
        const word = firstKeyWord(forms);
        if (word !== null) expect(word).toBe(recurringKey(raw).split(" ")[0]);
      }),
      { numRuns: 2000 },
    );
  });

  it("hand-worked: both paths", () => {
    const ascii = fieldForms("  NETFLIX.COM   4412 ");
    expect([ascii.ascii, ascii.folded, keyOf(ascii)]).toEqual([true, "netflix.com 4412", "netflix com"]);
    const unicode = fieldForms("ＮＥＴＦＬＩＸ\u3000Straße");
    expect([unicode.ascii, unicode.folded, keyOf(unicode)]).toEqual([false, "netflix straße", "netflix straße"]);
    expect([firstKeyWord(ascii), firstKeyWord(fieldForms("4412 ")), firstKeyWord(unicode)]).toEqual([
      "netflix",
      "",
      null,
    ]);
  });

  it("clean ASCII: every form is the text with A–Z lowered", () => {
    const ascii = fc.array(fc.constantFrom("a", "Z", " ", "  ", ".", "4", "Tesco", "x-Y", "~"), { maxLength: 8 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(ascii, fc.array(unit, { maxLength: 12 }).map((parts) => parts.join(""))), (raw) => {
        const clean = isCleanAscii(raw);
        // The definition: printable ASCII, non-empty, no leading, trailing or doubled space.
        expect(clean).toBe(/^[\x20-\x7e]+$/.test(raw) && raw.trim() === raw && !raw.includes("  "));
        if (clean) {
          const lower = raw.replace(/[A-Z]/g, (c) => c.toLowerCase());
          expect(foldText(raw)).toBe(lower);
          expect(raw.normalize("NFKC")).toBe(raw);
          expect(raw.toLowerCase()).toBe(lower);
        }
      }),
      { numRuns: 2000 },
    );
    expect([isCleanAscii("CARD TESCO 1"), isCleanAscii(""), isCleanAscii(" a"), isCleanAscii("a  b")]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
