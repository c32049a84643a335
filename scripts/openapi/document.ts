/**
 * `openApiDocument()`: the function's `/v1/openapi.json`, exactly as it serves it, built in process without a
 * server, a database or the network (the document depends on none of them). Used by the OpenAPI lint test and by
 * `npm run client:generate`.
 */
import { createTokenVerifier } from "../../supabase/functions/v1/auth/verifier.ts";
import { loadConfig } from "../../supabase/functions/v1/config.ts";
import type { AccountDataProvider } from "../../supabase/functions/v1/data/provider.ts";
import { createFunctionHandler } from "../../supabase/functions/v1/function-handler.ts";

const noDatabase: AccountDataProvider = {
  withUser: () => Promise.reject(new Error("the OpenAPI document needs no database")),
};

/** The document's JSON text, byte for byte what `GET /v1/openapi.json` answers. */
export async function openApiDocumentText(): Promise<string> {
  const config = loadConfig({
    SUPABASE_URL: "http://127.0.0.1:54321",
    PFA_LOG_REQUESTS: "false",
  });
  const handler = createFunctionHandler({ config, verifier: createTokenVerifier(config), accountData: noDatabase });
  const response = await handler(new Request("http://127.0.0.1:54321/v1/openapi.json"));
  if (response.status !== 200) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
  return await response.text();
}
