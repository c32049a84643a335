// Stored exchange rates (issue 26): rates_load_rows_per_s and me_cashflow_convert_vs_plain, measured by
// bench/rates.ts on a fresh database (PostgreSQL at 127.0.0.1:5432, else embedded PGlite), dropped afterwards.
import { denoDatabaseSection } from "./deno-db-section.mjs";

export function ratesSection(ctx) {
  return denoDatabaseSection(ctx, "bench/rates.ts", "pfa_bench_rates");
}
