/**
 * The production assembly (function-handler.ts) in a process of its own, served as `npm start` serves it, for suites that measure the server's memory
 * (its RSS, read from /proc) or hold hundreds of its connections: configured from the environment it is started with
 * (PFA_* limits), with no database (calculation routes only; an account route would be a 503). Prints its port as the
 * first line of stdout.
 */
import { createTokenVerifier } from "../../../supabase/functions/v1/auth/verifier.ts";
import { loadConfig } from "../../../supabase/functions/v1/config.ts";
import { DatabaseUnavailableError } from "../../../supabase/functions/v1/data/errors.ts";
import { createFunctionHandler } from "../../../supabase/functions/v1/function-handler.ts";
import { serveOnNodeHttp } from "../../../scripts/local/node-http-server.ts";

const config = loadConfig({ SUPABASE_URL: "http://127.0.0.1:54321", ...Deno.env.toObject(), DATABASE_URL: undefined });
const handler = createFunctionHandler({
  config: { ...config, logRequests: false },
  verifier: createTokenVerifier(config),
  accountData: { withUser: () => Promise.reject(new DatabaseUnavailableError()) },
});
// node:http, as `npm start` serves: it closes the connection of a body that was not read to the end.
const server = await serveOnNodeHttp({ hostname: "127.0.0.1", port: 0 }, handler);
console.log(String(server.port)); // a string: never coloured, whatever FORCE_COLOR says
