/**
 * Service routes: health (never touches the database), the OpenAPI document, the reference page and the
 * reference's script (Scalar's standalone bundle, served from the function folder). The document is generated on
 * first request, after every route (the MCP one included) has been registered, and then served from memory; the
 * page and the script are read then too.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../http/context.ts";
import { ProblemError } from "../http/problem.ts";
import type { ReferencePage } from "../reference/page.ts";
import type { OpenApiDocument } from "../openapi/document.ts";
import { API_VERSION, type OpenApiEntries, type Registry, SCALAR_SCRIPT_PATH } from "../openapi/entries.ts";

/** openapi/document.ts, loaded when the document (or the page, for its title) is first asked for. */
const documentModule = () => import("../openapi/document.ts");

/** The health answer's schema, one for the process (zod is loaded with the document, not at start-up). */
const healthSchema = (() => {
  let schema: Promise<ReturnType<typeof build>> | undefined;
  const build = (z: typeof import("zod").z) =>
    z.object({
      status: z.literal("ok"),
      version: z.string().describe("API version."),
    }).meta({ id: "Health" });
  return () =>
    schema ??= import("zod").then((m) => build(m.z)).catch((error) => {
      schema = undefined;
      throw error;
    });
})();

export type { OpenApiDocument };

/**
 * Adds the service routes and records their OpenAPI entries in `openapi`. The document covers every entry
 * recorded by the time it is first requested.
 */
export function registerServiceRoutes(
  app: Hono<AppEnv>,
  openapi: OpenApiEntries,
): { document(): Promise<OpenApiDocument> } {
  openapi.push(async (registry) => {
    const [{ registerServiceRoute }, health] = await Promise.all([documentModule(), healthSchema()]);
    registerServiceRoutesDocs(registry, registerServiceRoute, health);
  });

  let document: Promise<OpenApiDocument> | undefined;
  let documentJson: string | undefined;
  const getDocument = () =>
    document ??= documentModule().then((m) => m.generateOpenApiDocument(openapi)).catch((error) => {
      document = undefined;
      throw error;
    });

  const health = JSON.stringify({ status: "ok", version: API_VERSION });
  app.get("/v1/health", () =>
    new Response(health, {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    }));
  app.get("/v1/openapi.json", async () =>
    new Response(documentJson ??= JSON.stringify(await getDocument()), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
    }));
  let page: Promise<ReferencePage> | undefined;
  app.get("/v1/docs", async () => {
    const { html, contentSecurityPolicy } =
      await (page ??= Promise.all([import("../reference/page.ts"), documentModule()])
        .then(([m, d]) => m.referencePage(d.openApiObjectConfig().info.title))
        .catch((error) => {
          page = undefined;
          throw error;
        }));
    return new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=300",
        "Content-Security-Policy": contentSecurityPolicy,
      },
    });
  });
  app.get(SCALAR_SCRIPT_PATH, async (c) => {
    const { readScalarScript } = await import("../reference/scalar-script.ts");
    const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    const script = await readScalarScript(gzip);
    if (script === undefined) {
      throw new ProblemError(
        500,
        "The reference script is not bundled with this function: run `npm run docs:bundle` before deploying.",
      );
    }
    const headers: Record<string, string> = {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "Vary": "Accept-Encoding",
    };
    if (gzip) headers["Content-Encoding"] = "gzip";
    return new Response(script, { headers });
  });
  return { document: getDocument };
}

function registerServiceRoutesDocs(
  registry: Registry,
  registerServiceRoute: Awaited<ReturnType<typeof documentModule>>["registerServiceRoute"],
  HealthSchema: Awaited<ReturnType<typeof healthSchema>>,
): void {
  registerServiceRoute(registry, {
    path: "/v1/health",
    operationId: "health",
    summary: "Liveness check",
    description: "Answers without touching the database. `Cache-Control: no-store`.",
    contentType: "application/json",
    schema: HealthSchema,
  });
  registerServiceRoute(registry, {
    path: "/v1/openapi.json",
    operationId: "openapi",
    summary: "This OpenAPI 3.1 document",
    description: "Generated from the same zod schemas that validate requests.",
    contentType: "application/json",
    schema: { type: "object", description: "An OpenAPI 3.1 document." },
  });
  registerServiceRoute(registry, {
    path: "/v1/docs",
    operationId: "docs",
    summary: "Interactive API reference",
    description: 'Scalar\'s API reference for this document, with a request client ("try it") aimed at the ' +
      "server serving the page, and a table of the problem codes (the `#problem-<code>` targets of problem " +
      "`type`s). Its script is served by this function (`/v1/docs/scalar.js`); it loads nothing from elsewhere.",
    contentType: "text/html",
    schema: { type: "string" },
  });
  registerServiceRoute(registry, {
    path: SCALAR_SCRIPT_PATH,
    operationId: "docs_script",
    summary: "The reference page's script",
    description: "Scalar's standalone bundle (`@scalar/api-reference`, MIT), copied into the function by " +
      "`npm run docs:bundle`. 500 `internal_error` when a deployment left it out.",
    contentType: "text/javascript",
    schema: { type: "string" },
  });
}
