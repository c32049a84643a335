/**
 * In-process timing of one calculation route against JSON.parse of the same body (bench/inproc.ts for cashflow,
 * bench/recurring.ts for recurring): `handle` times the app's fetch handler from a fresh Request to the last
 * response byte, `parse` times JSON.parse alone; `alternate` takes N samples of each, alternating which goes first,
 * with a full GC before every sample, after 3 warm-ups.
 *
 * The response's body is read as Deno.serve writes it out: its stream, chunk by chunk, to the last byte. A body given
 * as a string is encoded to UTF-8 on the way, as the server encodes it (`text()` would hand the string back unencoded,
 * which no client ever gets, and leave out the cost of a large response; `arrayBuffer()` would join a streamed body
 * into one buffer, which no server makes).
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
    if (response.status !== 200) {
      throw new Error(`status ${response.status}: ${(await response.text()).slice(0, 1000)}`);
    }
    const reader = response.body!.getReader();
    let received = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value.byteLength;
    const t = performance.now() - t0;
    if (received === 0) throw new Error("empty response");
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
