/**
 * fast-check arbitraries for hostile requests: odd values (huge and tiny numbers, odd Unicode, bad dates, wrong
 * types, deep nesting), hostile JSON texts (malformed, duplicate keys, invalid UTF-8, exponents, long digit runs),
 * bad query strings, wrong methods and content types. Each generated request says which statuses the contract
 * allows for it (`expect`), so a fuzz run checks the right status, not only "no 5xx".
 */
import fc from "fast-check";

export interface HostileRequest {
  readonly label: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array;
  /** Statuses the contract allows for this request. */
  readonly expect: readonly number[];
}

// ------------------------------------------------------------------------------------------------- values

/** Strings nobody should trust: control characters, lone surrogates, NUL, RTL overrides, BOM, emoji, long. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "EUR\u0000",
    "\ud800",
    "\udfff",
    "a\ud83d",
    "\u202eRUE",
    "\ufeffEUR",
    "ＥＵＲ",
    "€",
    "💸💸",
    "e\u0301",
    "\u2028\u2029",
    "<script>alert(1)</script>",
    "'; drop table public.statement_transactions; --",
    "${jndi:ldap://x}",
    "%00",
    "../../etc/passwd",
    "x".repeat(201),
    "y".repeat(5000),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

/** Number tokens as raw JSON text (so exponents and long digit runs reach the server unrounded). */
export const numberToken: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "0",
    "-0",
    "1e3",
    "1E400",
    "-1e-400",
    "5e-324",
    "1.7976931348623157e308",
    "999999999999999",
    "9999999999999999",
    "9007199254740993",
    "100000000000000000000000000000",
    "0.1000000000000000055",
    "0.000000000000000001",
    "-0.001",
    "12.345",
    "1.5",
    "-2147483649",
    "4294967296",
  ),
  fc.double({ noDefaultInfinity: true, noNaN: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);

export const badDate: fc.Arbitrary<string> = fc.constantFrom(
  "2026-02-30",
  "2025-02-29",
  "2026-13-01",
  "2026-00-10",
  "2026-01-32",
  "0000-01-01",
  "9999-12-31",
  "2026-1-1",
  "26-01-01",
  "2026/01/01",
  "2026-01-01T00:00:00Z",
  "2026-01-01 ",
  "+002026-01-01",
  "١٢٣٤-٠١-٠١",
  "2026-W01",
  "",
);

/** Any hostile JSON value, as a JSON text fragment. */
export const hostileValueText: fc.Arbitrary<string> = fc.oneof(
  numberToken,
  oddString.map((s) => JSON.stringify(s)),
  badDate.map((s) => JSON.stringify(s)),
  fc.constantFrom("null", "true", "false", "[]", "{}", '[""]', '{"a":1,"a":2}', '"\\ud800"', '"\\u0000"'),
  fc.integer({ min: 1, max: 2000 }).map((d) => "[".repeat(d) + "]".repeat(d)),
);

// ------------------------------------------------------------------------------------------------- bodies

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Valid bodies of the calculation endpoints (API.md §3), the starting points of the mutations. */
export const BASE_BODIES: Record<string, Json> = {
  "/v1/analytics/categorize": {
    rules: [
      { id: "subs", conditions: [{ field: "text", op: "matches", value: "^netflix" }], set: { category: "Subs" } },
      {
        id: "big",
        match: "any",
        conditions: [
          { field: "amount", op: "between", value: ["-1000", "-100"] },
          { field: "account", op: "one_of", value: ["Savings"] },
        ],
        set: { kind: "transfer" },
      },
    ],
    transactions: [
      { id: "c1", date: "2026-01-05", amount: "-15.99", counterparty: "Netflix", currency: "EUR", account: "Main" },
      { date: "2026-02-05", amount: -150, description: "To savings", category: "Savings" },
    ],
    overwrite: false,
  },
  "/v1/analytics/categorization/suggestions": {
    from: "2026-01-01",
    to: "2026-03-31",
    transactions: [
      { id: "s1", date: "2026-01-05", amount: "-15.99", counterparty: "Netflix", category: "Subs" },
      { id: "s2", date: "2026-02-05", amount: "-15.99", description: "NETFLIX" },
    ],
  },
  "/v1/analytics/cashflow": {
    currency: "EUR",
    year: 2026,
    transactions: [
      { date: "2026-01-05", amount: "2500.00", category: "Salary", kind: "income" },
      { date: "2026-02-10", amount: "-12.30", category: "Food", description: "Lunch" },
    ],
  },
  "/v1/analytics/spending-by-category": {
    currency: "EUR",
    from: "2026-01-01",
    to: "2026-12-31",
    transactions: [{ id: "t1", date: "2026-03-03", amount: -5, category: "Food", currency: "EUR" }],
  },
  "/v1/budget/summary": {
    currency: "USD",
    year: 2026,
    month: 3,
    budgets: [{ category: "Food", amount: "100.00" }],
    transactions: [{ date: "2026-03-02", amount: "-95.00", category: "Food" }],
  },
  "/v1/analytics/recurring": {
    currency: "EUR",
    as_of: "2026-03-20",
    transactions: [
      { id: "r1", date: "2026-01-05", amount: "-15.99", counterparty: "Netflix", category: "Subs" },
      { id: "r2", date: "2026-02-05", amount: "-15.99", description: "NETFLIX.COM 4412" },
      { id: "r3", date: "2026-03-05", amount: -15.99, counterparty: "NETFLIX" },
    ],
  },
  "/v1/analytics/forecast": {
    currency: "EUR",
    as_of: "2026-03-20",
    starting_balance: "250.00",
    horizon_days: 90,
    transactions: [
      { date: "2026-01-05", amount: "-15.99", counterparty: "Netflix" },
      { date: "2026-02-05", amount: "-15.99", counterparty: "Netflix" },
      { date: "2026-03-05", amount: "-15.99", counterparty: "Netflix", kind: "expense" },
    ],
  },
  "/v1/goals/progress": {
    as_of: "2026-06-30",
    goals: [{
      id: "g",
      name: "Car",
      currency: "JPY",
      target_amount: "120000",
      target_date: "2027-01-01",
      contributions: [{ date: "2026-01-15", amount: 1000 }],
    }],
  },
  "/v1/analytics/trends": {
    currency: "EUR",
    year: 2026,
    month: 3,
    months: 3,
    transactions: [
      { date: "2026-01-05", amount: "-40.00", category: "Food" },
      { date: "2026-03-10", amount: "-90.00", category: "Food" },
    ],
  },
  "/v1/analytics/net-worth": {
    currency: "EUR",
    from: "2026-01-01",
    to: "2026-03-31",
    statements: [{
      account_name: "Checking",
      statement_start: "2026-01-01",
      statement_end: "2026-01-31",
      opening_balance: "100.00",
      closing_balance: 49.5,
      transactions: [{ date: "2026-01-05", amount: "-50.50", category: "Food" }],
    }, { account_name: "Visa", opening_balance: "-20.00", transactions: [] }],
  },
};

/** Every path to a value inside `value` (arrays and objects), the root included. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  }
  return out;
}

const PLACEHOLDER = "__HOSTILE_VALUE__";

/** `base` with the value at one path replaced by a raw JSON fragment (so raw number tokens survive). */
function replaceAt(base: Json, path: (string | number)[], fragment: string): string {
  if (path.length === 0) return fragment;
  const copy = structuredClone(base) as Json;
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  node[path[path.length - 1]!] = PLACEHOLDER;
  return JSON.stringify(copy).replace(JSON.stringify(PLACEHOLDER), fragment);
}

/** A valid JSON text whose content is hostile: one value replaced, a field added, a key duplicated. */
export function mutatedBody(path: string): fc.Arbitrary<string> {
  const base = BASE_BODIES[path]!;
  const all = paths(base);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...all), hostileValueText).map(([p, v]) => replaceAt(base, p, v)),
    fc.tuple(oddString, hostileValueText).map(([k, v]) => {
      const text = JSON.stringify(base);
      return `{${JSON.stringify(k)}:${v},${text.slice(1)}`;
    }),
    fc.constantFrom(...Object.keys(base as object)).map((k) => {
      const text = JSON.stringify(base);
      return `{${JSON.stringify(k)}:null,${text.slice(1)}`; // duplicate key
    }),
    fc.integer({ min: 0, max: 60_000 }).map((n) => {
      // many transactions/goals/statements: within the body limit, maybe over the array limit of the fuzz server
      const b = structuredClone(base) as Record<string, Json>;
      const key = ["transactions", "goals", "statements"].find((k) => k in b)!;
      const one = (b[key] as Json[])[0]!;
      return JSON.stringify({ ...b, [key]: Array.from({ length: Math.min(n, 3000) }, () => one) });
    }),
  );
}

/** JSON texts that are not JSON: truncated, garbage, trailing data, comments, single quotes. */
export function malformedBody(path: string): fc.Arbitrary<string> {
  const text = JSON.stringify(BASE_BODIES[path]);
  return fc.oneof(
    fc.integer({ min: 1, max: text.length - 1 }).map((n) => text.slice(0, n)),
    fc.constantFrom(
      "",
      " ",
      "{",
      "}",
      "[",
      "{'currency':'EUR'}",
      '{"currency":"EUR",}',
      '{"currency":"EUR"} {"currency":"USD"}',
      '{"currency":"EUR"}/*x*/',
      "NaN",
      "Infinity",
      '{"a":NaN}',
      '{"a":01}',
      '{"a":.5}',
      '{"a":"\u0001"}',
      "\u0000",
      "undefined",
    ),
    fc.string({ unit: "binary", minLength: 1, maxLength: 60 }).filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    }),
  );
}

/** Bytes that are not UTF-8 (overlong forms, lone continuation bytes, encoded surrogates, UTF-16). */
export const invalidUtf8: fc.Arbitrary<Uint8Array> = fc.constantFrom(
  new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  new Uint8Array([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]), // CESU surrogate
  new Uint8Array([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]), // overlong "/"
  new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), // UTF-16LE with BOM
  new Uint8Array([0x80]),
);

// ------------------------------------------------------------------------------------------------- headers

export const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "Application/JSON"];
export const NON_JSON_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/jsonx",
  "application/json; charset=utf-16",
  "application/json; charset=iso-8859-1",
  "text/json ;;;",
  "",
];

export const garbageAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "Bearer",
    "Bearer ",
    "Bearer a.b.c",
    "Bearer eyJhbGciOiJub25lIn0.e30.",
    "Basic dXNlcjpwYXNz",
    "bearer " + "x".repeat(10_000),
    "Bearer \u00ff\u00fe",
    "Token abc",
  ),
  fc.string({ unit: "grapheme-ascii", maxLength: 80 }).map((s) => `Bearer ${s}`),
);

/** Header values that are legal to send (visible ASCII and spaces), for headers the server should ignore. */
export const headerNoise: fc.Arbitrary<string> = fc.string({ unit: "grapheme-ascii", maxLength: 200 }).map((s) =>
  s.replace(/[\r\n]/g, "").trim()
);

// ------------------------------------------------------------------------------------------------- queries

const QUERY_NAMES = [
  "month",
  "year",
  "currency",
  "from",
  "to",
  "limit",
  "cursor",
  "statement_import_id",
  "category",
  "kind",
  "as_of",
  "__proto__",
  "constructor",
  "",
];

const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "0",
    "1",
    "12",
    "13",
    "-1",
    "1.5",
    "1e1",
    "0x10",
    " 1",
    "01",
    "2026",
    "99999",
    "200",
    "201",
    "eur",
    "EUR",
    "XXX",
    "ZZZ",
    "income",
    "INCOME",
    "transfer",
    "2026-01-01",
    "2026-02-30",
    "00000000-0000-0000-0000-000000000000",
    "not-a-uuid",
    "eyJ2IjoxfQ",
    "%",
    "null",
    "[]",
  ),
  badDate,
  oddString,
  numberToken,
);

/** A query string (without `?`) of 0–4 parameters, names known or not, values hostile, duplicates possible. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_NAMES), queryValue), { maxLength: 4 })
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [k, v] of pairs) params.append(k, v.replace(/[\ud800-\udfff]/g, "\ufffd"));
    return params.toString();
  });

// ------------------------------------------------------------------------------------------------- paths

export const UNKNOWN_PATHS: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "/",
    "/v1",
    "/v1/",
    "/v2/analytics/cashflow",
    "/v1/analytics/cashflow/",
    "/v1/Analytics/Cashflow",
    "/v1/me",
    "/v1/me/",
    "/v1/me/../analytics/cashflow/x",
    "/v1/analytics/cashflow%2F..",
    "/v1/%00",
    "/v1/me/statements/transactions/1",
    "/v1/.env",
    "/.git/config",
    "/v1/openapi.yaml",
    "/v1/admin",
  ),
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 30 }).map((s) =>
    "/v1/x" + encodeURIComponent(s).replace(/%2F/gi, "/")
  ),
);
