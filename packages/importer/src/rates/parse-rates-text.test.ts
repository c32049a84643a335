import { describe, expect, it } from "vitest";
import { detectRatesFormat, parseRatesText } from "./parse-rates-text.ts";

// The ECB's layout: newest first, N/A cells, a trailing empty column (CYP is withdrawn: skipped, not an error).
const ECB_CSV = [
  "Date,USD,JPY,CYP,CHF,",
  "2026-03-09,1.0900,161.5,N/A,0.9512,",
  "2026-03-06,1.0850,161.23,N/A,0.95,",
  "2007-12-31,1.4721,164.93,0.585274,1.6547,",
  "",
].join("\n");

const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2026-03-09'>
			<Cube currency='USD' rate='1.0900'/>
			<Cube currency='JPY' rate='161.5'/>
		</Cube>
		<Cube time='2026-03-06'>
			<Cube currency='USD' rate='1.0850'/>
			<Cube currency='HRK' rate='7.5345'/>
		</Cube>
	</Cube>
</gesmes:Envelope>
`;

describe("detectRatesFormat", () => {
  it("tells the three formats apart by their first line", () => {
    expect(detectRatesFormat(ECB_CSV)).toBe("ecb-csv");
    expect(detectRatesFormat(ECB_XML)).toBe("ecb-xml");
    expect(detectRatesFormat("\uFEFFdate,base,quote,rate\r\n2026-01-02,EUR,USD,1.1\r\n")).toBe("csv");
    expect(detectRatesFormat("when,from,to,rate\n")).toBeNull();
  });
});

describe("the ECB's history CSV", () => {
  it("reads every cell as a EUR rate, skipping N/A cells, the trailing column and withdrawn codes", () => {
    const parsed = parseRatesText(ECB_CSV);
    expect(parsed.format).toBe("ecb-csv");
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toBe(1); // CYP on 2007-12-31
    expect(parsed.rates.map((r) => [r.line, r.date, r.base, r.quote, r.rate])).toEqual([
      [2, "2026-03-09", "EUR", "USD", "1.0900"],
      [2, "2026-03-09", "EUR", "JPY", "161.5"],
      [2, "2026-03-09", "EUR", "CHF", "0.9512"],
      [3, "2026-03-06", "EUR", "USD", "1.0850"],
      [3, "2026-03-06", "EUR", "JPY", "161.23"],
      [3, "2026-03-06", "EUR", "CHF", "0.95"],
      [4, "2007-12-31", "EUR", "USD", "1.4721"],
      [4, "2007-12-31", "EUR", "JPY", "164.93"],
      [4, "2007-12-31", "EUR", "CHF", "1.6547"],
    ]);
  });

  it("refuses a row with a bad date or a bad rate, naming its line", () => {
    const bad = ECB_CSV.replace("2026-03-06,1.0850", "2026-02-30,1.0850").replace("161.5", "1.6e2");
    expect(parseRatesText(bad).errors).toEqual([
      { line: 2, message: 'the rate "1.6e2" is not a plain decimal number (digits, an optional point and decimals)' },
      { line: 3, message: '"2026-02-30" is not a date (YYYY-MM-DD)' },
    ]);
  });

  it("refuses a row with the wrong number of cells", () => {
    const bad = ECB_CSV.replace("2026-03-06,1.0850,161.23,N/A,0.95,", "2026-03-06,1.0850,161.23,");
    expect(parseRatesText(bad).errors).toEqual([{ line: 3, message: "4 cells, but the header has 5 columns" }]);
  });
});

describe("the ECB's XML", () => {
  it("reads each day's rates with their lines, skipping withdrawn codes", () => {
    const parsed = parseRatesText(ECB_XML);
    expect(parsed.format).toBe("ecb-xml");
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toBe(1); // HRK
    expect(parsed.rates.map((r) => [r.line, r.date, r.quote, r.rate])).toEqual([
      [9, "2026-03-09", "USD", "1.0900"],
      [10, "2026-03-09", "JPY", "161.5"],
      [13, "2026-03-06", "USD", "1.0850"],
    ]);
  });

  it("reads the daily file's single day", () => {
    const daily = ECB_XML.replace(/\t\t<Cube time='2026-03-06'>[\s\S]*?<\/Cube>\n(?=\t<\/Cube>)/, "");
    expect(parseRatesText(daily).rates.map((r) => r.quote)).toEqual(["USD", "JPY"]);
  });

  it("refuses a DOCTYPE, entity declarations and external entities (no expansion)", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>` +
      `<Envelope><Cube><Cube time="2026-03-06"><Cube currency="USD" rate="&lol2;"/></Cube></Cube></Envelope>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>` +
      `<Envelope><Cube><Cube time="2026-03-06"><Cube currency="USD" rate="&e;"/></Cube></Cube></Envelope>`;
    for (const text of [laughs, xxe]) {
      const parsed = parseRatesText(text);
      expect(parsed.rates).toEqual([]);
      expect(parsed.errors).toHaveLength(1);
      expect(parsed.errors[0]!.message).toMatch(/DOCTYPE or entities/);
    }
  });

  it("refuses malformed XML and a rate element without its rate", () => {
    expect(parseRatesText("<Envelope><Cube></Envelope>").errors[0]!.message).toMatch(/not well-formed/);
    const missing = ECB_XML.replace("<Cube currency='JPY' rate='161.5'/>", "<Cube currency='JPY'/>");
    expect(parseRatesText(missing).errors).toEqual([
      { line: 10, message: "a rate's Cube element needs both currency and rate attributes" },
    ]);
  });
});

describe("the generic CSV", () => {
  it("reads date,base,quote,rate lines with any pair", () => {
    const parsed = parseRatesText(
      "date,base,quote,rate\n2026-03-06,USD,CHF,0.876543210987654321\n2026-03-06,EUR,USD,1\n",
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.rates.map((r) => [r.line, r.base, r.quote, r.rate])).toEqual([
      [2, "USD", "CHF", "0.876543210987654321"],
      [3, "EUR", "USD", "1"],
    ]);
  });

  it("refuses zero, negative, exponent and 19-digit rates, equal codes, bad codes and repeated keys", () => {
    const text = [
      "date,base,quote,rate",
      "2026-03-06,EUR,USD,0.000",
      "2026-03-06,EUR,GBP,-1.2",
      "2026-03-06,EUR,JPY,1E3",
      "2026-03-06,EUR,CHF,1.23456789012345678",
      "2026-03-06,EUR,CHF,0.1234567890123456780",
      "2026-03-06,EUR,EUR,1",
      "2026-03-06,eur,USD,1.1",
      "2026-03-06,EUR,SEK,11.2",
      "2026-03-06,EUR,SEK,11.2",
      "2026-03-06,EUR,NOK",
    ].join("\n");
    expect(parseRatesText(text).errors).toEqual([
      { line: 2, message: 'the rate "0.000" is zero; a rate is positive' },
      { line: 3, message: 'the rate "-1.2" is not a plain decimal number (digits, an optional point and decimals)' },
      { line: 4, message: 'the rate "1E3" is not a plain decimal number (digits, an optional point and decimals)' },
      { line: 6, message: 'the rate "0.1234567890123456780" has 19 significant digits; at most 18 are allowed' },
      { line: 7, message: "the base and the quote are both EUR" },
      { line: 8, message: '"eur" is not a currency code (three capital letters)' },
      { line: 10, message: "a second rate for EUR/SEK on 2026-03-06 (the first is on line 9)" },
      { line: 11, message: "3 fields; a line is date,base,quote,rate" },
    ]);
  });

  it("counts trailing zeros as significant: 18 digits with them pass, 19 do not", () => {
    expect(parseRatesText("date,base,quote,rate\n2026-01-02,EUR,USD,1.23456789012345670\n").errors).toEqual([]);
    expect(parseRatesText("date,base,quote,rate\n2026-01-02,EUR,USD,1.234567890123456700\n").errors).toHaveLength(1);
  });
});

describe("an unknown format", () => {
  it("is refused at line 1", () => {
    const parsed = parseRatesText("when,from,to,rate\n");
    expect(parsed.format).toBeNull();
    expect(parsed.errors[0]!.line).toBe(1);
  });
});
