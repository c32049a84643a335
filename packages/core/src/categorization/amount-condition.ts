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

  /** Whether `amount` (minor units of `scale` decimals) satisfies the condition. */
  test(amount: number | bigint, scale: number): boolean {
    const r = this.#at(scale);
    if (typeof amount === "number") return amount >= this.#lo[scale]! && amount <= this.#hi[scale]!;
    return (r.lo === null || amount >= r.lo) && (r.hi === null || amount <= r.hi);
  }
}
