/**
 * Hono glue for MCP: mounts `POST /v1/mcp` (Streamable HTTP, stateless) and
 * `GET /v1/mcp/.well-known/oauth-protected-resource` (RFC 9728) on the app, with the REST routes' verifier,
 * account-data provider, rate limiter and JSON parser. Called from `createApp` through its `extend` kit.
 *
 * The MCP SDK, the tools' JSON Schemas, the operations and their execution are loaded and built on the first
 * `/v1/mcp` request, not at start-up; the OpenAPI entry's module with the document.
 */
import { parseJsonBody } from "@pfa/core/json/parse-json-body.ts";
import type { Context } from "hono";
import type { App, AppKit } from "../app.ts";
import { admit } from "../http/admit.ts";
import type { VerifiedUser } from "../http/bearer.ts";
import type { AppEnv } from "../http/context.ts";
import type { McpHttpHandler } from "./handler.ts";
import { METADATA_SUFFIX, protectedResource, protectedResourceMetadata } from "./metadata.ts";

export const MCP_PATH = "/v1/mcp";
export const METADATA_PATH = MCP_PATH + METADATA_SUFFIX;

/** The public project URL and Auth issuer, when the dependencies carry the full config (deps.ts does). */
interface PublicUrls {
  readonly supabaseUrl?: string;
  readonly auth?: { readonly issuer?: string };
}

type Ctx = Context<AppEnv>;

/**
 * The protected resource. The project URL comes from the configuration (`SUPABASE_URL`, also the token issuer's
 * base); without it (test apps), from the request's origin.
 */
function resourceOf(config: PublicUrls, c: Ctx) {
  const supabaseUrl = config.supabaseUrl ?? new URL(c.req.url).origin;
  return protectedResource(supabaseUrl, config.auth?.issuer ?? `${supabaseUrl}/auth/v1`);
}

export function registerMcpRoutes(app: App, kit: AppKit): void {
  const { deps, admission } = kit;
  const config = deps.config as PublicUrls;
  const createHandler = async (): Promise<McpHttpHandler> => {
    const [{ createMcpHttpHandler }, { toolsFromOperations }, { executeOperation }, operations] = await Promise.all([
      import("./handler.ts"),
      import("./tools.ts"),
      import("./execute.ts"),
      kit.operations.all(),
    ]);
    return createMcpHttpHandler({
      tools: toolsFromOperations(operations),
      maxBatch: deps.config.limits.mcpMaxBatch,
      bodyLimits: kit.bodyLimits,
      verifier: deps.verifier,
      validateJson: parseJsonBody,
      invoker: (user, requestId, rejected) => (tool, args, callId) =>
        executeOperation(
          tool.operation,
          args,
          {
            requestId,
            user: () => Promise.resolve(user),
            accountData: kit.accountData,
            ...(kit.problemTypeBase === undefined ? {} : { problemTypeBase: kit.problemTypeBase }),
          },
          rejected.get(callId),
        ),
    });
  };
  let loading: Promise<McpHttpHandler> | undefined;
  const handler = () =>
    loading ??= createHandler().catch((error) => {
      loading = undefined;
      throw error;
    });

  /** Same policy as REST: counted against the user, or the client address without a token; every request of a batch counts. */
  const admitter = (c: Ctx) => (user: VerifiedUser | undefined, points?: number) => {
    c.set("user", user);
    return admit(c, admission, user, points);
  };

  app.post(MCP_PATH, async (c) =>
    (await handler())(c.req.raw, {
      requestId: c.get("requestId"),
      metadataUrl: resourceOf(config, c).metadataUrl,
      admit: admitter(c),
      clientKey: () => c.get("clientKey"),
      ...(kit.problemTypeBase === undefined ? {} : { problemTypeBase: kit.problemTypeBase }),
    }));

  kit.document(async (registry) =>
    (await import("../openapi/document.ts")).registerServiceRoute(registry, {
      path: METADATA_PATH,
      operationId: "mcp_protected_resource_metadata",
      summary: "OAuth protected-resource metadata of the MCP endpoint (RFC 9728)",
      description: "Names Supabase Auth (`{SUPABASE_URL}/auth/v1`) as the authorization server of `/v1/mcp`. MCP " +
        "clients find it through the `resource_metadata` parameter of a 401's `WWW-Authenticate` header.",
      contentType: "application/json",
      schema: { type: "object", description: "RFC 9728 metadata: resource, authorization_servers, ..." },
    })
  );
  app.get(METADATA_PATH, (c) =>
    new Response(JSON.stringify(protectedResourceMetadata(resourceOf(config, c))), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" },
    }));
}
