import assert from "node:assert/strict";
import { UnexpectedDataError } from "./errors.ts";
import { isoDate, kind, nullableText, rfc3339Utc, safeInteger, uuid } from "./values.ts";

Deno.test("safeInteger: numbers, bigints and digit strings within ±(2^53 − 1); nothing else", () => {
  assert.equal(safeInteger({ v: -999999999999999 }, "v"), -999999999999999);
  assert.equal(safeInteger({ v: 9007199254740991n }, "v"), 9007199254740991);
  assert.equal(safeInteger({ v: "-42" }, "v"), -42);
  for (const v of [9007199254740992, 9007199254740993n, "9007199254740993", 1.5, "1.5", "1e3", null, undefined, NaN]) {
    assert.throws(() => safeInteger({ v }, "v"), UnexpectedDataError, String(v));
  }
});

Deno.test("isoDate: real calendar dates only", () => {
  assert.equal(isoDate({ d: "2024-02-29" }, "d"), "2024-02-29");
  for (const d of ["2023-02-29", "infinity", "2024-1-01", "2024-13-01", "0000-01-01", null]) {
    assert.throws(() => isoDate({ d }, "d"), UnexpectedDataError, String(d));
  }
});

Deno.test("rfc3339Utc: converts offsets to Z and keeps microseconds", () => {
  const cases: [string, string][] = [
    ["2026-03-01T10:00:00.123456+00:00", "2026-03-01T10:00:00.123456Z"],
    ["2026-03-01 10:00:00+00", "2026-03-01T10:00:00Z"],
    ["2026-03-01T10:00:00.500000Z", "2026-03-01T10:00:00.5Z"],
    ["2026-03-01T01:30:00.000000+02:00", "2026-02-28T23:30:00Z"],
    ["2026-12-31T20:00:00-05:00", "2027-01-01T01:00:00Z"],
    ["2026-01-01T00:00:00+0530", "2025-12-31T18:30:00Z"],
  ];
  for (const [input, expected] of cases) assert.equal(rfc3339Utc({ t: input }, "t"), expected, input);
  for (const t of ["infinity", "2026-03-01", "2026-02-30T00:00:00Z", 1700000000]) {
    assert.throws(() => rfc3339Utc({ t }, "t"), UnexpectedDataError, String(t));
  }
});

Deno.test("uuid, kind, nullableText", () => {
  assert.equal(uuid({ u: "A11CE000-0000-4000-8000-000000000001" }, "u"), "a11ce000-0000-4000-8000-000000000001");
  assert.throws(() => uuid({ u: "alice" }, "u"), UnexpectedDataError);
  assert.equal(kind({ k: "transfer" }, "k"), "transfer");
  assert.throws(() => kind({ k: "refund" }, "k"), UnexpectedDataError);
  assert.equal(nullableText({}, "missing"), null);
  assert.throws(() => nullableText({ t: 5 }, "t"), UnexpectedDataError);
});
