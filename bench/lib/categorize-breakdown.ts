/**
 * Where the time of the 50k categorize request goes, stage by stage, with the functions the route and the operation
 * call (routes/operations.ts calculationHandler, operations/categorize-transactions.ts): read the body (size,
 * UTF-8), the core's exact JSON parser, the input schema (rules and the fast transaction array), the transactions'
 * dates, currencies and amounts, compiling the rules, the engine, the report's JSON text (operations/categorization-json.ts). bench/categorize.ts
 * takes one sample per iteration, in the same alternating loop as the handler and JSON.parse.
 */
import { createOperations, readExactJson } from "@pfa/core";
import { categorizeColumns } from "@pfa/core/categorization/categorize-columns.ts";
import { compileRules } from "@pfa/core/categorization/compile-rules.ts";
import { ensureRe2 } from "@pfa/core/categorization/re2.ts";
import { checkCategorizationAmounts } from "@pfa/core/operations/categorization-transactions.ts";
import { ErrorCollector } from "@pfa/core/operations/error-collector.ts";
import { categorizationJson } from "@pfa/core/operations/categorization-json.ts";
import { coreLimits } from "../../supabase/functions/v1/app.ts";
import { DEFAULT_LIMITS } from "../../supabase/functions/v1/config.ts";
import { decodeUtf8, readBodyBytes } from "../../supabase/functions/v1/http/body.ts";

export const CATEGORIZE_STAGES = [
  "read_body_ms",
  "parse_json_body_ms",
  "validate_ms",
  "check_amounts_ms",
  "compile_ms",
  "engine_ms",
  "report_json_ms",
  "run_ms",
] as const;
export type CategorizeStage = typeof CATEGORIZE_STAGES[number];

export async function createCategorizeStages(bytes: Uint8Array<ArrayBuffer>, gc: () => void) {
  await ensureRe2();
  const op = createOperations(coreLimits(DEFAULT_LIMITS)).byName.categorize_transactions;
  return async function sample(): Promise<Record<CategorizeStage, number>> {
    const out = {} as Record<CategorizeStage, number>;
    const time = async <T>(key: CategorizeStage, fn: () => T | Promise<T>): Promise<T> => {
      gc();
      const t0 = performance.now();
      const v = await fn();
      out[key] = performance.now() - t0;
      return v;
    };
    const request = new Request("http://127.0.0.1/v1/analytics/categorize", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) },
      body: bytes,
    });
    const { text, utf8 } = await time("read_body_ms", async () => {
      const utf8 = await readBodyBytes(request, DEFAULT_LIMITS.maxBodyBytes);
      return { text: decodeUtf8(utf8), utf8 };
    });
    // As the route (routes/operations.ts validBody): the text and its bytes to readExactJson, the exactness problems
    // asked after the schema's validation, which records the transaction array's keys so that the duplicate-key
    // count skips it (parseJsonBody would walk every transaction's keys once more, which the route never does).
    const read = await time("parse_json_body_ms", () => readExactJson(text, utf8));
    const input = await time("validate_ms", () => {
      const result = op.input.safeParse(read.value);
      if (read.problems() !== undefined) throw new Error("the benchmark body is not exact JSON");
      return result;
    });
    if (!input.success) throw new Error(`validation failed: ${input.error.message.slice(0, 500)}`);
    const body = input.data;
    const checked = await time("check_amounts_ms", () => {
      const errors = new ErrorCollector();
      const t = checkCategorizationAmounts(body.transactions, "/transactions", errors);
      errors.throwIfAny();
      return t;
    });
    const compiled = await time("compile_ms", () => compileRules(body.rules));
    const evaluated = await time(
      "engine_ms",
      () =>
        categorizeColumns(compiled, body.transactions, checked.amountMinor, checked.scale, {
          overwrite: body.overwrite === true,
        }),
    );
    await time(
      "report_json_ms",
      () => categorizationJson(compiled, body.transactions, checked.amountMinor, evaluated),
    );
    // The whole operation as the route calls it (check, compile, engine, the report's JSON text), for the sum.
    await time("run_ms", () => op.runJsonChunks!(body));
    return out;
  };
}
