/** Extracts the token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1). */
import { AuthError } from "./errors.ts";

/** Compact JWS tokens are a few hundred bytes; anything this long is not one of ours. */
export const MAX_TOKEN_LENGTH = 16 * 1024;

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function extractBearerToken(header: string | null | undefined): string {
  if (header === null || header === undefined || header.trim() === "") {
    throw new AuthError("missing_token", "No bearer token was sent.");
  }
  if (!/^bearer(\s|$)/i.test(header.trim())) {
    // RFC 6750 §3.1: another scheme counts as no credentials for this one.
    throw new AuthError("missing_token", "The Authorization header must use the Bearer scheme.");
  }
  const match = BEARER.exec(header.trim());
  if (!match || match[1]!.length > MAX_TOKEN_LENGTH) {
    throw new AuthError("malformed_header", "The Authorization header must be `Bearer <token>`.");
  }
  return match[1]!;
}
