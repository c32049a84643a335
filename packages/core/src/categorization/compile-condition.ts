/**
 * One validated condition as a predicate over a TransactionView (API.md §10.1). Values are folded, patterns
 * compiled and amounts turned into exact minor-unit ranges once, when the rules are compiled.
 */
import { compilePatternCached } from "./pattern-cache.ts";
import {
  type AmountOp,
  type Decimal,
  type MinorRange,
  minorRange,
  numberRange,
  parseDecimal,
} from "./decimal-range.ts";
import { foldText } from "./fold.ts";
import type { PatternGroup } from "./pattern-group.ts";
import type { Condition } from "./rule-schema.ts";
import { ACCOUNT, COUNTERPARTY, DESCRIPTION, type FieldIndex, TEXT, type TransactionView } from "./transaction-view.ts";

export interface CompiledCondition {
  readonly test: (view: TransactionView) => boolean;
  /** Relative cost: a rule tests its cheap conditions first (the result does not depend on the order). */
  readonly cost: number;
}

const FIELD_INDEX: Readonly<Record<string, FieldIndex>> = {
  description: DESCRIPTION,
  counterparty: COUNTERPARTY,
  text: TEXT,
  account: ACCOUNT,
};

function decimal(value: unknown): Decimal {
  const d = parseDecimal(value);
  if (typeof d === "string") throw new TypeError(`compileCondition: amount ${String(value)} was not validated`);
  return d;
}

function amountCondition(op: AmountOp, value: Condition["value"]): CompiledCondition {
  const parsed: Decimal | readonly [Decimal, Decimal] = op === "between"
    ? [decimal((value as unknown[])[0]), decimal((value as unknown[])[1])]
    : decimal(value);
  const exact: (MinorRange | undefined)[] = [];
  const lo: number[] = [];
  const hi: number[] = [];
  const rangeAt = (scale: number): MinorRange => {
    let r = exact[scale];
    if (r === undefined) {
      r = minorRange(op, parsed, scale);
      exact[scale] = r;
      const n = numberRange(r);
      lo[scale] = n.lo;
      hi[scale] = n.hi;
    }
    return r;
  };
  return {
    cost: 1,
    test(view) {
      const s = view.scale;
      if (exact[s] === undefined) rangeAt(s);
      const a = view.amount;
      if (a !== null) return a >= lo[s]! && a <= hi[s]!;
      const r = exact[s]!;
      const b = view.bigAmount;
      return (r.lo === null || b >= r.lo) && (r.hi === null || b <= r.hi);
    },
  };
}

/** Compiles a validated condition; `groups` collects the `matches` patterns per field. */
export function compileCondition(c: Condition, groups: readonly PatternGroup[]): CompiledCondition {
  if (c.field === "amount") return amountCondition(c.op as AmountOp, c.value);
  const f = FIELD_INDEX[c.field]!;
  switch (c.op) {
    case "equals": {
      const v = foldText(c.value as string);
      return { cost: 2, test: (view) => view.folded(f) === v };
    }
    case "contains": {
      const v = foldText(c.value as string);
      return { cost: 3, test: (view) => view.folded(f).includes(v) };
    }
    case "starts_with": {
      const v = foldText(c.value as string);
      return { cost: 2, test: (view) => view.folded(f).startsWith(v) };
    }
    case "ends_with": {
      const v = foldText(c.value as string);
      return { cost: 2, test: (view) => view.folded(f).endsWith(v) };
    }
    case "one_of": {
      const values = new Set((c.value as string[]).map(foldText));
      return {
        cost: 2,
        test: (view) => {
          const folded = view.folded(f);
          return folded !== "" && values.has(folded);
        },
      };
    }
    case "key_equals": {
      const v = c.value as string;
      return { cost: 4, test: (view) => view.folded(f) !== "" && view.key(f) === v };
    }
    case "matches": {
      const compiled = compilePatternCached(c.value as string);
      if (!compiled.ok) throw new TypeError(`compileCondition: pattern was not validated: ${compiled.message}`);
      const slot = groups[f]!.add(c.value as string, compiled.regex);
      return { cost: 10, test: (view) => view.folded(f) !== "" && view.hits(f)[slot] === 1 };
    }
    default:
      throw new TypeError(`compileCondition: operator ${c.op} on ${c.field} was not validated`);
  }
}
