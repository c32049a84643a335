import { describe, expect, it } from "vitest";
import { ValidationError } from "../problem/validation-error.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";

const ME = "6f1c2a34-1111-4222-8333-944455556666";
const OTHER = "6f1c2a34-1111-4222-8333-944455556667";
const ID = "00000000-0000-4000-8000-000000000001";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return `${error.errors[0]!.parameter}:${error.errors[0]!.code}`;
    throw error;
  }
  return undefined;
}

describe("cursors", () => {
  it("round-trip the keyset position, as URL-safe text", () => {
    const cursor = encodeCursor("transactions", ME, "2026-03-01", ID);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor("transactions", ME, cursor)).toEqual({ key: "2026-03-01", id: ID });
    const imports = encodeCursor("imports", ME, "2026-03-01T10:00:00.123Z", ID);
    expect(decodeCursor("imports", ME, imports)).toEqual({ key: "2026-03-01T10:00:00.123Z", id: ID });
  });

  it("refuse another user's cursor, another list's cursor, and damaged ones", () => {
    const cursor = encodeCursor("transactions", ME, "2026-03-01", ID);
    expect(code(() => decodeCursor("transactions", OTHER, cursor))).toBe("cursor:invalid_cursor");
    expect(code(() => decodeCursor("imports", ME, cursor))).toBe("cursor:invalid_cursor");
    expect(code(() => decodeCursor("transactions", ME, cursor.slice(0, -3)))).toBe("cursor:invalid_cursor");
    expect(code(() => decodeCursor("transactions", ME, "not a cursor"))).toBe("cursor:invalid_cursor");
    const forged = btoa(JSON.stringify({ v: 1, l: "t", s: "x", k: "2026-03-01", id: ID })).replaceAll("=", "");
    expect(code(() => decodeCursor("transactions", ME, forged))).toBe("cursor:invalid_cursor");
    const future = btoa(JSON.stringify({ v: 2 })).replaceAll("=", "");
    expect(code(() => decodeCursor("transactions", ME, future))).toBe("cursor:invalid_cursor");
  });

  it("refuse a cursor whose position is not a real date or a safe id", () => {
    // Built with the right fingerprint by encoding, then altering only the key.
    const good = JSON.parse(
      atob(encodeCursor("transactions", ME, "2026-03-01", ID).replaceAll("-", "+").replaceAll("_", "/")),
    );
    for (const bad of [{ ...good, k: "2026-02-30" }, { ...good, id: "x'; drop table" }, { ...good, id: 5 }]) {
      const cursor = btoa(JSON.stringify(bad)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
      expect(code(() => decodeCursor("transactions", ME, cursor))).toBe("cursor:invalid_cursor");
    }
  });
});
