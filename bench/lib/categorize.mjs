// Categorization (issue 25): post_categorize_50k_vs_parse, measured in process by bench/categorize.ts like
// post_cashflow_50k_vs_parse (bench/inproc.ts): POST /v1/analytics/categorize with 50,000 transactions and 100
// rules (mixed operators, 10 regular expressions; bench/lib/categorize-payload.mjs) ÷ JSON.parse of the same body.
import { APP_ENV } from "./calc.mjs";
import { round, runDeno } from "./proc.mjs";

export async function categorizeSection(ctx) {
  const iterations = ctx.quick ? 9 : 21;
  const stdout = await runDeno("bench/categorize.ts", [String(iterations)], APP_ENV, ["--v8-flags=--expose-gc"]);
  // The result line (the request log's lines may come around it).
  const out = JSON.parse(stdout.trim().split("\n").filter((l) => l.includes('"handle_median_ms"')).at(-1));
  ctx.results.post_categorize_50k_vs_parse = round(out.ratio, 2);
  ctx.results.measurements.post_categorize_50k_vs_parse = out;
}
