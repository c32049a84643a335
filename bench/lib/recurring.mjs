// Recurring and forecast (issue 16): me_recurring_p50_ms, me_forecast_p50_ms and post_recurring_50k_vs_parse,
// measured by bench/recurring.ts on a fresh database (PostgreSQL at 127.0.0.1:5432, else embedded PGlite), dropped
// afterwards.
import { scriptSection } from "./script-section.mjs";

export function recurringSection(ctx) {
  return scriptSection(ctx, {
    script: "bench/recurring.ts",
    dbPrefix: "pfa_bench_recurring",
    v8Flags: "--max-old-space-size=4096,--expose-gc",
  });
}
