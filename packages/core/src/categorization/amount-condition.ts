/**
 * An amount condition (API.md §10.1) as a test on minor units: per amount scale, an exact inclusive range, with
 * number bounds for safe-integer amounts and bigint bounds for the rest. Built per scale on first use.
 */
import {
  type AmountOp,
  type Decimal,
  type MinorRange,
  minorRange,
  numberRange,
  parseDecimal,
} from "./decimal-range.ts";

function decimal(value: unknown): Decimal {
  const d = parseDecimal(value);
  if (typeof d === "string") throw new TypeError(`amount condition: ${String(value)} was not validated`);
  return d;
}

export class AmountCondition {
  readonly #value: Decimal | readonly [Decimal, Decimal];
  readonly #exact: (MinorRange | undefined)[] = [];
  readonly #lo: number[] = [];
  readonly #hi: number[] = [];

  constructor(readonly op: AmountOp, value: unknown, readonly slot: number) {
    this.#value = op === "between"
      ? [decimal((value as unknown[])[0]), decimal((value as unknown[])[1])]
      : decimal(value);
  }

  #at(scale: number): MinorRange {
    let r = this.#exact[scale];
    if (r === undefined) {
      r = minorRange(this.op, this.#value, scale);
      const n = numberRange(r);
      this.#exact[scale] = r;
      this.#lo[scale] = n.lo;
      this.#hi[scale] = n.hi;
    }
    return r;
  }

  /** The bounds a safe-integer amount of `scale` decimals must lie within (inclusive). */
  numberBounds(scale: number): [number, number] {
    this.#at(scale);
    return [this.#lo[scale]!, this.#hi[scale]!];
  }

  /** Whether `amount` (minor units of `scale` decimals) satisfies the condition. */
  test(amount: number | bigint, scale: number): boolean {
    const r = this.#at(scale);
    if (typeof amount === "number") return amount >= this.#lo[scale]! && amount <= this.#hi[scale]!;
    return (r.lo === null || amount >= r.lo) && (r.hi === null || amount <= r.hi);
  }
}

/**
 * All amount conditions of a rule list, tested together: per amount scale, the conditions' number bounds side by
 * side in two arrays (built on first use of the scale), so a safe-integer amount is tested with two comparisons per
 * condition and no call. Other amounts (bigint beyond the safe range) are tested condition by condition.
 */
export class AmountIndex {
  readonly #conditions: readonly AmountCondition[];
  readonly #slots: Int32Array;
  /** Per scale: the conditions' lower and upper bounds (inclusive, ±Infinity for none). */
  readonly #lo: (Float64Array | undefined)[] = [];
  readonly #hi: (Float64Array | undefined)[] = [];

  constructor(conditions: readonly AmountCondition[]) {
    this.#conditions = conditions;
    this.#slots = Int32Array.from(conditions, (c) => c.slot);
  }

  get size(): number {
    return this.#conditions.length;
  }

  /** Appends to `out` from `count` the slots of the conditions `amount` (minor units of `scale`) meets. */
  collect(amount: number | bigint, scale: number, out: Int32Array, count: number): number {
    const conditions = this.#conditions;
    if (typeof amount !== "number") {
      for (let k = 0; k < conditions.length; k++) {
        if (conditions[k]!.test(amount, scale)) out[count++] = this.#slots[k]!;
      }
      return count;
    }
    let lo = this.#lo[scale];
    let hi = this.#hi[scale];
    if (lo === undefined || hi === undefined) {
      lo = new Float64Array(conditions.length);
      hi = new Float64Array(conditions.length);
      for (let k = 0; k < conditions.length; k++) [lo[k], hi[k]] = conditions[k]!.numberBounds(scale);
      this.#lo[scale] = lo;
      this.#hi[scale] = hi;
    }
    const slots = this.#slots;
    for (let k = 0; k < lo.length; k++) if (amount >= lo[k]! && amount <= hi[k]!) out[count++] = slots[k]!;
    return count;
  }
}
