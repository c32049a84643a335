// Rollover and trends latency (issue 15): me_budget_rollover_p50_ms and me_trends_p50_ms, measured by
// bench/rollover.ts on a fresh database (PostgreSQL at 127.0.0.1:5432, else embedded PGlite), dropped afterwards.
import { denoDatabaseSection } from "./deno-db-section.mjs";

export function rolloverSection(ctx) {
  return denoDatabaseSection(ctx, "bench/rollover.ts", "pfa_bench_rollover");
}
