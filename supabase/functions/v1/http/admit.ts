/**
 * Counts a request (or a batch's tool calls) against its user, or its client address without a token, and refuses it
 * with 429 past the limit. REST routes and the MCP endpoint admit through this one function, so both count alike.
 * The key it counts against is kept on the context (`clientKey`) for the body-read shares (body.ts).
 */
import type { Context } from "hono";
import type { VerifiedUser } from "./bearer.ts";
import { clientAddress, remoteAddressOf } from "./client-address.ts";
import type { AppEnv } from "./context.ts";
import { ProblemError } from "./problem.ts";
import type { RateLimiter } from "./rate-limit.ts";

export interface Admission {
  readonly limiter: RateLimiter;
  /** Proxies whose `X-Forwarded-For` entries are trusted (client-address.ts). */
  readonly trustedProxyHops: number;
}

export async function admit(
  c: Context<AppEnv>,
  admission: Admission,
  user: VerifiedUser | undefined,
  points = 1,
): Promise<void> {
  const { limiter } = admission;
  const key = user
    ? `user:${user.sub}`
    : `ip:${clientAddress(c.req.raw.headers, remoteAddressOf(c.env), admission.trustedProxyHops)}`;
  c.set("clientKey", key);
  if (!limiter.enabled) return;
  const decision = await limiter.take(key, points);
  c.set("rateLimitHeaders", decision.headers);
  if (!decision.allowed) {
    throw new ProblemError(429, `Rate limit exceeded; retry in ${decision.resetSeconds} seconds.`, {
      headers: { "Retry-After": String(decision.resetSeconds) },
    });
  }
}
