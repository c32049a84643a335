/**
 * Errors of token verification. AuthError means the caller's credentials were refused (HTTP 401); its message is
 * safe to show to the caller. KeySetUnavailableError means the signing keys could not be fetched (HTTP 503): the
 * token may well be valid, so the caller should retry rather than sign in again.
 */

/** Why a token was refused. `missing_token` means no credentials at all: answer with a plain `Bearer` challenge. */
export type AuthFailureReason =
  | "missing_token"
  | "malformed_header"
  | "api_key"
  | "malformed_token"
  | "algorithm_not_allowed"
  | "unknown_key"
  | "bad_signature"
  | "expired"
  | "not_yet_valid"
  | "wrong_issuer"
  | "wrong_audience"
  | "wrong_role"
  | "bad_subject"
  | "bad_claims";

/** OAuth 2.0 bearer error code (RFC 6750 §3.1); null when no credentials were sent. */
export type OAuthErrorCode = "invalid_token" | "invalid_request" | null;

export class AuthError extends Error {
  override readonly name = "AuthError";
  readonly error: OAuthErrorCode;

  constructor(readonly reason: AuthFailureReason, description: string) {
    super(description);
    this.error = reason === "missing_token"
      ? null
      : reason === "malformed_header"
      ? "invalid_request"
      : "invalid_token";
  }

  /** The `WWW-Authenticate` value: `Bearer` alone when no token was sent, else with `error` and a description. */
  challenge(extra: Readonly<Record<string, string>> = {}): string {
    const params: Record<string, string> = { ...extra };
    if (this.error !== null) {
      params.error = this.error;
      params.error_description = this.message;
    }
    const rendered = Object.entries(params).map(([k, v]) => `${k}="${v.replace(/["\\]/g, "")}"`);
    return rendered.length === 0 ? "Bearer" : `Bearer ${rendered.join(", ")}`;
  }
}

export class KeySetUnavailableError extends Error {
  override readonly name = "KeySetUnavailableError";
  constructor(options?: { cause?: unknown }) {
    super("The token signing keys could not be loaded; try again shortly.", options);
  }
}
