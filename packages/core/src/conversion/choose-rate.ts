/**
 * Rate choice (API.md §11.2), to convert from currency C into the report currency R on date d with at most A days
 * of rate age: the direct pair (C, R): × rate; else the inverse pair (R, C): ÷ rate; else a cross through a base B
 * with usable (B, C) and (B, R): × rate(B, R) ÷ rate(B, C), trying B in code-point order. The first whose rates are
 * all usable wins. Undefined when none is: the amount is not converted (never 1:1).
 */
import type { Factor } from "./convert-minor.ts";
import type { FoundRate, RateIndex } from "./rate-index.ts";

export type Route = "direct" | "inverse" | "cross";

export interface RateChoice {
  readonly route: Route;
  /** Units of R per unit of C, exactly. */
  readonly factor: Factor;
  /** The rates used: one for direct and inverse, two for a cross ((B, C) then (B, R)). */
  readonly used: readonly FoundRate[];
  /** The cross base; undefined otherwise. */
  readonly via?: string;
}

/** Powers of ten as bigints, computed once (rate scales and currency scales are small). */
const POW10: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

/** 10^n as a bigint (n ≥ 0). */
export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

export function chooseRate(
  index: RateIndex,
  from: string,
  to: string,
  date: string,
  maxAgeDays: number,
): RateChoice | undefined {
  const direct = index.find(from, to, date, maxAgeDays);
  if (direct !== undefined) {
    return {
      route: "direct",
      factor: { numerator: direct.rate.numerator, denominator: pow10(direct.rate.scale) },
      used: [direct],
    };
  }
  const inverse = index.find(to, from, date, maxAgeDays);
  if (inverse !== undefined) {
    return {
      route: "inverse",
      factor: { numerator: pow10(inverse.rate.scale), denominator: inverse.rate.numerator },
      used: [inverse],
    };
  }
  for (const base of index.basesOf(from)) {
    if (base === to) continue; // (R, C) is the inverse pair, already tried
    const toFrom = index.find(base, from, date, maxAgeDays);
    if (toFrom === undefined) continue;
    const toReport = index.find(base, to, date, maxAgeDays);
    if (toReport === undefined) continue;
    // rate(B, R) / rate(B, C) = (nR / 10^sR) / (nC / 10^sC) = nR · 10^sC / (nC · 10^sR)
    return {
      route: "cross",
      factor: {
        numerator: toReport.rate.numerator * pow10(toFrom.rate.scale),
        denominator: toFrom.rate.numerator * pow10(toReport.rate.scale),
      },
      used: [toFrom, toReport],
      via: base,
    };
  }
  return undefined;
}
