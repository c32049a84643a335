/**
 * The zod-free acceptor against zod on the same 50,000-transaction cashflow body, in one Deno process:
 * `acceptInput(INPUT_SHAPES.calculate_cashflow, value, DEFAULT_LIMITS)` vs `op.input.safeParse(value)` (zod with the
 * fast array validator). Each sample validates a fresh JSON.parse of the body (parsed outside the timing, so every
 * sample sees new objects, as a request does); the variants alternate which goes first, with a full GC before every
 * sample, median of N after warm-ups. Prints one JSON line.
 *
 *   deno run -A --v8-flags=--expose-gc bench/accept-input.ts [iterations] [transactions]
 */
import { DEFAULT_LIMITS } from "../packages/core/src/contracts/limits.ts";
import { acceptInput } from "../packages/core/src/contracts/accept-input.ts";
import { INPUT_SHAPES } from "../packages/core/src/generated/input-shapes.ts";
import { createOperations } from "../packages/core/src/operations/index.ts";
import { median, r2 } from "./lib/handle-vs-parse.ts";
import { cashflowBody } from "./lib/payload.mjs";

const iterations = Number(Deno.args[0] ?? 31);
const transactions = Number(Deno.args[1] ?? 50000);
const body = cashflowBody(transactions);
const shape = INPUT_SHAPES.calculate_cashflow!;
const op = createOperations().byName.calculate_cashflow;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function time(validate: (value: unknown) => unknown): number {
  const value = JSON.parse(body);
  gc();
  const t0 = performance.now();
  const out = validate(value);
  const t = performance.now() - t0;
  if (out === undefined) throw new Error("refused a valid body");
  return t;
}
const accept = (value: unknown) => acceptInput(shape, value, DEFAULT_LIMITS);
const zod = (value: unknown) => {
  const result = op.input.safeParse(value);
  return result.success ? result.data : undefined;
};
if (JSON.stringify(accept(JSON.parse(body))) !== JSON.stringify(zod(JSON.parse(body)))) {
  throw new Error("outputs differ");
}

for (let i = 0; i < 5; i++) {
  time(accept);
  time(zod);
}
const accepted: number[] = [];
const zodded: number[] = [];
for (let i = 0; i < iterations; i++) {
  if (i % 2) {
    accepted.push(time(accept));
    zodded.push(time(zod));
  } else {
    zodded.push(time(zod));
    accepted.push(time(accept));
  }
}
console.log(JSON.stringify({
  method: `in-process: acceptInput vs op.input.safeParse of a fresh JSON.parse of the cashflow body, alternating, ` +
    `GC before each sample, median of ${iterations} after 5 warm-ups`,
  transactions,
  accept_median_ms: r2(median(accepted)),
  zod_median_ms: r2(median(zodded)),
  ratio: median(accepted) / median(zodded),
  /** The median of the per-pair ratios: less sensitive to load that moves both variants of a pair alike. */
  pair_ratio_median: median(accepted.map((a, i) => a / zodded[i]!)),
  accept_ms: accepted.map(r2),
  zod_ms: zodded.map(r2),
}));
