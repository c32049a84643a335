/**
 * Writes supabase/rates/demo-rates.csv, the demo's shipped exchange-rate sample (see supabase/rates/README.md):
 * synthetic EUR-based rates for USD, CHF, GBP and JPY on every weekday except 1 January and 25 December, from
 * FIRST to LAST, in the generic `date,base,quote,rate` format. Deterministic (seeded; integer arithmetic only): the
 * same file every time. `deno run -A scripts/rates/generate-demo-rates.ts`.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Random } from "../db/random.ts";

export const FIRST = "2023-01-02";
export const LAST = "2032-12-31";
export const DEMO_RATES_PATH = fileURLToPath(new URL("../../supabase/rates/demo-rates.csv", import.meta.url));

/** Quote, decimals, and the anchor in units of 10^-decimals (round values near the ECB's 2024 reference rates). */
const QUOTES = [
  { quote: "USD", decimals: 4, anchor: 10850, swing: 450 },
  { quote: "CHF", decimals: 4, anchor: 9500, swing: 350 },
  { quote: "GBP", decimals: 4, anchor: 8550, swing: 250 },
  { quote: "JPY", decimals: 2, anchor: 16000, swing: 900 },
] as const;

function plain(units: number, decimals: number): string {
  const s = String(units).padStart(decimals + 1, "0");
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

export function demoRatesCsv(): string {
  const lines = ["date,base,quote,rate"];
  const walks = QUOTES.map((q) => ({ ...q, value: q.anchor, rng: new Random(`demo-rates:${q.quote}`) }));
  for (let t = Date.parse(`${FIRST}T00:00:00Z`); t <= Date.parse(`${LAST}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    const date = d.toISOString().slice(0, 10);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6 || date.endsWith("-01-01") || date.endsWith("-12-25")) continue;
    for (const w of walks) {
      // A bounded random walk pulled back towards the anchor: daily steps of at most 0.3 %.
      const step = Math.trunc(w.anchor / 330);
      const pull = w.value > w.anchor + w.swing ? -1 : w.value < w.anchor - w.swing ? 1 : 0;
      w.value += pull * step + w.rng.int(-step, step);
      lines.push(`${date},EUR,${w.quote},${plain(w.value, w.decimals)}`);
    }
  }
  return lines.join("\n") + "\n";
}

if (import.meta.main) {
  writeFileSync(DEMO_RATES_PATH, demoRatesCsv());
  console.log(`wrote ${DEMO_RATES_PATH}`);
}
