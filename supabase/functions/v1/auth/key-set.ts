/**
 * Where verification keys come from: an inline key set (SUPABASE_JWKS, or the local key set of `npm start`; no
 * network), or the project's JWKS URL through jose's remote key set, which caches the keys, refetches when a
 * token names an unknown `kid` (at most once per cooldown period), and times out slow fetches.
 */
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import type { AuthConfig } from "../config.ts";

export interface KeySetOptions {
  /** Minimum time between two fetches triggered by unknown `kid`s (default 30 s). */
  readonly cooldownMs?: number;
  /** Age after which cached keys are refetched (default 10 min). */
  readonly cacheMaxAgeMs?: number;
  /** Timeout of one JWKS fetch (default 5 s). */
  readonly timeoutMs?: number;
}

export interface KeySet {
  readonly getKey: JWTVerifyGetKey;
  /** True when keys come over the network, so a failure to get them is an outage, not a bad token. */
  readonly remote: boolean;
}

export function createKeySet(auth: Pick<AuthConfig, "jwks" | "jwksUrl">, options: KeySetOptions = {}): KeySet {
  if (auth.jwks) return { getKey: createLocalJWKSet(auth.jwks), remote: false };
  return {
    getKey: createRemoteJWKSet(auth.jwksUrl, {
      cooldownDuration: options.cooldownMs ?? 30_000,
      cacheMaxAge: options.cacheMaxAgeMs ?? 600_000,
      timeoutDuration: options.timeoutMs ?? 5_000,
    }),
    remote: true,
  };
}
