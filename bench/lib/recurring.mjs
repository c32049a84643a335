// Recurring and forecast (issue 16): me_recurring_p50_ms, me_forecast_p50_ms and post_recurring_50k_vs_parse,
// measured by bench/recurring.ts on a fresh database (PostgreSQL at 127.0.0.1:5432, else embedded PGlite), dropped
// afterwards.
import { denoDatabaseSection } from "./deno-db-section.mjs";

export function recurringSection(ctx) {
  return denoDatabaseSection(
    ctx,
    "bench/recurring.ts",
    "pfa_bench_recurring",
    "--max-old-space-size=4096,--expose-gc",
  );
}
