import { describe, expect, it } from "vitest";
import { unframeMt940 } from "./unframe.ts";

describe("unframeMt940", () => {
  it("turns SOH ... - ETX framing into line breaks, so each tag starts a line and the closing - stands alone", () => {
    const framed = "\u0001\r\n:20:A\r\n:62F:C260101EUR1,00\r\n-\u0003\u0001:20:B\r\n:62F:C260102EUR2,00\r\n-\u0003";
    expect(unframeMt940(framed).split("\n")).toEqual([
      "",
      "",
      ":20:A",
      ":62F:C260101EUR1,00",
      "-",
      "",
      ":20:B",
      ":62F:C260102EUR2,00",
      "-",
      "",
    ]);
  });

  it("drops a BOM, normalises CR and CRLF, and turns STX, EOT and SUB into line breaks too", () => {
    expect(unframeMt940("\uFEFF\u0002:20:A\r:25:B\u0004\u001a")).toBe("\n:20:A\n:25:B\n\n");
  });

  it("leaves every other character alone", () => {
    const text = ":86:?20Miete \u00e4\u00f6\u00fc ?21\tTab\n-";
    expect(unframeMt940(text)).toBe(text);
  });
});
