import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../contracts/limits.ts";
import { transactionsField } from "../contracts/transaction.ts";
import { InexactJsonError, ValidationError } from "../problem/validation-error.ts";
import { validateBody } from "../problem/validate-body.ts";
import { countKeys, recordKeyCount } from "./counted-keys.ts";
import { parseJsonBody, readExactJson } from "./parse-json-body.ts";

const limits = { ...DEFAULT_LIMITS, transactions: 20 };

/** What the two-step read (validation first, then the exactness problems) answers: the value or the error items. */
function twoStep(text: string) {
  const read = readExactJson(text);
  try {
    return { ok: validateBody(transactionsField(limits), read.value, () => read.problems()) };
  } catch (error) {
    if (error instanceof ValidationError) return { errors: error.errors.map((e) => [e.pointer, e.code]) };
    throw error;
  }
}

describe("keys counted by the fast array validator", () => {
  it("countKeys takes a recorded array's count instead of walking it", () => {
    const items = [{ a: 1, b: 2 }, { c: 3 }];
    expect(countKeys({ items })).toBe(4); // "items", a, b, c
    recordKeyCount(items, 10);
    expect(countKeys({ items })).toBe(11);
    expect(countKeys({ other: [{ a: 1, b: 2 }, { c: 3 }] })).toBe(4); // an equal array is not the recorded one
  });

  it("the validator records exactly the keys the walk would count, and only when every item took the fast path", () => {
    const valid = JSON.parse(
      '[{"date":"2026-01-01","amount":"-1.00","kind":"expense"},{"date":"2026-01-02","amount":"2","category":null}]',
    );
    transactionsField(limits).parse(valid);
    expect(countKeys({ t: valid })).toBe(1 + 6);
    // The second item is invalid (a nested object): nothing is recorded, so the walk counts the nested key too.
    const invalid = JSON.parse('[{"date":"2026-01-01","amount":"1"},{"date":"2026-01-01","amount":{"x":1}}]');
    expect(transactionsField(limits).safeParse(invalid).success).toBe(false);
    expect(countKeys({ t: invalid })).toBe(1 + 5);
  });

  it("a duplicate key inside a valid transaction is still reported after the validator counted the items", () => {
    const text = '[{"date":"2026-01-01","amount":"1.00"},{"date":"2026-01-02","amount":"2.00","amount":"3.00"}]';
    expect(twoStep(text)).toEqual({ errors: [["/1/amount", "duplicate_key"]] });
    expect(() => parseJsonBody(text)).toThrow(InexactJsonError);
  });

  it("answers what parseJsonBody and then the schema answer, on random arrays with duplicated keys", () => {
    const field = fc.constantFrom(
      '"date":"2026-01-01"',
      '"date":"2026-02-30"',
      '"amount":"-1.50"',
      '"amount":2',
      '"amount":1e2',
      '"kind":"income"',
      '"category":null',
      '"category":{"x":1}',
      '"description":"a \\"b\\": c"',
      '"extra":true',
    );
    const itemText = fc.array(field, { minLength: 0, maxLength: 5 }).map((fields) => `{${fields.join(",")}}`);
    fc.assert(
      fc.property(fc.array(itemText, { maxLength: 6 }), (items) => {
        const text = `[${items.join(",")}]`;
        let reference: unknown;
        try {
          const value = parseJsonBody(text);
          reference = twoStepOf(() => validateBody(transactionsField(limits), value, undefined));
        } catch (error) {
          if (!(error instanceof InexactJsonError)) throw error;
          reference = twoStepOf(() => validateBody(transactionsField(limits), error.value, error));
        }
        expect(twoStep(text)).toEqual(reference);
      }),
      { numRuns: 400 },
    );
  });
});

function twoStepOf(fn: () => unknown) {
  try {
    return { ok: fn() };
  } catch (error) {
    if (error instanceof ValidationError) return { errors: error.errors.map((e) => [e.pointer, e.code]) };
    throw error;
  }
}
