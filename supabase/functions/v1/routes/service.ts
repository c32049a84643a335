/**
 * Service routes: health (never touches the database), the OpenAPI document and the HTML reference. The
 * document is generated on first request, after every route (the MCP one included) has been registered, and
 * then served from memory; the page renderer is loaded then too.
 */
import type { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/context.ts";
import { DOCS_CSP } from "../http/security-headers.ts";
import {
  API_VERSION,
  generateOpenApiDocument,
  type OpenApiDocument,
  type OpenApiEntries,
  registerServiceRoute,
  type Registry,
} from "../openapi/document.ts";

export const HealthSchema = z.object({
  status: z.literal("ok"),
  version: z.string().describe("API version."),
}).meta({ id: "Health" });

export type { OpenApiDocument };

/**
 * Adds the service routes and records their OpenAPI entries in `openapi`. The document covers every entry
 * recorded by the time it is first requested.
 */
export function registerServiceRoutes(
  app: Hono<AppEnv>,
  openapi: OpenApiEntries,
): { document(): Promise<OpenApiDocument> } {
  openapi.push((registry) => registerServiceRoutesDocs(registry));

  let document: Promise<OpenApiDocument> | undefined;
  let documentJson: string | undefined;
  let html: string | undefined;
  const getDocument = () =>
    document ??= generateOpenApiDocument(openapi).catch((error) => {
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
  app.get("/v1/docs", async () => {
    if (html === undefined) {
      const [document, { renderReference }] = await Promise.all([getDocument(), import("../reference/render.ts")]);
      html ??= renderReference(document);
    }
    return new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "public, max-age=300",
        "Content-Security-Policy": DOCS_CSP,
      },
    });
  });
  return { document: getDocument };
}

function registerServiceRoutesDocs(registry: Registry): void {
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
}
