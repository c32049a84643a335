import { importGraph } from "../testing/import-graph.ts";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { countKeys } from "../json/counted-keys.ts";
import { acceptInput } from "./accept-input.ts";
import { retainedItems } from "./flat-items.ts";
import type { InputShape } from "./input-shape.ts";
import { DEFAULT_LIMITS, type Limits } from "./limits.ts";

const L: Limits = { ...DEFAULT_LIMITS, text: 4, transactions: 3 };
const accept = (shape: InputShape, value: unknown, limits: Limits = L) => acceptInput(shape, value, limits);
const string = (...checks: Extract<InputShape, { type: "string" }>["checks"]): InputShape => ({
  type: "string",
  checks,
});

describe("acceptInput, node by node (hand-worked)", () => {
  it("string: type, lengths in code points, regex, character limit, real date", () => {
    expect(accept(string(), "")).toBe("");
    expect(accept(string(), 1)).toBeUndefined();
    expect(accept(string(), null)).toBeUndefined();
    const two = string({ kind: "min_length", value: 2 });
    expect(accept(two, "ab")).toBe("ab");
    expect(accept(two, "a")).toBeUndefined();
    expect(accept(two, "😀")).toBeUndefined(); // one code point, two UTF-16 units
    expect(accept(two, "😀a")).toBe("😀a");
    const max = string({ kind: "max_length", value: { limit: "text" } }); // 4 here
    expect(accept(max, "abcd")).toBe("abcd");
    expect(accept(max, "abcde")).toBeUndefined();
    expect(accept(max, "😀😀😀😀")).toBe("😀😀😀😀"); // 8 units, 4 code points
    expect(accept(max, "😀😀😀😀😀")).toBeUndefined();
    expect(accept(max, "\ud83d\ud83d\ud83d\ud83d\ud83d")).toBeUndefined(); // five lone surrogates count five
    const chars = string({ kind: "max_characters", value: 2 });
    expect(accept(chars, "a😀")).toBe("a😀");
    expect(accept(chars, "a😀b")).toBeUndefined();
    const exactly = string({ kind: "length", value: 2 });
    expect(accept(exactly, "ab")).toBe("ab");
    expect(accept(exactly, "😀😀")).toBe("😀😀");
    expect(accept(exactly, "abc")).toBeUndefined();
    const currency = string({ kind: "regex", pattern: { source: "^[A-Za-z]{3}$", flags: "" } });
    expect(accept(currency, "eur")).toBe("eur");
    expect(accept(currency, "EURO")).toBeUndefined();
    // A global regex is reset before each test, as zod does: the same string passes twice.
    const global = string({ kind: "regex", pattern: { source: "a", flags: "g" } });
    expect(accept(global, "a")).toBe("a");
    expect(accept(global, "a")).toBe("a");
    const date = string({ kind: "regex", pattern: { source: "^\\d{4}-\\d{2}-\\d{2}$", flags: "" } }, {
      kind: "real_date",
    });
    expect(accept(date, "2024-02-29")).toBe("2024-02-29");
    expect(accept(date, "2025-02-29")).toBeUndefined();
    expect(accept(date, "0000-01-01")).toBeUndefined();
  });

  it("number: finite, safe integers, inclusive and exclusive bounds", () => {
    const number: InputShape = { type: "number", integer: false, checks: [] };
    expect(accept(number, 1.5)).toBe(1.5);
    expect(accept(number, "1")).toBeUndefined();
    expect(accept(number, Number.NaN)).toBeUndefined();
    expect(accept(number, Number.POSITIVE_INFINITY)).toBeUndefined();
    const int: InputShape = {
      type: "number",
      integer: true,
      checks: [{ kind: "gte", value: 1 }, { kind: "lt", value: 10 }],
    };
    expect(accept(int, 1)).toBe(1);
    expect(accept(int, 9)).toBe(9);
    expect(accept(int, 0)).toBeUndefined();
    expect(accept(int, 10)).toBeUndefined();
    expect(accept(int, 1.5)).toBeUndefined();
    const big: InputShape = { type: "number", integer: true, checks: [] };
    expect(accept(big, 2 ** 53 - 1)).toBe(2 ** 53 - 1);
    expect(accept(big, 2 ** 53)).toBeUndefined(); // an integer, but not a safe one
    const exclusive: InputShape = {
      type: "number",
      integer: false,
      checks: [{ kind: "gt", value: 0 }, {
        kind: "lte",
        value: { limit: "text" },
      }],
    };
    expect(accept(exclusive, 0)).toBeUndefined();
    expect(accept(exclusive, 0.5)).toBe(0.5);
    expect(accept(exclusive, 4)).toBe(4);
    expect(accept(exclusive, 4.5)).toBeUndefined();
  });

  it("boolean, enum, union (the first option that accepts)", () => {
    expect(accept({ type: "boolean" }, false)).toBe(false);
    expect(accept({ type: "boolean" }, 0)).toBeUndefined();
    const kind: InputShape = { type: "enum", values: ["income", "expense"] };
    expect(accept(kind, "income")).toBe("income");
    expect(accept(kind, "Income")).toBeUndefined();
    const money: InputShape = { type: "union", options: [string(), { type: "number", integer: false, checks: [] }] };
    expect(accept(money, "-12.30")).toBe("-12.30");
    expect(accept(money, 42)).toBe(42);
    expect(accept(money, null)).toBeUndefined();
    expect(accept(money, [])).toBeUndefined();
  });

  it("optional and nullable", () => {
    const optional: InputShape = { type: "optional", inner: string() };
    expect(accept(optional, undefined)).toBeUndefined();
    expect(accept(optional, "a")).toBe("a");
    const nullable: InputShape = { type: "nullable", inner: string() };
    expect(accept(nullable, null)).toBeNull();
    expect(accept(nullable, undefined)).toBeUndefined();
    expect(accept({ type: "optional", inner: string() }, null)).toBeUndefined();
  });

  it("objects: a new object in shape order, absent optional keys left out, unknown keys refused or stripped", () => {
    const shape: InputShape = {
      type: "object",
      unknownKeys: "reject",
      fields: {
        a: string(),
        b: { type: "optional", inner: string() },
        c: { type: "nullable", inner: { type: "optional", inner: string() } },
        d: { type: "nullable", inner: string() },
      },
    };
    const input = { d: null, a: "x" };
    const output = accept(shape, input);
    expect(JSON.stringify(output)).toBe('{"a":"x","d":null}');
    expect(output).not.toBe(input);
    expect(accept(shape, { a: "x" })).toBeUndefined(); // d is nullable, not optional
    expect(accept(shape, { a: "x", d: null, e: 1 })).toBeUndefined();
    expect(accept(shape, JSON.parse('{"a":"x","d":null,"__proto__":1}'))).toBeUndefined();
    expect(accept(shape, [])).toBeUndefined();
    expect(accept(shape, null)).toBeUndefined();
    // A present key whose value is undefined stays in the output (as zod sets it).
    expect(Object.keys(accept(shape, { a: "x", b: undefined, d: "y" }) as object)).toEqual(["a", "b", "d"]);
    const loose: InputShape = { ...shape, unknownKeys: "strip" };
    expect(JSON.stringify(accept(loose, { e: 1, d: "y", a: "x" }))).toBe('{"a":"x","d":"y"}');
  });

  it("arrays: length checks, a new array of the elements' outputs", () => {
    const shape: InputShape = {
      type: "array",
      element: { type: "object", unknownKeys: "reject", fields: { b: string(), a: string() } },
      checks: [{ kind: "min_length", value: 1 }, { kind: "max_length", value: { limit: "transactions" } }],
    };
    const input = [{ a: "1", b: "2" }];
    const output = accept(shape, input) as unknown[];
    expect(JSON.stringify(output)).toBe('[{"b":"2","a":"1"}]');
    expect(output).not.toBe(input);
    expect(accept(shape, [])).toBeUndefined();
    expect(accept(shape, [{ a: "", b: "" }, { a: "", b: "" }, { a: "", b: "" }])).toHaveLength(3);
    expect(accept(shape, [{ a: "", b: "" }, { a: "", b: "" }, { a: "", b: "" }, { a: "", b: "" }])).toBeUndefined();
    expect(accept(shape, [{ a: "" }])).toBeUndefined();
  });

  it("fast arrays: the loop's rules, the input array itself, its key count recorded and first items kept", () => {
    const shape: InputShape = {
      type: "fast_array",
      maxItems: { limit: "transactions" },
      fields: {
        date: { type: "string", pattern: { source: "^\\d{4}-\\d{2}-\\d{2}$", flags: "" } },
        amount: { type: "money" },
        note: { type: "string", optional: true, nullable: true, min: 1, max: { limit: "text" } },
        kind: { type: "enum", optional: true, values: ["income"] },
      },
    };
    const input = [{ amount: 1, date: "2026-02-30" }, { date: "2026-01-01", amount: "-1", note: null, kind: "income" }];
    expect(accept(shape, input)).toBe(input);
    expect(countKeys(input)).toBe(6);
    expect(retainedItems()).toEqual(input);
    expect(accept(shape, [...input, ...input])).toBeUndefined(); // 4 items, at most 3 here
    expect(accept(shape, [{ date: "2026-01-01" }])).toBeUndefined();
    expect(accept(shape, [{ date: "2026-01-01", amount: "1", note: "" }])).toBeUndefined();
    expect(accept(shape, [{ date: "2026-01-01", amount: "1", note: "abcde" }])).toBeUndefined();
    expect(accept(shape, [{ date: "2026-01-01", amount: "1", note: "abcde" }], { ...L, text: 5 })).toHaveLength(1);
    expect(accept(shape, [{ date: "2026-01-01", amount: "1", other: 1 }])).toBeUndefined();
    expect(accept(shape, [{ date: "2026-01-01", amount: null }])).toBeUndefined();
    expect(accept(shape, [null])).toBeUndefined();
    expect(accept(shape, {})).toBeUndefined();
  });

  it("unsupported nodes refuse a present value; an absent optional one is left out", () => {
    const shape: InputShape = {
      type: "object",
      unknownKeys: "reject",
      fields: { a: { type: "optional", inner: { type: "unsupported", reason: "a refinement" } } },
    };
    expect(accept(shape, {})).toEqual({});
    expect(accept(shape, { a: 1 })).toBeUndefined();
    expect(accept({ type: "unsupported", reason: "x" }, "a")).toBeUndefined();
  });

  it("bounds follow the limits passed, call by call", () => {
    const max = string({ kind: "max_length", value: { limit: "text" } });
    expect(accept(max, "abcde", { ...L, text: 4 })).toBeUndefined();
    expect(accept(max, "abcde", { ...L, text: 5 })).toBe("abcde");
    expect(accept(max, "abcde", { ...L, text: 4 })).toBeUndefined();
  });
});

/** The modules `file` imports values from, transitively (testing/import-graph.ts). */
function valueGraph(file: string): string[] {
  const root = fileURLToPath(new URL("../../../../", import.meta.url));
  return importGraph(fileURLToPath(new URL(file, import.meta.url)), { cwd: root });
}

/** zod resolves into node_modules (or npm:): anything but the project's own modules. */
const outside = (graph: string[]) => graph.filter((s) => !s.startsWith("file://") || s.includes("/node_modules/"));

describe("accept-input.ts imports no zod", () => {
  it("reaches only the project's own modules through value imports (deno info)", () => {
    const graph = valueGraph("./accept-input.ts");
    expect(outside(graph)).toEqual([]);
    expect(graph.some((s) => s.endsWith("/flat-items.ts"))).toBe(true); // the walk did follow the imports
    // The same walk does see zod where it is imported: primitives.ts builds schemas.
    expect(outside(valueGraph("./primitives.ts")).some((s) => s.includes("zod"))).toBe(true);
  }, 60_000);
});
