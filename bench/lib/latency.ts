/** Sequential latency of an async call: 20 warm-ups, then N samples (quick: 50, full: 300); p50 and p95 in ms. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]! * 100) / 100;
}

export async function sequentialLatency(
  run: () => Promise<unknown>,
  quick: boolean,
): Promise<{ p50: number; p95: number; n: number; bytes: number }> {
  const n = quick ? 50 : 300;
  let bytes = 0;
  for (let i = 0; i < 20; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    bytes = JSON.stringify(await run()).length;
    samples.push(performance.now() - t);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), n, bytes };
}
