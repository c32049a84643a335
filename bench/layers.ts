/**
 * The layer ablation of the function's per-request work (issue 28): `layer_<name>_us` keys. One Deno process builds a
 * staircase of handlers for POST /v1/analytics/cashflow with 100 transactions (the throughput request), each step the
 * previous one plus one layer, every layer the function's own code (the modules the routes import), the last two steps
 * the deployed handler itself (function-handler.ts, as index.ts builds it) with the request log off and on:
 *
 *   floor        Hono route: `await c.req.text()`, `JSON.parse`, `c.json({})` (the floor server's work)
 *   body_read    the function's body read (media type is next step): byte limit, read timeout on the shared deadline
 *                timer, the read slots and the client's share, strict UTF-8, instead of `c.req.text()`
 *   exact_json   the core's exact JSON parser and the media-type check (readJsonBody) instead of `JSON.parse`
 *   validation   the operation's input schema (zod, with the compiled array validator)
 *   calculation  the operation (`calculate_cashflow`)
 *   response     the report's JSON and the 200 with every header (http/response-headers.ts) instead of `c.json({})`
 *   admission    the token check (none sent) and the rate limiter (admit.ts), as the route runs them
 *   outer        the deployed handler with the request log off: request id, the app's outer layer, the query check
 *   log          the same handler with the request log on (one JSON line per request, written in batches)
 *
 * A layer's cost is the step's CPU time per request minus the previous step's (medians over alternating rounds), so
 * the layers add up to the deployed handler's total. CPU time (user + system of this process) rather than wall time,
 * so that other processes on a shared machine disturb it less. Prints one JSON line.
 *
 *   deno run -A bench/layers.ts [requests per round] [rounds]
 */
import { cpuUsage } from "node:process";
import { Hono } from "hono";
import type { Context } from "hono";
import { createOperations } from "@pfa/core";
import { cashflowBody } from "./lib/payload.mjs";
import { BENCH_FUNCTION_ENV } from "./servers/build.ts";
import { coreLimits } from "../supabase/functions/v1/app.ts";
import { loadConfig } from "../supabase/functions/v1/config.ts";
import { createDependencies } from "../supabase/functions/v1/deps.ts";
import { createFunctionHandler } from "../supabase/functions/v1/function-handler.ts";
import {
  type BodyReadLimits,
  bodyReadSlots,
  clientShares,
  decodeUtf8,
  readBodyBytes,
} from "../supabase/functions/v1/http/body.ts";
import { readJsonBody } from "../supabase/functions/v1/http/json-body.ts";
import { jsonResponse } from "../supabase/functions/v1/http/response-headers.ts";
import { type Admission, admit } from "../supabase/functions/v1/http/admit.ts";
import { createRateLimiter } from "../supabase/functions/v1/http/rate-limit.ts";
import type { AppEnv } from "../supabase/functions/v1/http/context.ts";

const perRound = Number(Deno.args[0] ?? 400);
const rounds = Number(Deno.args[1] ?? 15);

const env = { ...BENCH_FUNCTION_ENV };
const config = loadConfig(env);
const op = createOperations(coreLimits(config.limits)).byName.calculate_cashflow;
const { maxBodyBytes, bodyReadTimeoutMs, maxConcurrentBodyReads } = config.limits;
// The same limits createApp gives the REST routes.
const limits: BodyReadLimits = {
  maxBytes: maxBodyBytes,
  timeoutMs: bodyReadTimeoutMs,
  slots: bodyReadSlots(maxConcurrentBodyReads),
  shares: clientShares(Math.max(1, Math.floor(maxConcurrentBodyReads / 8))),
};
const admission: Admission = {
  limiter: createRateLimiter({
    limit: config.rateLimit.requests,
    windowSeconds: config.rateLimit.windowSeconds,
    maxKeys: config.rateLimit.maxKeys,
  }),
  trustedProxyHops: config.rateLimit.trustedProxyHops ?? 1,
};
const CLIENT = "ip:127.0.0.1";
const REQUEST_ID = "3f0c2a4e-8b1d-4c6f-9a2e-5d7b8c9e0f1a";

type Step = (c: Context<AppEnv>) => Promise<Response>;

function valid(body: unknown) {
  const parsed = op.input.safeParse(body);
  if (!parsed.success) throw new Error("the bench body did not validate");
  return parsed.data;
}

const staircase: [string, Step][] = [
  ["floor", async (c) => {
    JSON.parse(await c.req.text());
    return c.json({});
  }],
  ["body_read", async (c) => {
    JSON.parse(decodeUtf8(await readBodyBytes(c.req.raw, limits, CLIENT)));
    return c.json({});
  }],
  ["exact_json", async (c) => {
    await readJsonBody(c.req.raw, limits, CLIENT);
    return c.json({});
  }],
  ["validation", async (c) => {
    valid(await readJsonBody(c.req.raw, limits, CLIENT));
    return c.json({});
  }],
  ["calculation", async (c) => {
    op.run(valid(await readJsonBody(c.req.raw, limits, CLIENT)));
    return c.json({});
  }],
  ["response", async (c) => {
    const output = JSON.stringify(op.run(valid(await readJsonBody(c.req.raw, limits, CLIENT))));
    return jsonResponse(output, "no-store", REQUEST_ID, undefined, c.req.raw.headers.has("origin"));
  }],
  ["admission", async (c) => {
    const request = c.req.raw;
    if (request.headers.has("authorization")) throw new Error("the bench request sends no token");
    await admit(c, admission, undefined);
    const output = JSON.stringify(op.run(valid(await readJsonBody(request, limits, c.get("clientKey")))));
    return jsonResponse(output, "no-store", REQUEST_ID, c.get("rateLimitHeaders"), request.headers.has("origin"));
  }],
];

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;
const handlers: [string, Handler][] = staircase.map(([name, step]) => {
  const app = new Hono<AppEnv>();
  app.post("/v1/analytics/cashflow", step);
  return [name, (request, info) => app.fetch(request, info)];
});
const deployed = (logRequests: string) =>
  createFunctionHandler(createDependencies(loadConfig({ ...env, PFA_LOG_REQUESTS: logRequests })));
handlers.push(["outer", deployed("false")], ["log", deployed("true")]);

const body = cashflowBody(100, { seed: 7 });
const bytes = new TextEncoder().encode(body);
const info = { remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 40000 } } as Deno.ServeHandlerInfo;
const request = () =>
  new Request("http://127.0.0.1:54321/v1/analytics/cashflow", {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) },
    body: bytes,
  });

async function serve(handler: Handler): Promise<void> {
  const response = await handler(request(), info);
  await response.text();
  if (response.status !== 200) throw new Error(`status ${response.status}`);
}

// The real handler and the last staircase step must give the same report.
const reference = await (await handlers.at(-1)![1](request(), info)).text();
const stepped = await (await handlers.find(([n]) => n === "admission")![1](request(), info)).text();
if (reference !== stepped) throw new Error("the admission step and the deployed handler answer differently");

for (const [, handler] of handlers) for (let i = 0; i < 300; i++) await serve(handler);
const samples: Record<string, number[]> = Object.fromEntries(handlers.map(([n]) => [n, []]));
for (let r = 0; r < rounds; r++) {
  // Rotate the order every round, so that drift hits every step alike.
  for (let k = 0; k < handlers.length; k++) {
    const [name, handler] = handlers[(r + k) % handlers.length]!;
    const t0 = cpuUsage();
    for (let i = 0; i < perRound; i++) await serve(handler);
    const t = cpuUsage(t0);
    samples[name]!.push((t.user + t.system) / perRound);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const r1 = (x: number) => Math.round(x * 10) / 10;
const totals = Object.fromEntries(handlers.map(([n]) => [n, median(samples[n]!)]));
const layers: Record<string, number> = {};
let previous = 0;
for (const [name] of handlers) {
  layers[name] = r1(totals[name]! - previous);
  previous = totals[name]!;
}
console.log(JSON.stringify({
  method: `in-process CPU time (user + system) per request of POST /v1/analytics/cashflow with 100 transactions ` +
    `(${bytes.byteLength} bytes): ${handlers.length} handlers, each the previous one plus one layer; ${rounds} rotating ` +
    `rounds of ${perRound} requests per handler after 300 warm-ups; a layer is the difference of consecutive medians`,
  body_bytes: bytes.byteLength,
  total_us: r1(totals.log!),
  layers_us: layers,
  step_totals_us: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, r1(v)])),
  samples_us: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.map(r1)])),
}));
