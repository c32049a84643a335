/**
 * Where the time of the 50k cashflow request goes, stage by stage, with the functions the route itself calls
 * (routes/operations.ts, calculationHandler): read the body (media type, size, UTF-8), the core's exact JSON
 * parser (the scan and JSON.parse), validation as the route does it (the generated input shape, zod only for a body it
 * does not vouch for) with the exactness check after it (the duplicate-key count skips the arrays the validator
 * counted), the operation, JSON.stringify. bench/inproc.ts takes one sample per iteration, in the
 * same alternating loop as the handler and JSON.parse, so the three are comparable.
 */
import { createOperations, readExactJson } from "@pfa/core";
import { acceptInput } from "@pfa/core/contracts/accept-input.ts";
import { INPUT_SHAPES } from "@pfa/core/generated/input-shapes.ts";
import { coreLimits } from "../../supabase/functions/v1/app.ts";
import { DEFAULT_LIMITS } from "../../supabase/functions/v1/config.ts";
import { DEFAULT_LIMITS as CORE_DEFAULT_LIMITS } from "@pfa/core/contracts/limits.ts";
import { decodeUtf8, readBodyBytes } from "../../supabase/functions/v1/http/body.ts";

export const STAGES = ["read_body_ms", "parse_json_body_ms", "validate_ms", "run_ms", "stringify_ms"] as const;
export type Stage = typeof STAGES[number];

/** The function's limits, raised by the environment for the scale section (PFA_MAX_*), as config.ts reads them. */
function benchLimits() {
  const n = (name: string, fallback: number) => Number(Deno.env.get(name) ?? fallback);
  return {
    ...DEFAULT_LIMITS,
    maxTransactions: n("PFA_MAX_TRANSACTIONS", DEFAULT_LIMITS.maxTransactions),
    maxBodyBytes: n("PFA_MAX_BODY_BYTES", DEFAULT_LIMITS.maxBodyBytes),
  };
}

/** The core's limits of the function's configuration, merged with the defaults as the registry merges them. */
function coreLimitsOf(limits: ReturnType<typeof benchLimits>) {
  return { ...CORE_DEFAULT_LIMITS, ...coreLimits(limits) };
}

export function createStages(bytes: Uint8Array<ArrayBuffer>, gc: () => void) {
  const limits = benchLimits();
  const op = createOperations(coreLimits(limits)).byName.calculate_cashflow;
  const accepting = coreLimitsOf(limits);
  return async function sample(): Promise<Record<Stage, number>> {
    const out = {} as Record<Stage, number>;
    const time = async <T>(key: Stage, fn: () => T | Promise<T>): Promise<T> => {
      gc();
      const t0 = performance.now();
      const v = await fn();
      out[key] = performance.now() - t0;
      return v;
    };
    const request = new Request("http://127.0.0.1/v1/analytics/cashflow", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) },
      body: bytes,
    });
    // The bytes go to the parser with the text, as http/json-body.ts passes them (no second encoding of the text).
    const { text, utf8 } = await time("read_body_ms", async () => {
      const utf8 = await readBodyBytes(request, limits.maxBodyBytes);
      return { text: decodeUtf8(utf8), utf8 };
    });
    const read = await time("parse_json_body_ms", () => readExactJson(text, utf8));
    const input = await time("validate_ms", () => {
      const accepted = acceptInput(INPUT_SHAPES.calculate_cashflow!, read.value, accepting);
      const result = accepted === undefined
        ? op.input.safeParse(read.value)
        : { success: true as const, data: accepted };
      if (read.problems() !== undefined) throw new Error("the benchmark body is not exact JSON");
      return result;
    });
    if (!input.success) throw new Error(`validation failed: ${input.error.message.slice(0, 500)}`);
    const output = await time("run_ms", () => op.run(input.data as Parameters<typeof op.run>[0]));
    await time("stringify_ms", () => JSON.stringify(output));
    return out;
  };
}
