/**
 * MCP tools as data. Each tool is derived from one operation of the registry (the same object that drives the
 * REST route and its OpenAPI entry), so no schema is ever written twice:
 * - `name` is the operation's name (`calculate_cashflow`, `get_cashflow`, ...);
 * - `inputSchema` is the JSON Schema of the REST body (POST) or query (GET), `outputSchema` that of the REST
 *   response body, both generated from the operation's zod schemas;
 * - every tool is read-only, idempotent and closed-world: it never writes and never reaches outside this API.
 */
import { z } from "zod";
import type { Operation } from "@pfa/core/contracts/operation.ts";
import { portableSchema } from "./portable-schema.ts";

export type JsonSchemaObject = { readonly type: "object"; readonly [key: string]: unknown };

export interface ToolAnnotations {
  readonly title: string;
  readonly readOnlyHint: true;
  readonly destructiveHint: false;
  readonly idempotentHint: true;
  readonly openWorldHint: false;
}

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  readonly outputSchema: JsonSchemaObject;
  readonly annotations: ToolAnnotations;
  /** Account tools need a signed-in user (a bearer token); calculation tools need nothing. */
  readonly requiresUser: boolean;
  readonly operation: Operation;
}

const CALCULATION_NOTE = "Pure calculation on the data you pass in: no sign-in, no stored data, no clock. The same " +
  "arguments always give the same result. Returns exactly the body of REST";
const ACCOUNT_NOTE = "Reads only the signed-in user's own data (row-level security). Needs the user's Supabase Auth " +
  "access token: the bearer token of the MCP HTTP connection, or PFA_ACCESS_TOKEN for the stdio server. " +
  "Returns exactly the body of REST";
const ERROR_NOTE = "On failure the result has isError: true and its text is the same RFC 9457 problem JSON that REST " +
  "returns (code validation_failed with errors[] naming each bad argument, unauthorized, service_unavailable, ...).";

/**
 * JSON Schema for one side of a zod schema, in the portable form of `portableSchema` (no `$schema`, no `type`
 * arrays: valid and equal in meaning under JSON Schema draft-07 and 2020-12, which MCP clients use). Input
 * schemas describe what a caller may send (`io: "input"`: a money amount may be a decimal string or a number),
 * output schemas what the API returns (`io: "output"`).
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchemaObject {
  const json = z.toJSONSchema(schema, { target: "draft-07", io, unrepresentable: "any" }) as Record<string, unknown>;
  if (json.type !== "object") {
    throw new TypeError(`MCP ${io} schemas must be JSON objects; got ${JSON.stringify(json.type)}`);
  }
  return portableSchema(json as JsonSchemaObject);
}

/** The MCP tool of one operation. */
export function toolFromOperation(operation: Operation): ToolDefinition {
  const requiresUser = operation.kind === "account";
  const rest = `${operation.method.toUpperCase()} ${operation.path}`;
  const description = [
    operation.summary,
    operation.description,
    `${requiresUser ? ACCOUNT_NOTE : CALCULATION_NOTE} ${rest}. ${ERROR_NOTE}`,
  ].filter((part) => part.trim() !== "").join("\n\n");
  return {
    name: operation.name,
    title: operation.summary,
    description,
    inputSchema: jsonSchemaOf(operation.input, "input"),
    outputSchema: jsonSchemaOf(operation.output, "output"),
    annotations: {
      title: operation.summary,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    requiresUser,
    operation,
  };
}

/** All tools of a registry, in registry order. Names must be unique. */
export function toolsFromOperations(operations: Iterable<Operation>): readonly ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  const seen = new Set<string>();
  for (const operation of operations) {
    if (seen.has(operation.name)) throw new Error(`Duplicate operation name ${operation.name}`);
    seen.add(operation.name);
    tools.push(toolFromOperation(operation));
  }
  return tools;
}
