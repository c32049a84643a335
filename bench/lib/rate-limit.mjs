// The rate limiter's per-request cost on both stores (issue 12), measured by bench/rate-limit.ts (no database; the
// Redis at 127.0.0.1:6379 when it answers).
import { spawnDeno } from "./proc.mjs";

export async function rateLimitSection(ctx) {
  const { results, quick } = ctx;
  const child = spawnDeno("bench/rate-limit.ts", [], { BENCH_QUICK: quick ? "1" : "" });
  const { code, signal } = await child.exited;
  const line = child.output.split("\n").find((l) => l.startsWith("BENCH:"));
  if (code !== 0 || line === undefined) {
    throw new Error(`bench/rate-limit.ts failed (${code ?? signal}):\n${child.output}`);
  }
  const measured = JSON.parse(line.slice(6));
  Object.assign(results.measurements, measured.measurements);
  for (const [k, v] of Object.entries(measured.values)) results[k] = v;
}
