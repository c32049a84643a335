/**
 * In-process timing of one calculation route against JSON.parse of the same body (bench/inproc.ts for cashflow,
 * bench/recurring.ts for recurring): `handle` times the app's fetch handler from a fresh Request to the last
 * response byte, `parse` times JSON.parse alone; `alternate` takes N samples of each, alternating which goes first,
 * with a full GC before every sample, after 3 warm-ups.
 */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

export const r2 = (x: number) => Math.round(x * 100) / 100;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

export function handleVsParse(
  app: { fetch(request: Request): Response | Promise<Response> },
  url: string,
  body: string,
) {
  const bytes = new TextEncoder().encode(body);
  async function handle(): Promise<number> {
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) },
      body: bytes,
    });
    const t0 = performance.now();
    const response = await app.fetch(request);
    const text = await response.text();
    const t = performance.now() - t0;
    if (response.status !== 200) throw new Error(`status ${response.status}: ${text.slice(0, 1000)}`);
    return t;
  }
  function parse(): number {
    const t0 = performance.now();
    const v = JSON.parse(body);
    const t = performance.now() - t0;
    if (!v) throw new Error("unreachable");
    return t;
  }
  /** `iterations` samples of each; `after` runs after each pair (bench/inproc.ts takes its stage samples there). */
  async function alternate(iterations: number, after?: () => Promise<void>) {
    for (let i = 0; i < 3; i++) {
      parse();
      await handle();
    }
    const handled: number[] = [];
    const parsed: number[] = [];
    for (let i = 0; i < iterations; i++) {
      gc();
      if (i % 2) {
        parsed.push(parse());
        gc();
        handled.push(await handle());
      } else {
        handled.push(await handle());
        gc();
        parsed.push(parse());
      }
      await after?.();
    }
    return { handled, parsed, ratio: median(handled) / median(parsed) };
  }
  return { bytes, gc, alternate };
}
