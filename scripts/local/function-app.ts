/**
 * The edge function's request handler, built from its dependencies the same way the deployed function builds it:
 * part B's createApp with the MCP routes mounted. Deno.serve's connection info is passed on as Hono's env, so the
 * rate limiter sees the client address.
 */
import { createApp } from "../../supabase/functions/v1/app.ts";
import type { Dependencies } from "../../supabase/functions/v1/deps.ts";
import { registerMcpRoutes } from "../../supabase/functions/v1/mcp/routes.ts";
import type { FetchHandler } from "./local-server.ts";

export function createFunctionHandler(deps: Dependencies): FetchHandler {
  const app = createApp(deps, { extend: registerMcpRoutes });
  return (request, info) => app.fetch(request, info);
}
