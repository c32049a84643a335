/**
 * REST routes derived from the core's operation registry: a POST route per calculation operation and a GET
 * route per account operation, each with its OpenAPI entry. Handlers are glue only: authenticate, rate-limit,
 * read and validate the input with the operation's own zod schema, run it, and shape the response headers.
 *
 * What a valid calculation does not need is loaded when first needed, so a cold function's first calculation does
 * not load it: the account handler (routes/account-handler.ts, with ETags, pagination and query reading), zod's
 * error mapping (validate-body.ts, for a body the acceptor does not vouch for) and the query reader (a calculation
 * URL with a query).
 */
import type { AccountData } from "@pfa/core/contracts/account-data.ts";
import type { CalculationOperation, Operation } from "@pfa/core/contracts/operation.ts";
import { once } from "@pfa/core/once.ts";
import type { Context, Hono } from "hono";
import { optionalUser, requireUser, type TokenVerifier, type VerifiedUser } from "../http/bearer.ts";
import type { AppEnv } from "../http/context.ts";
import type { BodyReadLimits } from "../http/body.ts";
import { readExactJsonBody } from "../http/json-body.ts";
import { ProblemError } from "../http/problem.ts";
import { jsonResponse } from "../http/response-headers.ts";
import { type Admission, admit } from "../http/admit.ts";
import type { OpenApiEntries } from "../openapi/entries.ts";
import type { FastCalculation, OperationSource } from "./registry.ts";

/** Runs `fn` with the signed-in user's data, scoped by row-level security (the data/ drivers). */
export interface AccountDataProvider {
  withUser<T>(user: VerifiedUser, fn: (data: AccountData) => Promise<T>): Promise<T>;
}

export interface OperationRouteDeps {
  readonly verifier: TokenVerifier;
  readonly accountData: AccountDataProvider;
  /** The rate limiter and the trusted proxy hops of client addresses. */
  readonly admission: Admission;
  readonly bodyLimits: BodyReadLimits;
}

export type Ctx = Context<AppEnv>;

/** Token first (401), counting a refused token against the client IP so bad tokens cannot dodge the limit. */
export async function authenticate(
  c: Ctx,
  deps: OperationRouteDeps,
  required: boolean,
): Promise<VerifiedUser | undefined> {
  try {
    const headers = c.req.raw.headers;
    const user = required ? await requireUser(headers, deps.verifier) : await optionalUser(headers, deps.verifier);
    c.set("user", user);
    return user;
  } catch (error) {
    await admit(c, deps.admission, undefined);
    throw error;
  }
}

async function noQueryParameters(url: URL): Promise<void> {
  const { readQuery } = await import("../http/query.ts");
  const { errors, total } = readQuery(url, new Set());
  if (errors.length > 0) {
    throw new ProblemError(422, "Calculation routes take no query parameters; send everything in the body.", {
      errors,
      errorsTotal: total,
    });
  }
}

/** zod's validation with the exactness problems (core validate-body.ts), loaded on first use. */
const validator = once(async () => (await import("@pfa/core/problem/validate-body.ts")).validateBody);

/**
 * The body, validated: every problem in one 422, the exact-JSON ones (duplicate keys, exponents, too many digits),
 * the schema's and the operation's own checks together (validateBody), so a client never fixes a body in rounds.
 * With a fast start (routes/registry.ts), a body the acceptor vouches for and without exactness problems is the
 * input as it is; any other body waits for the schemas (`schemas()`, loading zod on a cold function's first invalid
 * body) and gets zod's validation, so its errors are exactly the schema's.
 */
async function validBody(
  c: Ctx,
  op: CalculationOperation,
  bodyLimits: BodyReadLimits,
  fast: Fast,
): Promise<Parameters<CalculationOperation["run"]>[0]> {
  // The exactness problems are asked after the schema's validation, which counts the big arrays' keys on the way.
  const body = await readExactJsonBody(c.req.raw, bodyLimits, c.get("clientKey"));
  // What validating and running this body needs and start-up left out (RE2, the converted reports).
  const preparing = op.prepare?.(body.value);
  if (preparing) await preparing;
  const accepted = fast.accept(body.value);
  const exact = accepted === undefined ? undefined : body.problems();
  if (accepted !== undefined && exact === undefined) return accepted as Parameters<CalculationOperation["run"]>[0];
  const [validateBody] = await Promise.all([validator.value ?? validator(), fast.schemas()]);
  return validateBody(
    op.input,
    body.value,
    accepted === undefined ? () => body.problems() : exact,
    (input) => op.run(input),
  );
}

/** A fast start's acceptor, and the wait for the schemas a body it does not vouch for needs. */
interface Fast {
  readonly accept: FastCalculation["accept"];
  readonly schemas: () => Promise<unknown>;
}

/** An operation already built with its schemas: every body gets zod's validation. */
const NO_FAST_START: Fast = { accept: () => undefined, schemas: () => Promise.resolve() };

function calculationHandler(op: CalculationOperation, deps: OperationRouteDeps, fast: Fast = NO_FAST_START) {
  return async (c: Ctx) => {
    const request = c.req.raw;
    // No Authorization header: no token to check (optionalUser would answer `undefined` after a turn of the loop).
    const user = request.headers.has("authorization") ? await authenticate(c, deps, false) : undefined;
    await admit(c, deps.admission, user);
    if (c.req.url.includes("?")) await noQueryParameters(new URL(c.req.url));
    const input = await validBody(c, op, deps.bodyLimits, fast);
    const output = op.runJsonChunks ? bodyOf(op.runJsonChunks(input)) : JSON.stringify(op.run(input));
    // Every header at once (http/response-headers.ts), so the app's outer layer adds none.
    c.set("headersDone", true);
    return jsonResponse(
      output,
      "no-store",
      c.get("requestId"),
      c.get("rateLimitHeaders"),
      request.headers.has("origin"),
    );
  };
}

/**
 * A report's chunks (CalculationOperation.runJsonChunks) as a response body: one chunk as it is, several as a stream
 * that Deno.serve writes out chunk by chunk (no single buffer of the whole body is ever made). The chunks exist
 * already, so they are queued at once: each read is answered from the queue (`ReadableStream.from` would step an
 * async iterator per chunk, about 1 µs each).
 */
function bodyOf(chunks: readonly Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  if (chunks.length === 1) return chunks[0]!;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

type Handler = (c: Ctx) => Promise<Response>;

async function handlerOf(op: Operation, deps: OperationRouteDeps): Promise<Handler> {
  if (op.kind === "calculation") return calculationHandler(op, deps);
  return (await import("./account-handler.ts")).accountHandler(op, deps);
}

/**
 * Adds every operation's route, and records their OpenAPI entries in `openapi`. A route's handler is built from its
 * operation when the operation is loaded (routes/registry.ts: on the route's first request); a failed load answers
 * that request with a 500 problem (the app's error handler) and is tried again by the next.
 */
export function registerOperationRoutes(
  app: Hono<AppEnv>,
  operations: OperationSource,
  deps: OperationRouteDeps,
  openapi: OpenApiEntries,
): void {
  openapi.push(async (registry) => {
    const [{ registerOperation }, all] = await Promise.all([import("../openapi/document.ts"), operations.all()]);
    for (const op of all) registerOperation(registry, op);
  });
  for (const route of operations.routes) {
    const built = operations.built(route.name);
    let handler: Handler | undefined = built?.kind === "calculation" ? calculationHandler(built, deps) : undefined;
    const load = built
      ? () => handlerOf(built, deps)
      : route.kind === "calculation" && operations.fast
      ? () => operations.fast!(route.name).then(({ op, accept }) => fastHandler(op, accept, route.name))
      : () => operations.get(route.name).then((op) => handlerOf(op, deps));
    const serve: Handler = (c) => handler ? handler(c) : load().then((made) => (handler ??= made)(c));
    if (route.kind === "calculation") app.post(route.path, serve);
    else app.get(route.path, serve);
  }

  function fastHandler(op: CalculationOperation, accept: FastCalculation["accept"], name: string): Handler {
    return calculationHandler(op, deps, { accept, schemas: () => operations.get(name) });
  }
}
