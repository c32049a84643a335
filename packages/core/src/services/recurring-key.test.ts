import { describe, expect, it } from "vitest";
import { recurringKey } from "./recurring-key.ts";

describe("recurringKey", () => {
  it("normalizes by NFKC, lower case, non-letter runs to one space, trimmed (worked by hand)", () => {
    expect(recurringKey("NETFLIX.COM 4412")).toBe("netflix com");
    expect(recurringKey("  Café   Müller  ")).toBe("café müller");
    expect(recurringKey("Cafe\u0301")).toBe("café"); // NFKC composes e + U+0301
    expect(recurringKey("🍕 Pizza-Hut 🎉 #12")).toBe("pizza hut");
    expect(recurringKey("STRASSE Straße ẞ")).toBe("strasse straße ß");
    expect(recurringKey("İSTANBUL")).toBe("i stanbul"); // İ → i + U+0307, and the mark is not a letter
    expect(recurringKey("ＮＥＴＦＬＩＸ")).toBe("netflix"); // full-width letters
    expect(recurringKey("ﬁnance Ⅻ")).toBe("finance xii"); // ligature and roman numeral under NFKC
    expect(recurringKey("ΟΔΟΣ")).toBe("οδος"); // final sigma
    expect(recurringKey("12/34 -- !!")).toBe("");
    expect(recurringKey("")).toBe("");
  });
});
