/**
 * Pagination cursors: base64url of a small versioned JSON document holding the list's kind, a fingerprint of the
 * subject (so a cursor only works for the user it was issued to), a fingerprint of the list's normalized filters (so a
 * cursor only continues the filtered list it came from) and the keyset position. Opaque to clients; not a security
 * boundary (row-level security is), only a guard against misuse.
 */
import { isValidDate } from "../calendar/dates.ts";
import { ValidationError } from "../problem/validation-error.ts";

export type CursorList = "imports" | "transactions";

/** The filters a page was listed with; an absent filter is `undefined`. Imports have none (`{}`). */
export type CursorFilters = Readonly<Record<string, string | undefined>>;

/** 2 added the filter fingerprint `f`; a version 1 cursor is refused as unsupported (start again from page one). */
const VERSION = 2;
const TAG: Record<CursorList, string> = { imports: "i", transactions: "t" };
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:Z|[+-](\d{2}):(\d{2}))$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Two FNV-1a 32-bit hashes with different offsets: a 64-bit fingerprint as 16 hex digits. */
function fingerprint(subject: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < subject.length; i++) {
    const c = subject.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/**
 * Normalized filters as text: absent filters dropped, names sorted, so the order of query parameters never matters.
 * Values are compared as given, except UUIDs, which are lower-cased (the database compares them case-insensitively).
 */
export function normalizeFilters(filters: CursorFilters): string {
  const entries = Object.entries(filters)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => [name, UUID.test(value) ? value.toLowerCase() : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Encodes the position after the last row of a page (`key` = imported_at or date, then id), bound to the filters the
 * page was listed with.
 */
export function encodeCursor(
  list: CursorList,
  subject: string,
  filters: CursorFilters,
  key: string,
  id: string,
): string {
  const f = fingerprint(normalizeFilters(filters));
  return toBase64Url(JSON.stringify({ v: VERSION, l: TAG[list], s: fingerprint(subject), f, k: key, id }));
}

/** The message of a cursor used with other filters than it was issued for. */
export const FILTER_MISMATCH_MESSAGE =
  "Parameter `cursor`: this cursor was issued for other filters; repeat the original filters or start over.";

/**
 * A timestamp PostgreSQL reads as the same instant it was issued as: a real calendar date from year 1, a time of day
 * within 00:00:00–23:59:59 (at most microseconds, PostgreSQL's precision) and an offset within ±15:59. A forged
 * cursor with year 0000, hour 24 or an offset of 99:00 would otherwise reach the database as a 500.
 */
function isValidTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (m === null || !isValidDate(m[1]!)) return false;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 59) return false;
  return m[6] === undefined || (Number(m[6]) <= 15 && Number(m[7]) <= 59);
}

function invalid(message: string): ValidationError {
  return new ValidationError([{ parameter: "cursor", code: "invalid_cursor", message }]);
}

/**
 * Decodes a cursor of `list` issued to `subject` for the same normalized `filters`; a 422 on parameter `cursor` for
 * anything else.
 */
export function decodeCursor(
  list: CursorList,
  subject: string,
  filters: CursorFilters,
  cursor: string,
): { key: string; id: string } {
  const json = fromBase64Url(cursor);
  let doc: unknown;
  try {
    doc = json === undefined ? undefined : JSON.parse(json);
  } catch {
    doc = undefined;
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw invalid("Parameter `cursor` is not a cursor issued by this API; pass `next_cursor` unchanged.");
  }
  const { v, l, s, f, k, id } = doc as Record<string, unknown>;
  if (v !== VERSION) throw invalid("Parameter `cursor` is from an unsupported version; start again from page one.");
  if (l !== TAG[list]) throw invalid("Parameter `cursor` belongs to a different list.");
  if (s !== fingerprint(subject)) throw invalid("Parameter `cursor` was issued to a different user.");
  if (f !== fingerprint(normalizeFilters(filters))) throw invalid(FILTER_MISMATCH_MESSAGE);
  const keyOk = typeof k === "string" && (list === "imports" ? isValidTimestamp(k) : isValidDate(k));
  if (!keyOk || typeof id !== "string" || !UUID.test(id)) {
    throw invalid("Parameter `cursor` is damaged; pass `next_cursor` unchanged.");
  }
  return { key: k as string, id };
}
