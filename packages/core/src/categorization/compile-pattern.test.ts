import { describe, expect, it } from "vitest";
import { compilePattern } from "./compile-pattern.ts";

const message = (p: string) => {
  const r = compilePattern(p);
  return r.ok ? null : r.message;
};

describe("compilePattern (RE2 syntax, case-insensitive)", () => {
  it("compiles RE2 patterns, searching case-insensitively", () => {
    const r = compilePattern("netfl(i|y)x\\b");
    if (!r.ok) throw new Error(r.message);
    expect(r.regex.test("Payment NETFLIX.COM")).toBe(true);
    expect(r.regex.test("netflixes")).toBe(false);
  });

  it("refuses back-references and look-around with a plain explanation", () => {
    expect(message("(a)\\1")).toMatch(/back-reference/);
    expect(message("(?<n>a)\\k<n>")).toMatch(/named back-reference/);
    expect(message("foo(?=bar)")).toMatch(/look-ahead/);
    expect(message("foo(?!bar)")).toMatch(/negative look-ahead/);
    expect(message("(?<=x)y")).toMatch(/look-behind/);
    expect(message("(?<!x)y")).toMatch(/negative look-behind/);
  });

  it("does not mistake escaped or class characters for those", () => {
    expect(message("\\\\1")).toBeNull(); // a backslash, then 1
    expect(message("[(?=]x")).toBeNull(); // a class holding ( ? =
    expect(message("\\(?=")).toBeNull(); // an optional literal ( then =
  });

  it("reports other syntax errors from the engine", () => {
    expect(message("[a-")).toMatch(/not a valid RE2 pattern/);
    expect(message("a{1001}")).toMatch(/not a valid RE2 pattern/);
  });
});
