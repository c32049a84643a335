import { describe, expect, it } from "vitest";
import { uuidV7Sequence } from "./uuid-v7.ts";

describe("uuidV7Sequence", () => {
  it("gives version-7 ids that carry the time and sort in the order they were made", () => {
    const next = uuidV7Sequence(0x018bcfe56800);
    const ids = Array.from({ length: 5_000 }, next);
    expect(ids[0]).toMatch(/^018bcfe5-6800-7000-8000-0000[0-9a-f]{8}$/);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!), "ascending").toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
