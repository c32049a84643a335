import { describe, expect, it } from "vitest";
import { ValidationError } from "../problem/validation-error.ts";
import { decodeCursor, encodeCursor, normalizeFilters } from "./cursor.ts";

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

function message(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors[0]!.message;
    throw error;
  }
  return undefined;
}

describe("cursors", () => {
  it("round-trip the keyset position, as URL-safe text", () => {
    const cursor = encodeCursor("transactions", ME, {}, "2026-03-01", ID);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor("transactions", ME, {}, cursor)).toEqual({ key: "2026-03-01", id: ID });
    const imports = encodeCursor("imports", ME, {}, "2026-03-01T10:00:00.123Z", ID);
    expect(decodeCursor("imports", ME, {}, imports)).toEqual({ key: "2026-03-01T10:00:00.123Z", id: ID });
  });

  it("refuse another user's cursor, another list's cursor, and damaged ones", () => {
    const cursor = encodeCursor("transactions", ME, {}, "2026-03-01", ID);
    expect(code(() => decodeCursor("transactions", OTHER, {}, cursor))).toBe("cursor:invalid_cursor");
    expect(code(() => decodeCursor("imports", ME, {}, cursor))).toBe("cursor:invalid_cursor");
    expect(code(() => decodeCursor("transactions", ME, {}, cursor.slice(0, -3)))).toBe("cursor:invalid_cursor");
    expect(code(() => decodeCursor("transactions", ME, {}, "not a cursor"))).toBe("cursor:invalid_cursor");
    const forged = btoa(JSON.stringify({ v: 2, l: "t", s: "x", f: "x", k: "2026-03-01", id: ID })).replaceAll("=", "");
    expect(code(() => decodeCursor("transactions", ME, {}, forged))).toBe("cursor:invalid_cursor");
    const future = btoa(JSON.stringify({ v: 3 })).replaceAll("=", "");
    expect(code(() => decodeCursor("transactions", ME, {}, future))).toBe("cursor:invalid_cursor");
  });

  it("refuse a version 1 cursor (issued before filters were bound) as unsupported", () => {
    const good = JSON.parse(atob(encodeCursor("transactions", ME, {}, "2026-03-01", ID)));
    const { f: _f, ...v1 } = { ...good, v: 1 };
    const cursor = btoa(JSON.stringify(v1)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
    expect(message(() => decodeCursor("transactions", ME, {}, cursor))).toBe(
      "Parameter `cursor` is from an unsupported version; start again from page one.",
    );
  });

  it("bind the normalized filters: absent filters dropped, names in any order, UUIDs in any case", () => {
    expect(normalizeFilters({})).toBe("[]");
    expect(normalizeFilters({ to: "2026-03-31", kind: "expense", category: undefined })).toBe(
      '[["kind","expense"],["to","2026-03-31"]]',
    );
    expect(normalizeFilters({ statement_import_id: "7D0C9A5E-3F1B-4C2A-9E8D-1B2C3D4E5F60" })).toBe(
      '[["statement_import_id","7d0c9a5e-3f1b-4c2a-9e8d-1b2c3d4e5f60"]]',
    );
    // A category is matched exactly, so its case is kept.
    expect(normalizeFilters({ category: "Fun" })).not.toBe(normalizeFilters({ category: "fun" }));

    const issued = { kind: "expense", from: "2026-01-01" };
    const cursor = encodeCursor("transactions", ME, issued, "2026-03-01", ID);
    expect(decodeCursor("transactions", ME, { from: "2026-01-01", kind: "expense", to: undefined }, cursor)).toEqual({
      key: "2026-03-01",
      id: ID,
    });
    const mismatch =
      "Parameter `cursor`: this cursor was issued for other filters; repeat the original filters or start over.";
    for (
      const other of [
        {},
        { kind: "expense" },
        { kind: "income", from: "2026-01-01" },
        { kind: "expense", from: "2026-01-02" },
        { kind: "expense", from: "2026-01-01", to: "2026-12-31" },
        { kind: "expense", from: "2026-01-01", category: "fun" },
        { kind: "expense", from: "2026-01-01", statement_import_id: "7d0c9a5e-3f1b-4c2a-9e8d-1b2c3d4e5f60" },
      ]
    ) {
      expect(code(() => decodeCursor("transactions", ME, other, cursor))).toBe("cursor:invalid_cursor");
      expect(message(() => decodeCursor("transactions", ME, other, cursor))).toBe(mismatch);
    }
    // An imports cursor is bound to the empty filter set the same way.
    const imports = encodeCursor("imports", ME, {}, "2026-03-01T10:00:00Z", ID);
    expect(message(() => decodeCursor("imports", ME, { kind: "expense" }, imports))).toBe(mismatch);
  });

  it("refuse a cursor whose position is not a real date or a safe id", () => {
    // Built with the right fingerprint by encoding, then altering only the key.
    const good = JSON.parse(
      atob(encodeCursor("transactions", ME, {}, "2026-03-01", ID).replaceAll("-", "+").replaceAll("_", "/")),
    );
    for (const bad of [{ ...good, k: "2026-02-30" }, { ...good, id: "x'; drop table" }, { ...good, id: 5 }]) {
      const cursor = btoa(JSON.stringify(bad)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
      expect(code(() => decodeCursor("transactions", ME, {}, cursor))).toBe("cursor:invalid_cursor");
    }
  });

  it("refuse a forged cursor (right fingerprints, position PostgreSQL cannot read) instead of failing in the database", () => {
    const forge = (list: "imports" | "transactions", key: string, change: Record<string, unknown>) => {
      const good = JSON.parse(atob(encodeCursor(list, ME, {}, key, ID).replaceAll("-", "+").replaceAll("_", "/")));
      return btoa(JSON.stringify({ ...good, ...change })).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
    };
    const badTransactions = [
      { id: "not-a-uuid" },
      { id: "00000000-0000-4000-8000-00000000000g" },
      { id: "00000000000040008000000000000001" },
      { k: "0000-01-01" },
      { k: "2026-13-01" },
    ];
    for (const change of badTransactions) {
      expect(
        code(() => decodeCursor("transactions", ME, {}, forge("transactions", "2026-03-01", change))),
        JSON.stringify(change),
      )
        .toBe("cursor:invalid_cursor");
    }
    const badImports = [
      { k: "0000-03-01T10:00:00Z" },
      { k: "2026-02-30T10:00:00Z" },
      { k: "2026-03-01T24:00:00Z" },
      { k: "2026-03-01T10:60:00Z" },
      { k: "2026-03-01T10:00:60Z" },
      { k: "2026-03-01T10:00:00+16:00" },
      { k: "2026-03-01T10:00:00+99:99" },
      { k: "2026-03-01T10:00:00.1234567Z" },
      { id: "imp-1" },
    ];
    for (const change of badImports) {
      expect(
        code(() => decodeCursor("imports", ME, {}, forge("imports", "2026-03-01T10:00:00Z", change))),
        JSON.stringify(change),
      )
        .toBe("cursor:invalid_cursor");
    }
    // Controls: what the database issues is still accepted.
    for (const key of ["2026-03-01T10:00:00.123456Z", "2026-03-01T10:00:00+15:59", "0001-01-01T00:00:00-05:00"]) {
      expect(decodeCursor("imports", ME, {}, encodeCursor("imports", ME, {}, key, ID))).toEqual({ key, id: ID });
    }
  });
});
