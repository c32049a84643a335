/**
 * `createApp(deps)`: the function's Hono app. Routes are derived from the core's operation registry (one REST
 * route and one OpenAPI entry per operation), plus the service routes. Cross-cutting behaviour lives in one
 * lean outer middleware: request id, CORS, security headers, rate-limit headers and the request log line.
 *
 * Routes are plain Hono routes, all registered at start-up; each operation (its module, zod, its schemas) is loaded on
 * its route's first request (routes/registry.ts). Their OpenAPI entries are recorded as functions of a registry and
 * run only when the document is first requested (`/v1/openapi.json`, `/v1/docs`), which is also when
 * openapi/document.ts and `@hono/zod-openapi` are loaded: start-up neither loads them nor converts a schema.
 *
 * Mounting more routes (the MCP endpoint): pass `extend(app, kit)`. It runs after the REST routes are added;
 * anything it records with `kit.document(...)` is documented too. `kit` gives the same verifier, limiter and
 * body reader the REST routes use.
 */
import type { Hono } from "hono";
import { HonoBase } from "hono/hono-base";
import { TrieRouter } from "hono/router/trie-router";
import type { Limits as CoreLimits } from "@pfa/core/contracts/limits.ts";
import type { Operation } from "@pfa/core/contracts/operation.ts";
import { once } from "@pfa/core/once.ts";
import type { Config, DatabaseConfig } from "./config.ts";
import type { TokenVerifier } from "./http/bearer.ts";
import type { AppEnv } from "./http/context.ts";
import { isPreflight, preflightHeaders } from "./http/cors.ts";
import { toProblemError } from "./http/errors.ts";
import { withoutBody } from "./http/head.ts";
import { type BodyReadLimits, bodyReadSlots, clientShares } from "./http/body.ts";
import { readJsonBody } from "./http/json-body.ts";
import { problemResponse, problemTypeBase } from "./http/problem.ts";
import type { Admission } from "./http/admit.ts";
import { createRateLimiter } from "./http/rate-limit.ts";
import {
  consoleRequestLogger,
  requestLogEntry,
  type RequestLogger,
  requestLoggerFromEnvironment,
  silentRequestLogger,
} from "./http/request-log.ts";
import { requestIdFrom } from "./http/request-id.ts";
import { finishHeaders } from "./http/response-headers.ts";
import { MCP_ENDPOINT, type OpenApiEntries, type Registry } from "./openapi/entries.ts";
import { type AccountDataProvider, registerOperationRoutes } from "./routes/operations.ts";
import { coreOperations, operationsOf, type OperationSource } from "./routes/registry.ts";
import { registerServiceRoutes } from "./routes/service.ts";

/** What the app needs from `createDependencies(config)` (deps.ts). Structural, so test doubles fit too. */
export interface AppDependencies {
  readonly config: Pick<Config, "limits" | "rateLimit"> & {
    /** `false` silences the request log. When absent, `PFA_LOG_REQUESTS=false` in the environment does. */
    readonly logRequests?: boolean;
    /**
     * The project URL (`SUPABASE_URL`): problem `type`s are absolute URIs under `${supabaseUrl}/functions/v1`.
     * Absent (test apps): the core's relative form.
     */
    readonly supabaseUrl?: string;
    /** Per-user database concurrency (`maxPerUser`, default 2) and the timeouts that bound the wait for a slot. */
    readonly database?: Pick<DatabaseConfig, "maxPerUser" | "connectTimeoutSeconds" | "statementTimeoutMs">;
  };
  readonly verifier: TokenVerifier;
  readonly accountData: AccountDataProvider;
}

export interface AppKit {
  readonly deps: AppDependencies;
  /** The operations served: every route at once, each operation loaded on first use (routes/registry.ts). */
  readonly operations: OperationSource;
  /** The account data, with the per-user bound on concurrent database work (data/per-user.ts). */
  readonly accountData: AccountDataProvider;
  /** The rate limiter and the trusted proxy hops: admit through http/admit.ts. */
  readonly admission: Admission;
  /** Reads a JSON body with the same media-type, size, time, UTF-8 and JSON checks as the REST routes. */
  readJsonBody(request: Request): Promise<unknown>;
  /** The REST routes' body limits: size, read timeout, and the slots bounding the bodies read at once. */
  readonly bodyLimits: BodyReadLimits;
  /** The base of problem `type` URIs the REST routes use (`problemTypeBase`), for problems built elsewhere. */
  readonly problemTypeBase: string | undefined;
  /**
   * Records an OpenAPI entry; it runs, in recording order, when the document is first generated (openapi/document.ts
   * is loaded then: an entry imports what it uses of it).
   */
  document(entry: (registry: Registry) => void | Promise<void>): void;
}

export interface AppOptions {
  /** Replaces the core's registry (tests): operations already built, or a source that loads them (routes/registry.ts). */
  readonly operations?: readonly Operation[] | OperationSource;
  /** Replaces the request logger chosen from `config.logRequests`. */
  readonly log?: RequestLogger;
  /** Adds routes, e.g. `/v1/mcp`; see the module comment. */
  readonly extend?: (app: App, kit: AppKit) => void;
}

export type App = Hono<AppEnv>;

/** Where an error was thrown: the first frames of its stack, without the message (which may carry data). */
function stackFrames(error: Error): string[] {
  return (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)).slice(0, 5).map((l) => l.trim());
}

/** `Allow` values of the routes, from what is actually registered. */
function allowedMethods(app: App): Map<string, string> {
  const methods = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    const set = methods.get(route.path) ?? methods.set(route.path, new Set()).get(route.path)!;
    set.add(route.method);
    if (route.method === "GET") set.add("HEAD");
  }
  const order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
  return new Map(
    [...methods].map(([path, set]) => {
      const sorted = [...set].sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return [path, [...sorted, "OPTIONS"].join(", ")];
    }),
  );
}

/** The core's limits from the function's configuration (config.ts names them for the environment). */
export function coreLimits(limits: Config["limits"]): Partial<CoreLimits> {
  return {
    transactions: limits.maxTransactions,
    budgets: limits.maxBudgets,
    goals: limits.maxGoals,
    contributionsPerGoal: limits.maxContributionsPerGoal,
    text: limits.maxTextLength,
    statements: limits.maxStatements,
  };
}

export function createApp(deps: AppDependencies, options: AppOptions = {}): App {
  // Hono's TrieRouter: its default router (RegExpRouter) compiles every route into one regular expression on the first
  // request, about 10 ms of a cold start's CPU, to match in 0.02 µs instead of the trie's 0.3 µs. (LinearRouter, also
  // tried, matched `/v1/analytics/cashflow/` to `/v1/analytics/cashflow`, where every unknown path must be a 404.)
  // HonoBase is `Hono` without its default router: importing `hono` itself would load RegExpRouter and SmartRouter
  // too, which nothing here uses (about half a millisecond of a cold start).
  const app: Hono<AppEnv> = new HonoBase<AppEnv>({ router: new TrieRouter() });
  const openapi: OpenApiEntries = [];
  const log = options.log ??
    (deps.config.logRequests === undefined
      ? requestLoggerFromEnvironment()
      : deps.config.logRequests
      ? consoleRequestLogger
      : silentRequestLogger);
  const database = deps.config.database;
  // A user's own requests queue behind each other: each may wait for its user's slot as long as a request may take
  // at most (a pool slot, a connect, the statement timeout), so the bound only ever sheds a user's own excess.
  // (data/per-user.ts is loaded by the first account request: a calculation never reads the database.)
  const limited = once(async () =>
    (await import("./data/per-user.ts")).limitPerUser(
      deps.accountData,
      database?.maxPerUser ?? 2,
      2 * (database?.connectTimeoutSeconds ?? 5) * 1000 + (database?.statementTimeoutMs ?? 5_000),
    )
  );
  const accountData: AccountDataProvider = {
    withUser: async (user, fn) => (limited.value ?? await limited()).withUser(user, fn),
  };
  const rateLimit = deps.config.rateLimit;
  const admission: Admission = {
    limiter: createRateLimiter({
      limit: rateLimit.requests,
      windowSeconds: rateLimit.windowSeconds,
      maxKeys: rateLimit.maxKeys,
      redisUrl: rateLimit.redisUrl,
    }),
    trustedProxyHops: rateLimit.trustedProxyHops ?? 1,
  };
  const given = options.operations;
  const operations = given === undefined
    ? coreOperations(coreLimits(deps.config.limits))
    : Array.isArray(given)
    ? operationsOf(given)
    : given as OperationSource;
  const { maxBodyBytes, bodyReadTimeoutMs, maxConcurrentBodyReads } = deps.config.limits;
  const bodyLimits: BodyReadLimits = {
    maxBytes: maxBodyBytes,
    timeoutMs: bodyReadTimeoutMs,
    slots: bodyReadSlots(maxConcurrentBodyReads),
    // One client (user or address) may have an eighth of the slots (at least 1); its further reads wait for its own,
    // so a handful of stalled uploads cannot make every other client wait.
    shares: clientShares(Math.max(1, Math.floor(maxConcurrentBodyReads / 8))),
  };
  const typeBase = problemTypeBase(deps.config.supabaseUrl);

  app.use("*", async (c, next) => {
    const started = log === silentRequestLogger ? 0 : performance.now();
    const request = c.req.raw;
    const requestId = requestIdFrom(request.headers.get("x-request-id"));
    c.set("requestId", requestId);
    if (isPreflight(request)) {
      c.res = new Response(null, { status: 204, headers: preflightHeaders() });
    } else {
      await next();
      if (request.method === "HEAD") c.res = await withoutBody(c.res);
    }
    // A route that built its response with jsonResponse (http/response-headers.ts) has every header already.
    if (!c.get("headersDone")) {
      finishHeaders(c.res.headers, requestId, c.get("rateLimitHeaders"), request.headers.has("origin"));
    }
    if (log === silentRequestLogger) return;
    const status = c.res.status;
    const failed = c.error && status >= 500 ? c.error : undefined;
    log(requestLogEntry(
      requestId,
      request.method,
      c.req.path,
      status,
      Math.round((performance.now() - started) * 100) / 100,
      c.get("user")?.sub,
      failed && {
        error: failed.name,
        at: stackFrames(failed),
        ...(await import("./data/error-facts.ts")).errorFacts(failed),
      },
    ));
  });

  app.onError((error, c) => {
    const problem = toProblemError(error);
    return problemResponse(problem.status, problem.detail, c.get("requestId"), problem.options, typeBase);
  });

  let allow: Map<string, string> | undefined;
  app.notFound((c) => {
    allow ??= allowedMethods(app);
    const methods = allow.get(c.req.path);
    const requestId = c.get("requestId");
    if (methods === undefined) {
      return problemResponse(
        404,
        `No route ${c.req.path}; see /v1/docs for the API reference.`,
        requestId,
        {},
        typeBase,
      );
    }
    if (c.req.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: methods } });
    return problemResponse(405, `${c.req.method} is not allowed on ${c.req.path}; use ${methods}.`, requestId, {
      headers: { Allow: methods },
    }, typeBase);
  });

  const document = () => import("./openapi/document.ts");
  openapi.push(async (registry) => (await document()).registerComponents(registry));
  registerOperationRoutes(app, operations, {
    verifier: deps.verifier,
    accountData,
    admission,
    bodyLimits,
  }, openapi);
  registerServiceRoutes(app, openapi);
  options.extend?.(app, {
    deps,
    operations,
    accountData,
    admission,
    readJsonBody: (request) => readJsonBody(request, bodyLimits),
    bodyLimits,
    problemTypeBase: typeBase,
    document: (entry) => void openapi.push(entry),
  });
  const mounted = app.routes.some((r) => r.path === MCP_ENDPOINT && r.method === "POST");
  openapi.push(async (registry) => {
    const documented = registry.definitions.some((d) =>
      d.type === "route" && d.route.path === MCP_ENDPOINT && d.route.method === "post"
    );
    if (mounted && !documented) (await document()).registerMcpEndpoint(registry);
  });
  return app;
}
