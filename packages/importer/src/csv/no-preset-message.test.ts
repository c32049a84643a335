import { describe, expect, it } from "vitest";
import { noPresetMessage, presetList } from "./no-preset-message.ts";

describe("noPresetMessage", () => {
  it("lists each preset with the columns it needs (standard: only date and amount)", () => {
    expect(presetList().split("; ")[0]).toBe("standard (date, amount)");
    expect(presetList().split("; ").map((p) => p.slice(0, p.indexOf(" (")))).toEqual([
      "standard",
      "ing-de",
      "chase-checking",
      "lloyds",
      "monzo",
    ]);
  });

  it("quotes the header's cells, without a trailing empty one, at most 40 of 40 characters each", () => {
    const message = noPresetMessage({ row: 2, line: 3, cells: ["Datum", "x".repeat(50), ""] });
    expect(message).toMatch(
      /^no header row matches a CSV preset: the header row found \(line 3\) is "Datum", "x{40}"\. /,
    );
    const wide = noPresetMessage({ row: 1, line: 1, cells: Array.from({ length: 45 }, (_, i) => `c${i}`) });
    expect(wide).toContain('"c39", … (45 columns). The presets');
    expect(wide).not.toContain('"c40"');
  });

  it("ends with the way out: --init-mapping, then --mapping", () => {
    expect(noPresetMessage(null)).toMatch(
      /no row of the first 20 looks like a header row .*--init-mapping mapping\.json FILE`, check and complete it, then import with `--mapping mapping\.json`$/,
    );
  });
});
