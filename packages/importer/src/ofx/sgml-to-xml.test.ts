import { describe, expect, it } from "vitest";
import { sgmlToXml } from "./sgml-to-xml.ts";

describe("sgmlToXml", () => {
  it("closes leaf elements and keeps explicit end tags, hand-checked", () => {
    expect(sgmlToXml("OFXHEADER:100\n\n<OFX><STMTTRN><TRNAMT>-1.00\n<NAME>A &amp; B\n</STMTTRN></OFX>")).toBe(
      "<OFX><STMTTRN><TRNAMT>-1.00</TRNAMT><NAME>A &amp; B</NAME></STMTTRN></OFX>",
    );
    expect(sgmlToXml("<OFX><CODE>0</CODE><X>1</OFX>")).toBe("<OFX><CODE>0</CODE><X>1</X></OFX>");
  });
  it("escapes stray markup characters in text", () => {
    expect(sgmlToXml("<OFX><MEMO>a & b > c</OFX>")).toBe("<OFX><MEMO>a &amp; b &gt; c</MEMO></OFX>");
  });
  it("refuses truncated and malformed input, in linear time on hostile input", () => {
    expect(() => sgmlToXml("<OFX><STMTTRN><TRNAMT>1")).toThrow(/truncated/);
    expect(() => sgmlToXml("<OFX><TRNAMT")).toThrow(/truncated/);
    expect(() => sgmlToXml("no ofx here")).toThrow(/not an OFX file/);
    const started = Date.now();
    expect(() => sgmlToXml("<OFX>" + "<A>".repeat(100) + "x".repeat(1_000_000))).toThrow(/nested too deeply/);
    expect(() => sgmlToXml("<OFX><" + "A".repeat(1_000_000) + ">")).toThrow(/not an OFX tag/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
