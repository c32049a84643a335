import { describe, expect, it } from "vitest";
import { foldText } from "./fold.ts";

describe("foldText (NFKC, lower case, white space, trim)", () => {
  it("expands compatibility ligatures and full-width letters", () => {
    expect(foldText("ﬁnance")).toBe("finance"); // U+FB01 LATIN SMALL LIGATURE FI
    expect(foldText("ＮＥＴＦＬＩＸ")).toBe("netflix"); // full-width
    expect(foldText("Ｓｈｅｌｌ　Ｓｔａｔｉｏｎ")).toBe("shell station"); // ideographic space U+3000
  });

  it("lower-cases without a locale: the Turkish İ becomes i + U+0307, the dotless ı stays", () => {
    expect(foldText("İSTANBUL")).toBe("i\u0307stanbul");
    expect(foldText("ıstanbul")).toBe("ıstanbul");
    expect(foldText("ISTANBUL")).toBe("istanbul");
  });

  it("makes every run of white space one space and trims", () => {
    expect(foldText("  Card\t\tpayment \n\u00a0 TESCO  ")).toBe("card payment tesco");
    expect(foldText(" \t\n\u2003 ")).toBe("");
    expect(foldText("")).toBe("");
  });

  it("keeps punctuation and digits (only the key of key_equals drops them)", () => {
    expect(foldText("NETFLIX.COM 4412")).toBe("netflix.com 4412");
  });
});
