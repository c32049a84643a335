/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) for the MCP endpoint, and the `WWW-Authenticate` challenge
 * that points MCP clients at it.
 *
 * URLs. The resource is the MCP endpoint itself, `{base_url}/v1/mcp` (base_url = `{SUPABASE_URL}/functions/v1`).
 * RFC 9728 §3.1 would put the metadata at the host root (`/.well-known/oauth-protected-resource/functions/v1/...`),
 * which an edge function cannot serve: Supabase routes only `/functions/v1/<name>/...` to it. The metadata is
 * therefore served beside the endpoint, at `{base_url}/v1/mcp/.well-known/oauth-protected-resource`, and every
 * 401 names that URL in `resource_metadata` (RFC 9728 §5.1), which MCP clients follow before any fallback.
 *
 * The authorization server is Supabase Auth, whose issuer is `{SUPABASE_URL}/auth/v1`: the same value the token
 * verifier requires in `iss`.
 */

/** Path of the metadata document, relative to the MCP endpoint. */
export const METADATA_SUFFIX = "/.well-known/oauth-protected-resource";

export interface ProtectedResource {
  /** Absolute URL of the MCP endpoint, e.g. `https://ref.supabase.co/functions/v1/v1/mcp`. */
  readonly resource: string;
  /** Absolute URL of the metadata document. */
  readonly metadataUrl: string;
  /** The Supabase Auth issuer, e.g. `https://ref.supabase.co/auth/v1`. */
  readonly issuer: string;
  /** Human-readable reference of the API. */
  readonly documentation: string;
}

/** The resource and its URLs, from the project URL (`SUPABASE_URL`) and the Auth issuer. */
export function protectedResource(supabaseUrl: string, issuer: string): ProtectedResource {
  const base = `${supabaseUrl.replace(/\/+$/, "")}/functions/v1`;
  const resource = `${base}/v1/mcp`;
  return { resource, metadataUrl: resource + METADATA_SUFFIX, issuer, documentation: `${base}/v1/docs` };
}

/** The metadata document (RFC 9728 §2). */
export function protectedResourceMetadata(resource: ProtectedResource): Record<string, unknown> {
  return {
    resource: resource.resource,
    authorization_servers: [resource.issuer],
    bearer_methods_supported: ["header"],
    resource_name: "Personal Finance API (MCP)",
    resource_documentation: resource.documentation,
  };
}

/**
 * `WWW-Authenticate` for a 401 (RFC 6750 §3, RFC 9728 §5.1). Without credentials the challenge carries no error
 * code (RFC 6750 §3.1); a token that failed verification gets `error="invalid_token"`.
 */
export function bearerChallenge(metadataUrl: string, invalidToken = false): string {
  const params = [`resource_metadata="${metadataUrl}"`];
  if (invalidToken) params.unshift(`error="invalid_token"`);
  return `Bearer ${params.join(", ")}`;
}
