/**
 * The converted reports (converted-reports.ts), loaded when a body asks for conversion. A cold function's first
 * calculation without `conversion` then loads none of the conversion modules (about 16 ms of CPU and 24 ms to the
 * first answer, measured in rotating spawns). The four operations that take `conversion` declare
 * `prepare: prepareConversion`, which the HTTP and MCP layers await with the body before validating it; their `run`
 * reads the reports with `convertedReports()`. operations/index.ts provides the module statically, so every caller
 * of `createOperations()` (Node, the CLIs, tests) has it without a `prepare`.
 */
import { once } from "../once.ts";
import type * as Reports from "./converted-reports.ts";

type ConvertedReports = typeof Reports;

let reports: ConvertedReports | undefined;

/** Makes the reports available (operations/index.ts, statically). */
export function provideConvertedReports(module: ConvertedReports): void {
  reports ??= module;
}

/** Loads the reports once; a failed load is tried again by the next call. */
const loadConvertedReports = once(() => import("./converted-reports.ts").then(provideConvertedReports));

/**
 * An operation's `prepare`: loads the reports when `body` has a `conversion` member (valid or not); `undefined` when
 * there is nothing to wait for.
 */
export function prepareConversion(body?: unknown): Promise<void> | undefined {
  if (reports !== undefined) return undefined;
  const asks = typeof body === "object" && body !== null && (body as { conversion?: unknown }).conversion !== undefined;
  return asks ? loadConvertedReports() : undefined;
}

/** The loaded reports; throws when neither `prepareConversion` nor operations/index.ts has provided them. */
export function convertedReports(): ConvertedReports {
  if (reports === undefined) {
    throw new Error("the converted reports are not loaded: await the operation's prepare(body) before run");
  }
  return reports;
}
