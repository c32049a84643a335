/**
 * Conversions from database values (as PostgREST JSON, or to_jsonb in the direct driver) to the AccountData
 * types. Anything that does not fit is an UnexpectedDataError: money is never rounded, dates never guessed.
 */
import type { Kind } from "@pfa/core/contracts/account-data.ts";
import { UnexpectedDataError } from "./errors.ts";

export type Row = Readonly<Record<string, unknown>>;

function bad(field: string, value: unknown, expected: string): never {
  const shown = typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : String(value);
  throw new UnexpectedDataError(`database column ${field}: expected ${expected}, got ${shown}`);
}

/** An integer within ±(2^53 − 1). JSON numbers beyond that were already rounded by the parser, so are refused. */
export function safeInteger(row: Row, field: string): number {
  const value = row[field];
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (
    typeof value === "bigint" && value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER)
  ) {
    return Number(value);
  }
  if (typeof value === "string" && /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value))) {
    return Number(value);
  }
  return bad(field, value, "a safe integer");
}

export function nullableSafeInteger(row: Row, field: string): number | null {
  return row[field] === null || row[field] === undefined ? null : safeInteger(row, field);
}

/** An array of safe integers (a SQL `bigint[]`), each checked like `safeInteger`. */
export function safeIntegerArray(row: Row, field: string): number[] {
  const value = row[field];
  if (!Array.isArray(value)) return bad(field, value, "an array of safe integers");
  return value.map((v, i) => safeInteger({ [`${field}[${i}]`]: v }, `${field}[${i}]`));
}

export function text(row: Row, field: string): string {
  const value = row[field];
  return typeof value === "string" ? value : bad(field, value, "text");
}

export function nullableText(row: Row, field: string): string | null {
  const value = row[field];
  return value === null || value === undefined ? null : text(row, field);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` (years 0001–9999; `infinity` and BC dates are refused). */
export function isoDate(row: Row, field: string): string {
  const value = row[field];
  if (typeof value === "string") {
    const m = DATE.exec(value);
    if (m && validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return value;
  }
  return bad(field, value, "a date YYYY-MM-DD");
}

export function nullableIsoDate(row: Row, field: string): string | null {
  const value = row[field];
  return value === null || value === undefined ? null : isoDate(row, field);
}

function validDate(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(2000, m - 1, d));
  dt.setUTCFullYear(y);
  return dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * A timestamp with a time zone, as RFC 3339 in UTC with `Z`: `2026-01-31T09:30:00Z`, or with the fraction the
 * database had, trailing zeros removed (`...:00.5Z`, up to microseconds). Microseconds are kept, never rounded,
 * so a keyset cursor built from the value finds the same row again.
 */
export function rfc3339Utc(row: Row, field: string): string {
  const value = row[field];
  const m = typeof value === "string" ? TIMESTAMP.exec(value) : null;
  if (!m) return bad(field, value, "a timestamp with time zone");
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  if (!validDate(Number(y), Number(mo), Number(d)) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return bad(field, value, "a valid timestamp");
  }
  let offsetMinutes = 0;
  if (zone!.toUpperCase() !== "Z") {
    const digits = zone!.slice(1).replace(":", "");
    offsetMinutes = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0")) * (zone![0] === "-" ? -1 : 1);
  }
  const local = new Date(0);
  local.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  local.setUTCHours(Number(h), Number(mi) - offsetMinutes, Number(s), 0);
  const year = local.getUTCFullYear();
  if (year < 1 || year > 9999) return bad(field, value, "a timestamp within years 0001-9999");
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const fraction = (frac ?? "").replace(/0+$/, "");
  return `${pad(year, 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${
    pad(local.getUTCMinutes())
  }:${pad(local.getUTCSeconds())}${fraction === "." ? "" : fraction}Z`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuid(row: Row, field: string): string {
  const value = row[field];
  return typeof value === "string" && UUID.test(value) ? value.toLowerCase() : bad(field, value, "a UUID");
}

const KINDS: readonly string[] = ["income", "expense", "transfer"];

export function kind(row: Row, field: string): Kind {
  const value = row[field];
  return typeof value === "string" && KINDS.includes(value) ? value as Kind : bad(field, value, "a kind");
}

export function direction(row: Row, field: string): "inflow" | "outflow" {
  const value = row[field];
  return value === "inflow" || value === "outflow" ? value : bad(field, value, "a direction");
}
