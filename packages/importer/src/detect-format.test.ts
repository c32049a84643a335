import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect-format.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("detectFormat", () => {
  it("recognises each format from the content, whatever the extension", () => {
    expect(detectFormat(bytes("OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>"), "x.txt")).toEqual({ format: "ofx" });
    expect(detectFormat(bytes('<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?><OFX>'), "x.xml")).toEqual({
      format: "ofx",
    });
    expect(detectFormat(bytes('<?xml version="1.0"?><Document><BkToCstmrStmt>'), "x.ofx")).toEqual({
      format: "camt053",
    });
    expect(detectFormat(bytes("!Type:Bank\nD1/1/2026\n"), "x.csv")).toEqual({ format: "qif" });
    expect(detectFormat(bytes(":20:X\r\n:25:Y\r\n:28C:1\r\n:60F:C260101EUR1,00\r\n"), "x.txt")).toEqual({
      format: "mt940",
    });
    expect(detectFormat(bytes("\uFEFFdate;amount\n2026-01-01;1\n"), "x.txt")).toEqual({ format: "csv" });
  });
  it("reads a .sta or .mt940 file by its content: a table is CSV, MT940 tags or an unknown text MT940", () => {
    const table = bytes("date,amount,description,counterparty\n2026-03-01,-3.00,Coffee,Cafe\n");
    expect(detectFormat(table, "export.sta")).toEqual({ format: "csv" });
    expect(detectFormat(table, "export.mt940")).toEqual({ format: "csv" });
    expect(detectFormat(bytes(":20:STARTUMS\r\n:25:X\r\n:28C:1\r\n:60F:C260101EUR1,00\r\n"), "x.sta")).toEqual({
      format: "mt940",
    });
    expect(detectFormat(bytes(":20:REF,1\r\n:25:X\r\n"), "x.sta"), "tags but no balance yet: the extension").toEqual({
      format: "mt940",
    });
    expect(detectFormat(bytes("no delimiter here\n"), "x.sta")).toEqual({ format: "mt940" });
  });
  it("says why a file is not a statement", () => {
    expect(detectFormat(new Uint8Array(), "x.csv")).toEqual({ error: "the file is empty" });
    expect(detectFormat(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1]), "x.csv")).toMatchObject({
      error: expect.stringMatching(/binary/),
    });
    expect(detectFormat(bytes("<html><body>Session expired</body></html>"), "x.csv")).toMatchObject({
      error: expect.stringMatching(/neither CAMT.053 nor OFX/),
    });
  });
  it("recognises an MT940 file framed by SOH ... - ETX, in UTF-8 or Latin-1, whatever the extension", () => {
    const framed = "\u0001:20:MT940\r\n:25:/PL1\r\n:28C:1\r\n:60F:C260401PLN1,00\r\n:62F:C260430PLN1,00\r\n-\u0003";
    expect(detectFormat(bytes(framed), "mbank.txt")).toEqual({ format: "mt940" });
    // ":20:Zó" with "ó" as the Latin-1 byte 0xF3: not UTF-8, so the control-character check applies; framing passes.
    const latin1 = new Uint8Array(
      [...bytes(framed.replace(":20:MT940", ":20:Z~"))].map((b) => (b === 0x7e ? 0xf3 : b)),
    );
    expect(detectFormat(latin1, "mbank.txt")).toEqual({ format: "mt940" });
    expect(detectFormat(new Uint8Array([0xf3, 0x07, 0x3a, 0x32, 0x30, 0x3a]), "x.txt")).toMatchObject({
      error: expect.stringMatching(/binary/),
    });
  });
});
