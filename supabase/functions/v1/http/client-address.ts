/**
 * The client address a per-IP rate limit counts against. Each proxy in front of the function appends the address it
 * saw to `X-Forwarded-For`, so of that list only the entries written by proxies the operator trusts are facts: with
 * `trustedHops` proxies (PFA_TRUSTED_PROXY_HOPS; 1 on hosted Supabase, whose gateway appends the address it saw, and
 * for `npm start`, whose local gateway does the same), the client's address is the entry `trustedHops` from the end.
 * Entries before it are whatever the client sent, and keying on them would let a client pick a fresh budget per request
 * or spend a victim's. With 0 trusted hops the header is ignored: the socket's peer address counts.
 */
export function clientAddress(headers: Headers, remoteAddress: string | undefined, trustedHops: number): string {
  if (trustedHops > 0) {
    const forwarded = headers.get("x-forwarded-for");
    if (forwarded) {
      const hops = forwarded.split(",").map((hop) => hop.trim()).filter((hop) => hop !== "");
      // Fewer entries than trusted proxies: the leftmost was still written by one of them.
      const entry = hops[Math.max(0, hops.length - trustedHops)];
      if (entry) return entry;
    }
  }
  return remoteAddress || "unknown";
}

/** The socket address the runtime reports (Deno.serve's `remoteAddr`, through Hono's `env`), when there is one. */
export function remoteAddressOf(env: unknown): string | undefined {
  return (env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr?.hostname;
}
