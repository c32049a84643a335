/**
 * The Operation type: each public operation is declared once, as data. The REST route, its OpenAPI entry and
 * its MCP tool are all derived from one of these objects (see docs/ARCHITECTURE.md).
 */
import type { z } from "zod";
import type { AccountData } from "./account-data.ts";

export interface OperationBase<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  /** MCP tool name and OpenAPI operationId, e.g. `calculate_cashflow`. */
  readonly name: string;
  readonly method: "get" | "post";
  /** Path under the base URL, always starting with `/v1/`. */
  readonly path: `/v1/${string}`;
  /** One line, for humans and agents. */
  readonly summary: string;
  /** Full description: rules, defaults and edge cases. Written for an AI agent as much as for a human. */
  readonly description: string;
  /** OpenAPI tag. */
  readonly tag: string;
  /** zod schema of the POST body or the GET query parameters. */
  readonly input: In;
  /** zod schema of the 200 response body. */
  readonly output: Out;
  /**
   * Loads what validating and running the operation needs that is kept off the start-up path: the RE2 engine of
   * categorization patterns, the converted reports when the body has `conversion`. The HTTP and MCP layers await it
   * with the request's input as received (the parsed body, the query's values), before validating it. `undefined`:
   * nothing to wait for (no turn of the event loop on a calculation's hot path).
   */
  readonly prepare?: (input?: unknown) => Promise<void> | undefined;
}

/** A pure, deterministic calculation: no clock, no database, no environment. */
export interface CalculationOperation<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType>
  extends OperationBase<In, Out> {
  readonly kind: "calculation";
  readonly method: "post";
  run(input: z.output<In>): z.input<Out>;
  /**
   * The UTF-8 bytes of `JSON.stringify(run(input))` in chunks (json/utf8-writer.ts), written without building the
   * report's objects: for operations whose report has one row per input item, where building and serializing the rows
   * (and encoding the text) would cost more than the calculation. Every check runs before it returns. The REST route
   * answers with it when present; MCP and the typed callers use `run`.
   */
  readonly runJsonChunks?: (input: z.output<In>) => readonly Uint8Array<ArrayBuffer>[];
}

/** Context of an account operation: the signed-in user's data, already scoped by row-level security. */
export interface AccountContext {
  readonly data: AccountData;
  /** The verified `sub` claim. Used only to bind pagination cursors to their user, never to filter data. */
  readonly subject: string;
  /**
   * Clock used only when the profile row is missing (then "today" is the current UTC date). Defaults to the
   * system clock; tests pass a fixed one. With a profile, "today" comes from the database (`me_profile().today`).
   */
  readonly clock?: () => Date;
}

/** Reads the signed-in user's own data through `ctx.data`, then runs the same services as the calculations. */
export interface AccountOperation<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType>
  extends OperationBase<In, Out> {
  readonly kind: "account";
  readonly method: "get";
  run(input: z.output<In>, ctx: AccountContext): Promise<z.input<Out>>;
}

export type Operation = CalculationOperation | AccountOperation;
