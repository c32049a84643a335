// Net-worth latency (issue 14): me_net_worth_p50_ms, measured by bench/net-worth.ts on a fresh database
// (PostgreSQL at 127.0.0.1:5432, else embedded PGlite), dropped afterwards.
import { denoDatabaseSection } from "./deno-db-section.mjs";

export function netWorthSection(ctx) {
  return denoDatabaseSection(ctx, "bench/net-worth.ts", "pfa_bench_net_worth");
}
