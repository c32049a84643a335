import { describe, expect, it } from "vitest";
import { LineCounter } from "./line-counter.ts";

describe("LineCounter", () => {
  it("gives the line a record starts on, past multi-line fields and skipped empty lines", () => {
    // 1 header; 2–3 a record whose quoted field holds a CRLF; 4, 5 empty; 6 and 7 records; 8 empty; 9 a record.
    const lines = new LineCounter();
    expect(lines.next(["date", "amount", "description"], 0)).toBe(1);
    expect(lines.next(["2026-03-01", "1.00", "two\r\nlines"], 0)).toBe(2);
    expect(lines.next(["2026-03-02", "abc", "x"], 2)).toBe(6);
    expect(lines.next(["2026-03-03", "1,5", "y"], 2)).toBe(7);
    expect(lines.next(["2026-03-99", "2.00", "z"], 3)).toBe(9);
  });
  it("counts LF, CR and CRLF inside a field as one line break each", () => {
    const lines = new LineCounter();
    expect(lines.next(["a\nb\rc\r\nd"], 0)).toBe(1);
    expect(lines.next(["e"], 0)).toBe(5);
  });
});
