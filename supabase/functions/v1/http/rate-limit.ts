/**
 * A fixed-window rate limiter, per key (`user:<sub>` or `ip:<address>`), held in memory. It is per instance:
 * each edge-function isolate counts on its own, so the effective limit across a fleet is a multiple of it.
 *
 * Headers follow draft-ietf-httpapi-ratelimit-headers (structured fields):
 * `RateLimit-Policy: "default";q=<limit>;w=<window seconds>` and `RateLimit: "default";r=<remaining>;t=<seconds
 * to reset>`. A refused request also gets `Retry-After: <seconds to reset>`.
 */
export interface RateLimitSettings {
  /** Requests allowed per window and key; 0 turns limiting off. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly headers: Record<string, string>;
  /** Seconds until the window resets (the `Retry-After` value of a refusal). */
  readonly resetSeconds: number;
}

interface Window {
  start: number;
  count: number;
}

/** The most keys held before expired windows are swept (bounds memory under a flood of client IPs). */
const SWEEP_AT = 10_000;

export class FixedWindowRateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #windowMs: number;
  readonly #policy: string;

  constructor(readonly settings: RateLimitSettings, private readonly now: () => number = Date.now) {
    this.#windowMs = settings.windowSeconds * 1000;
    this.#policy = `"default";q=${settings.limit};w=${settings.windowSeconds}`;
  }

  get enabled(): boolean {
    return this.settings.limit > 0 && this.settings.windowSeconds > 0;
  }

  /** Counts one request for `key` and says whether it may proceed. */
  take(key: string): RateLimitDecision {
    const now = this.now();
    const windowStart = now - (now % this.#windowMs);
    let window = this.#windows.get(key);
    if (!window || window.start !== windowStart) {
      if (!window && this.#windows.size >= SWEEP_AT) this.#sweep(windowStart);
      window = { start: windowStart, count: 0 };
      this.#windows.set(key, window);
    }
    window.count++;
    const allowed = window.count <= this.settings.limit;
    const remaining = Math.max(0, this.settings.limit - window.count);
    const resetSeconds = Math.max(1, Math.ceil((windowStart + this.#windowMs - now) / 1000));
    return {
      allowed,
      resetSeconds,
      headers: {
        "RateLimit-Policy": this.#policy,
        "RateLimit": `"default";r=${remaining};t=${resetSeconds}`,
      },
    };
  }

  #sweep(currentStart: number): void {
    for (const [key, window] of this.#windows) {
      if (window.start !== currentStart) this.#windows.delete(key);
    }
  }
}

/**
 * The client address for per-IP limits. Proxies append to `X-Forwarded-For`, so only its last entry was written
 * by the proxy in front of the function (on hosted Supabase, the gateway, which appends the address it saw); the
 * entries before it are whatever the client sent, and keying on them would let a client pick a fresh budget per
 * request. So: the last `X-Forwarded-For` entry, else `X-Real-IP`, else the socket address the runtime reports,
 * else `unknown`.
 */
export function clientIp(headers: Headers, remoteAddress?: string): string {
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) {
    const hops = forwarded.split(",").map((hop) => hop.trim()).filter((hop) => hop !== "");
    const last = hops[hops.length - 1];
    if (last) return last;
  }
  return headers.get("x-real-ip")?.trim() || remoteAddress || "unknown";
}
