/**
 * Service routes: health (never touches the database), the OpenAPI document and the HTML reference. The
 * document is generated on first request, after every route (the MCP one included) has been registered, and
 * then served from memory.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../http/context.ts";
import { DOCS_CSP } from "../http/security-headers.ts";
import { API_VERSION, openApiObjectConfig, registerServiceRoute } from "../openapi/document.ts";
import { renderReference } from "../reference/render.ts";

export const HealthSchema = z.object({
  status: z.literal("ok"),
  version: z.string().describe("API version."),
}).meta({ id: "Health" });

export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

export function registerServiceRoutes(app: OpenAPIHono<AppEnv>): { document(): OpenApiDocument } {
  const registry = app.openAPIRegistry;
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
    summary: "Human-readable API reference",
    description: "A self-contained HTML page generated from this document; it loads nothing from the network.",
    contentType: "text/html",
    schema: { type: "string" },
  });

  let document: OpenApiDocument | undefined;
  let documentJson: string | undefined;
  let html: string | undefined;
  const getDocument = () => (document ??= app.getOpenAPI31Document(openApiObjectConfig()));

  const health = JSON.stringify({ status: "ok", version: API_VERSION });
  app.get("/v1/health", () =>
    new Response(health, {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    }));
  app.get("/v1/openapi.json", () =>
    new Response(documentJson ??= JSON.stringify(getDocument()), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
    }));
  app.get("/v1/docs", () =>
    new Response(html ??= renderReference(getDocument()), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=300",
        "Content-Security-Policy": DOCS_CSP,
      },
    }));
  return { document: getDocument };
}
