/**
 * The edge function's request handler, assembled from its dependencies: createApp with the MCP routes mounted.
 * The deployed entry (index.ts) and the local server (`npm start`) both serve exactly this. Deno.serve's connection
 * info is passed on as Hono's env, so the rate limiter sees the client address.
 */
import { createApp } from "./app.ts";
import type { Dependencies } from "./deps.ts";
import { registerMcpRoutes } from "./mcp/routes.ts";

export type FunctionHandler = (request: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

export function createFunctionHandler(deps: Dependencies): FunctionHandler {
  const app = createApp(deps, { extend: registerMcpRoutes });
  return (request, info) => app.fetch(request, info);
}
