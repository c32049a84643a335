/**
 * Where the time of the 50k cashflow request goes, stage by stage, with the same functions the route calls
 * (routes/operations.ts calculationHandler): read the body (media type, size, UTF-8), the core's exact JSON parser,
 * zod validation, the operation, JSON.stringify. JSON.parse alone is the floor. Medians of N, GC before each.
 */
import { createOperations, parseJsonBody } from "@pfa/core";
import { coreLimits } from "../../supabase/functions/v1/app.ts";
import { DEFAULT_LIMITS } from "../../supabase/functions/v1/config.ts";
import { decodeUtf8, readBodyBytes } from "../../supabase/functions/v1/http/body.ts";

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

export async function breakdown(body: string, iterations: number): Promise<Record<string, number>> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const op = createOperations(coreLimits(DEFAULT_LIMITS)).byName.calculate_cashflow;
  const bytes = new TextEncoder().encode(body);
  const samples: Record<string, number[]> = {
    read_body_ms: [],
    json_parse_floor_ms: [],
    parse_json_body_ms: [],
    validate_ms: [],
    run_ms: [],
    stringify_ms: [],
  };
  const time = async <T>(key: string, fn: () => T | Promise<T>): Promise<T> => {
    gc();
    const t0 = performance.now();
    const v = await fn();
    samples[key]!.push(performance.now() - t0);
    return v;
  };
  for (let i = 0; i < iterations + 2; i++) {
    const request = new Request("http://127.0.0.1/v1/analytics/cashflow", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) },
      body: bytes,
    });
    const text = await time("read_body_ms", async () => decodeUtf8(await readBodyBytes(request, 5 * 1024 * 1024)));
    await time("json_parse_floor_ms", () => JSON.parse(text));
    const parsed = await time("parse_json_body_ms", () => parseJsonBody(text));
    const input = await time("validate_ms", () => op.input.safeParse(parsed));
    if (!input.success) throw new Error(`validation failed: ${input.error.message.slice(0, 500)}`);
    const output = await time("run_ms", () => op.run(input.data));
    await time("stringify_ms", () => JSON.stringify(output));
  }
  // Drop the two warm-up rounds.
  return Object.fromEntries(
    Object.entries(samples).map(([k, v]) => [k, Math.round(median(v.slice(2)) * 100) / 100]),
  );
}
