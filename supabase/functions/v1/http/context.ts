/** The per-request values the HTTP layer keeps on Hono's context. */
import type { VerifiedUser } from "./bearer.ts";

export interface AppEnv {
  Variables: {
    requestId: string;
    /** The verified user, once a token has been checked (for logs and rate limiting). */
    user: VerifiedUser | undefined;
    /** RateLimit / RateLimit-Policy headers of the request, added to whatever response it gets. */
    rateLimitHeaders: Readonly<Record<string, string>> | undefined;
    /** Who the request counts against (`user:<sub>` or `ip:<address>`), once admitted: body-read shares use it. */
    clientKey: string | undefined;
    /** Set by a route whose response already has every common header (http/response-headers.ts). */
    headersDone: boolean | undefined;
  };
}
