/**
 * The Supabase Edge Function entry (`supabase functions deploy v1`): configuration from the environment, the
 * production dependencies, the app with its MCP routes. Everything else lives in app.ts and its modules.
 */
import { createApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { createDependencies } from "./deps.ts";
import { registerMcpRoutes } from "./mcp/routes.ts";

const app = createApp(createDependencies(loadConfig(Deno.env.toObject())), { extend: registerMcpRoutes });
Deno.serve((request, info) => app.fetch(request, info));
