/**
 * Soundness of the zod-free acceptor against zod itself, on every calculation operation: whenever acceptInput
 * answers a value, zod's safeParse of the same input succeeds with the same output (key order included), for valid
 * bodies and random mutations of them, with the default limits and with small ones. And the valid bodies are
 * accepted, so the fast path is really taken.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INPUT_SHAPES } from "../generated/input-shapes.ts";
import { createOperations } from "../operations/index.ts";
import { acceptInput } from "./accept-input.ts";
import { DEFAULT_LIMITS, type Limits } from "./limits.ts";

type Body = Record<string, unknown>;

const tx = (date: string, amount: string | number, extra: Body = {}) => ({ date, amount, ...extra });
const transactions = [
  tx("2026-01-05", "2500.00", { category: "salary", kind: "income", id: "t-1" }),
  tx("2026-01-07", "-42.10", { category: "groceries", description: "Supermarket", counterparty: "Lidl" }),
  tx("2026-02-01", -850, { category: "rent", currency: "EUR", kind: "expense" }),
  tx("2026-02-03", "-9.99", { counterparty: "Netflix", description: null, category: null, id: null }),
  tx("2026-03-01", "-100.00", { kind: "transfer", counterparty: "" }),
  tx("2026-03-14", "12.5", { category: "café ☕", description: "😀😀" }),
];
const rates = {
  rates: [{ date: "2026-01-02", base: "USD", quote: "EUR", rate: "0.92" }, {
    date: "2026-02-02",
    base: "usd",
    quote: "eur",
    rate: 0.91,
  }],
};

/** Valid bodies of each operation, written from its documentation (contracts/*.ts) and its tests. */
const CORPUS: Record<string, Body[]> = {
  calculate_cashflow: [
    { currency: "EUR", year: 2026, transactions },
    { currency: "eur", transactions: transactions.slice(0, 2) },
    { transactions: [tx("2026-01-05", "1", { currency: "USD" })], currency: "EUR", conversion: rates, year: 2026 },
    { currency: "EUR", year: 2026, transactions: [], conversion: { ...rates, max_rate_age_days: 4 } },
  ],
  calculate_spending_by_category: [
    { currency: "EUR", from: "2026-01-01", to: "2026-03-31", transactions },
    { currency: "EUR", transactions },
    { currency: "EUR", to: "2024-02-29", transactions: [], conversion: rates },
  ],
  calculate_budget_summary: [
    {
      currency: "EUR",
      year: 2026,
      month: 3,
      budgets: [{ category: "groceries", amount: "400.00" }, { category: "rent", amount: 900 }],
      transactions,
    },
    {
      currency: "EUR",
      year: 2026,
      month: 2,
      budgets: [{ category: "groceries", amount: "400.00" }],
      rollover: "full",
      history: [{ year: 2026, month: 1, budgets: [{ category: "groceries", amount: "350" }] }],
      transactions,
      conversion: rates,
    },
  ],
  calculate_goal_progress: [
    {
      as_of: "2026-06-30",
      goals: [
        {
          id: "emergency-fund",
          name: "Emergency fund",
          currency: "EUR",
          target_amount: "6000.00",
          target_date: "2026-12-31",
          contributions: [{ date: "2026-01-15", amount: "150.00" }, { amount: 200, date: "2026-02-15" }],
        },
        { name: "Bike", currency: "usd", target_amount: 800, target_date: null, contributions: [] },
      ],
    },
    { as_of: "2024-02-29", goals: [] },
  ],
  calculate_trends: [
    { currency: "EUR", year: 2026, month: 3, transactions },
    { currency: "EUR", year: 2026, month: 3, months: 12, transactions: [] },
  ],
  calculate_net_worth: [
    {
      currency: "EUR",
      from: "2026-01-01",
      to: "2026-03-31",
      statements: [
        {
          account_name: "Checking",
          statement_start: "2026-01-01",
          statement_end: "2026-03-31",
          opening_balance: "1000.00",
          closing_balance: 1200,
          transactions: transactions.slice(0, 3),
        },
        { account_name: "Visa", currency: "EUR", opening_balance: null, transactions: [] },
      ],
    },
    { currency: "EUR", from: "2026-01-01", to: "2026-01-01", statements: [], conversion: rates },
  ],
  calculate_recurring: [
    { currency: "EUR", as_of: "2026-03-31", transactions },
    { currency: "EUR", as_of: "2026-03-31", transactions: [] },
  ],
  calculate_forecast: [
    { currency: "EUR", as_of: "2026-03-31", starting_balance: "1500.00", transactions },
    { currency: "EUR", as_of: "2026-03-31", starting_balance: -20, horizon_days: 366, transactions: [] },
  ],
  calculate_categorization_suggestions: [
    { transactions: transactions.map((t, i) => (i % 2 ? { ...t, account: "Checking" } : t)) },
    { from: "2026-01-01", to: "2026-12-31", transactions: [] },
  ],
  categorize_transactions: [
    {
      rules: [{
        id: "r1",
        conditions: [{ field: "description", op: "contains", value: "lidl" }],
        set: { category: "g" },
      }],
      transactions,
    },
  ],
};

const SMALL: Limits = {
  ...DEFAULT_LIMITS,
  transactions: 3,
  budgets: 2,
  goals: 2,
  contributionsPerGoal: 2,
  statements: 2,
  text: 4,
};
const TEXT_FIELDS = new Set(["id", "name", "category", "description", "counterparty", "account_name", "account"]);

/** A body cut to the small limits: arrays to 2 items, text fields to 4 characters (code points). */
function shrink(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map((item) => shrink(item));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shrink(v, k)]));
  }
  return typeof value === "string" && TEXT_FIELDS.has(key) ? [...value].slice(0, 4).join("") : value;
}

/** The corpus plus each input schema's documented examples (`doc(...)`, the OpenAPI examples). */
const documented: Record<string, Body[]> = Object.fromEntries(
  Object.entries(CORPUS).map(([name, bodies]) => {
    const input = createOperations().byName[name as keyof ReturnType<typeof createOperations>["byName"]].input;
    return [name, [...bodies, ...((input.meta()?.examples ?? []) as Body[])]];
  }),
);

const builds = [DEFAULT_LIMITS, SMALL].map((limits) => ({
  limits,
  ops: createOperations(limits).byName,
  corpus: limits === SMALL
    ? Object.fromEntries(
      Object.entries(documented).map(([name, bodies]) => [name, bodies.map((b) => shrink(b) as Body)]),
    )
    : documented,
}));

const interesting = fc.oneof(
  fc.constantFrom<unknown>(
    undefined,
    null,
    true,
    false,
    0,
    -0,
    1,
    -1,
    1.5,
    9999,
    10000,
    12,
    13,
    24,
    25,
    31,
    32,
    366,
    367,
    2 ** 53,
    -(2 ** 53),
    1e308,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    "",
    "a",
    "abcd",
    "abcde",
    "😀😀😀😀",
    "😀😀😀😀😀",
    "\ud83d\ud83d\ud83d\ud83d\ud83d",
    "2026-02-30",
    "2024-02-29",
    "2025-02-29",
    "0000-01-01",
    "２０２６-01-01",
    "2026-01-01\n",
    "EUR",
    "eur",
    "EURO",
    "income",
    "transfer",
    "full",
    "-12.30",
    "1e3",
    [],
    {},
    [{}],
    { date: "2026-01-01", amount: "1" },
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "binary", maxLength: 6 }),
);

type Mutation = readonly [number, number, unknown, string];
const KEYS = ["extra", "ammount", "currency", "year", "id", "category", "amount", "date", "rates", "__proto__"];
const mutation: fc.Arbitrary<Mutation> = fc.tuple(fc.nat(), fc.nat(5), interesting, fc.constantFrom(...KEYS));

/**
 * The containers of a value (objects and arrays), the value itself first; of an array's items only the first two, so
 * that the long transaction lists do not drown the other fields.
 */
function containers(value: unknown, out: (Body | unknown[])[] = []): (Body | unknown[])[] {
  if (value !== null && typeof value === "object") {
    out.push(value as Body | unknown[]);
    const children = Array.isArray(value) ? value.slice(0, 2) : Object.values(value);
    for (const child of children) containers(child, out);
  }
  return out;
}

/** Applies the mutations to a deep copy of `body`: drop, add, replace, duplicate items, empty arrays. */
function mutate(body: Body, mutations: readonly Mutation[]): unknown {
  const copy = structuredClone(body);
  for (const [at, kind, shared, key] of mutations) {
    const value = structuredClone(shared); // fast-check hands out the same constant objects run after run
    const all = containers(copy);
    const target = all[at % all.length]!;
    if (Array.isArray(target)) {
      if (kind === 0 && target.length > 0) target.splice(at % target.length, 1);
      else if (kind === 1) target.push(value);
      else if (kind === 2 && target.length > 0) target[at % target.length] = value;
      else if (kind === 3 && target.length > 0) target.push(...target, ...target); // past small limits
      else if (kind === 4) target.length = 0;
      else target.push(structuredClone(target[0]));
    } else {
      const keys = Object.keys(target);
      const existing = keys.length > 0 ? keys[at % keys.length]! : key;
      if (kind === 0) delete target[existing];
      else if (kind === 1) {
        Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
      } else target[existing] = value;
    }
  }
  return copy;
}

function expectSound(name: string, input: unknown, limits: Limits, ops: (typeof builds)[number]["ops"]) {
  const accepted = acceptInput(INPUT_SHAPES[name]!, input, limits);
  if (accepted === undefined) return false;
  const op = ops[name as keyof typeof ops];
  const result = op.input.safeParse(input);
  expect(result.success, `${name}: accepted ${JSON.stringify(input)} which zod refuses`).toBe(true);
  expect(JSON.stringify(accepted)).toBe(JSON.stringify(result.data));
  expect(accepted).toStrictEqual(result.data);
  return true;
}

describe("acceptInput is sound against zod", () => {
  it("has a shape for every calculation operation with a corpus", () => {
    const calculations = createOperations().list.filter((op) => op.kind === "calculation").map((op) => op.name);
    expect(Object.keys(CORPUS).sort()).toEqual([...calculations].sort());
    expect(Object.keys(INPUT_SHAPES).sort()).toEqual([...calculations].sort());
  });

  const covered = [
    "calculate_cashflow",
    "calculate_spending_by_category",
    "calculate_budget_summary",
    "calculate_goal_progress",
    "calculate_trends",
    "calculate_net_worth",
    "calculate_recurring",
    "calculate_forecast",
    "calculate_categorization_suggestions",
  ];
  for (const { limits, ops, corpus } of builds) {
    const label = limits === DEFAULT_LIMITS ? "default limits" : "small limits";
    it(`accepts the valid bodies of the calculations it covers, with zod's output (${label})`, () => {
      for (const name of covered) {
        for (const body of corpus[name]!) {
          expect(ops[name as keyof typeof ops].input.safeParse(body).success, `${name} corpus is valid`).toBe(true);
          expect(expectSound(name, body, limits, ops), `${name} accepts ${JSON.stringify(body)}`).toBe(true);
        }
      }
      // Categorization rules carry refinements this acceptor cannot read: it leaves them to zod.
      expect(acceptInput(INPUT_SHAPES.categorize_transactions!, corpus.categorize_transactions![0], limits))
        .toBeUndefined();
    });

    it(`never accepts what zod refuses, nor answers another output, on mutated bodies (${label})`, () => {
      let accepted = 0;
      let runs = 0;
      for (const [name, bodies] of Object.entries(corpus)) {
        fc.assert(
          fc.property(fc.constantFrom(...bodies), fc.array(mutation, { minLength: 1, maxLength: 3 }), (body, ms) => {
            runs++;
            if (expectSound(name, mutate(body, ms), limits, ops)) accepted++;
          }),
          { numRuns: 1000 },
        );
      }
      // Some mutations keep a body valid (a dropped optional field, a valid replacement): those are accepted too.
      expect(accepted).toBeGreaterThan(runs / 50);
    });
  }

  it("applies the limits passed: the small limits refuse what the defaults accept", () => {
    const body = CORPUS.calculate_cashflow![0]!; // 6 transactions, text up to 11 characters
    expect(acceptInput(INPUT_SHAPES.calculate_cashflow!, body, DEFAULT_LIMITS)).toBeDefined();
    expect(acceptInput(INPUT_SHAPES.calculate_cashflow!, body, SMALL)).toBeUndefined();
    const few = { ...body, transactions: transactions.slice(0, 3) }; // still "Supermarket": 11 characters
    expect(acceptInput(INPUT_SHAPES.calculate_cashflow!, few, SMALL)).toBeUndefined();
    const short = { currency: "EUR", transactions: [tx("2026-01-01", "1", { category: "abcd", id: "😀😀😀😀" })] };
    expect(acceptInput(INPUT_SHAPES.calculate_cashflow!, short, SMALL)).toEqual(short);
    const long = { currency: "EUR", transactions: [tx("2026-01-01", "1", { category: "abcde" })] };
    expect(acceptInput(INPUT_SHAPES.calculate_cashflow!, long, SMALL)).toBeUndefined();
    expect(acceptInput(INPUT_SHAPES.calculate_cashflow!, long, { ...SMALL, text: 5 })).toEqual(long);
    const goals = CORPUS.calculate_goal_progress![0]!;
    expect(acceptInput(INPUT_SHAPES.calculate_goal_progress!, goals, SMALL)).toBeUndefined(); // names > 4 chars
    expect(acceptInput(INPUT_SHAPES.calculate_goal_progress!, goals, { ...SMALL, text: 20 })).toBeDefined();
    expect(acceptInput(INPUT_SHAPES.calculate_goal_progress!, goals, { ...SMALL, text: 20, goals: 1 }))
      .toBeUndefined();
  });
});
