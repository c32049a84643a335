import { describe, expect, it } from "vitest";
import { ofxAmount } from "./parse-ofx.ts";

describe("ofxAmount (OFX: one decimal mark, `.` or `,`, no grouping)", () => {
  it("reads both decimal marks, signs and bare fractions", () => {
    expect(ofxAmount("-12.50")).toBe("-12.50");
    expect(ofxAmount("-12,50")).toBe("-12.50");
    expect(ofxAmount("+7")).toBe("7");
    expect(ofxAmount(" 0042.10 ")).toBe("42.10");
    expect(ofxAmount(".5")).toBe("0.5");
    expect(ofxAmount("-0.00")).toBe("0.00");
  });

  it("reads `1,500` as one and a half, never as fifteen hundred, and refuses grouping", () => {
    expect(ofxAmount("1,500")).toBe("1.500");
    expect(ofxAmount("1,500.00")).toBeNull();
    expect(ofxAmount("1.500,00")).toBeNull();
    expect(ofxAmount("1 500")).toBeNull();
    expect(ofxAmount("1e3")).toBeNull();
    expect(ofxAmount("")).toBeNull();
    expect(ofxAmount("-")).toBeNull();
    expect(ofxAmount(null)).toBeNull();
  });
});
