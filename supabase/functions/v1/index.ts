/**
 * The Supabase Edge Function entry (`supabase functions deploy v1`): configuration from the environment, the
 * production dependencies, the handler (function-handler.ts). Everything else lives in app.ts and its modules.
 */
import { loadConfig } from "./config.ts";
import { createDependencies } from "./deps.ts";
import { createFunctionHandler } from "./function-handler.ts";

Deno.serve(createFunctionHandler(createDependencies(loadConfig(Deno.env.toObject()))));
