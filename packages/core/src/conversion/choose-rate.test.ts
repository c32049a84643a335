import { describe, expect, it } from "vitest";
import { chooseRate } from "./choose-rate.ts";
import { parseRate } from "./parse-rate.ts";
import type { Rate } from "./rate.ts";
import { buildRateIndex } from "./rate-index.ts";

const r = (date: string, base: string, quote: string, rate: string) => ({
  date,
  base,
  quote,
  rate: parseRate(rate) as Rate,
});

describe("rate index: latest date on or before d, at most A days old", () => {
  const index = buildRateIndex([
    r("2026-01-09", "EUR", "USD", "1.30"),
    r("2026-01-02", "EUR", "USD", "1.25"), // Friday
    r("2025-12-31", "EUR", "USD", "1.20"),
  ]);

  it("a Saturday and a Sunday use Friday's rate", () => {
    expect(index.find("EUR", "USD", "2026-01-03", 7)).toMatchObject({ date: "2026-01-02", ageDays: 1 });
    expect(index.find("EUR", "USD", "2026-01-04", 7)).toMatchObject({ date: "2026-01-02", ageDays: 2 });
  });

  it("the rate of the day itself, then the latest before", () => {
    expect(index.find("EUR", "USD", "2026-01-09", 7)).toMatchObject({ date: "2026-01-09", ageDays: 0 });
    expect(index.find("EUR", "USD", "2026-01-01", 7)).toMatchObject({ date: "2025-12-31", ageDays: 1 });
    expect(index.find("EUR", "USD", "2025-12-30", 7)).toBeUndefined(); // nothing on or before
  });

  it("age exactly the limit is usable, one day past is not", () => {
    expect(index.find("EUR", "USD", "2026-01-16", 7)).toMatchObject({ date: "2026-01-09", ageDays: 7 });
    expect(index.find("EUR", "USD", "2026-01-17", 7)).toBeUndefined();
    expect(index.find("EUR", "USD", "2026-01-03", 0)).toBeUndefined();
    expect(index.find("EUR", "USD", "2026-01-02", 0)).toMatchObject({ ageDays: 0 });
  });

  it("a pair is directional", () => {
    expect(index.find("USD", "EUR", "2026-01-03", 7)).toBeUndefined();
  });
});

describe("chooseRate: direct, inverse, cross (bases in code-point order)", () => {
  it("prefers the direct pair over the inverse", () => {
    const index = buildRateIndex([r("2026-01-02", "USD", "EUR", "0.8"), r("2026-01-02", "EUR", "USD", "1.25")]);
    const choice = chooseRate(index, "USD", "EUR", "2026-01-02", 7)!;
    expect(choice.route).toBe("direct");
    expect(choice.factor).toEqual({ numerator: 8n, denominator: 10n });
  });

  it("uses the inverse pair: amount ÷ rate", () => {
    const index = buildRateIndex([r("2026-01-02", "EUR", "USD", "1.25")]);
    const choice = chooseRate(index, "USD", "EUR", "2026-01-03", 7)!;
    expect(choice.route).toBe("inverse");
    expect(choice.factor).toEqual({ numerator: 100n, denominator: 125n });
    expect(choice.used.map((u) => [u.date, u.ageDays])).toEqual([["2026-01-02", 1]]);
  });

  it("crosses through the first base in code-point order with both rates usable", () => {
    const rates = [
      r("2026-01-02", "EUR", "USD", "1.25"),
      r("2026-01-02", "EUR", "GBP", "0.85"),
      r("2026-01-02", "CHF", "USD", "1.10"),
      r("2026-01-02", "CHF", "GBP", "0.88"),
    ];
    // USD → GBP: CHF comes before EUR: 1 USD = 0.88 / 1.10 GBP = 0.8 GBP.
    const viaChf = chooseRate(buildRateIndex(rates), "USD", "GBP", "2026-01-05", 7)!;
    expect(viaChf.route).toBe("cross");
    expect(viaChf.via).toBe("CHF");
    expect(viaChf.factor.numerator * 10n).toBe(viaChf.factor.denominator * 8n);
    expect(viaChf.used.map((u) => u.date)).toEqual(["2026-01-02", "2026-01-02"]);
    // Without a usable CHF/GBP, EUR is next: 0.85 / 1.25 = 0.68.
    const older = [...rates.slice(0, 3), r("2025-12-01", "CHF", "GBP", "0.88")];
    const viaEur = chooseRate(buildRateIndex(older), "USD", "GBP", "2026-01-05", 7)!;
    expect(viaEur.via).toBe("EUR");
    expect(viaEur.factor.numerator * 100n).toBe(viaEur.factor.denominator * 68n);
  });

  it("is undefined when no route has all its rates usable (never 1:1)", () => {
    const index = buildRateIndex([r("2026-01-02", "EUR", "USD", "1.25")]);
    expect(chooseRate(index, "JPY", "EUR", "2026-01-02", 7)).toBeUndefined();
    expect(chooseRate(index, "USD", "EUR", "2026-01-10", 7)).toBeUndefined(); // 8 days old
  });
});
