// Currency conversion (issue 26): post_cashflow_convert_50k_vs_parse, measured in process by
// bench/lib/convert-inproc.ts (POST cashflow with 50,000 transactions in three currencies and 1,000 rates vs
// JSON.parse of the same body).
import { ROOT, round, runDeno } from "./proc.mjs";
import { APP_ENV } from "./calc.mjs";

export async function convertSection(ctx) {
  const iterations = ctx.quick ? 9 : 21;
  const stdout = await runDeno(
    "bench/lib/convert-inproc.ts",
    [String(iterations)],
    APP_ENV,
    ["--v8-flags=--expose-gc"],
    undefined,
    ROOT,
  );
  const out = JSON.parse(stdout.trim().split("\n").filter((l) => l.includes('"handle_median_ms"')).at(-1));
  ctx.results.post_cashflow_convert_50k_vs_parse = round(out.ratio, 2);
  ctx.results.measurements.post_cashflow_convert_50k_vs_parse = out;
}
