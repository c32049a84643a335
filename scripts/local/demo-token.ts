/**
 * Local access tokens, shaped like Supabase Auth's own: ES256 (the local key), `iss` the local Auth URL, `aud` and
 * `role` `authenticated`, `sub` the user's id, one hour unless asked otherwise (`expiresIn`, up to a week, Supabase
 * Auth's own ceiling). For a demo user by email, or for any user given as `user` (looked up in the database by
 * scripts/local/local-users.ts).
 */
import { type JWK, SignJWT } from "jose";
import { DEMO_USERS } from "../db/demo-data.ts";
import { readLocalState } from "./local-state.ts";
import { signingKey } from "./signing-keys.ts";

export const LOCAL_HOST = "127.0.0.1";
export const LOCAL_PORT = 54321;
export const TOKEN_LIFETIME_SECONDS = 3600;
/** The longest lifetime `npm run token -- --expires-in` accepts: a week, the maximum of Supabase Auth's `jwt_expiry`. */
export const MAX_TOKEN_LIFETIME_SECONDS = 604_800;

/** `http://<host>:<port>`: the local stand-in for SUPABASE_URL. */
export function localSupabaseUrl(env: { get(name: string): string | undefined } = Deno.env): string {
  const host = env.get("HOST") || LOCAL_HOST;
  const port = env.get("PORT") || String(LOCAL_PORT);
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * The URL of the running local server, for the scripts that talk to it (`npm run token`, `npm run mcp`): from HOST
 * and PORT when either is set, else what `npm start` wrote at start-up (local-state.ts), else the default port.
 */
export function runningLocalSupabaseUrl(env: { get(name: string): string | undefined } = Deno.env): string {
  if (env.get("HOST") || env.get("PORT")) return localSupabaseUrl(env);
  return readLocalState(env)?.supabaseUrl ?? localSupabaseUrl(env);
}

export class UnknownDemoUserError extends Error {
  override readonly name = "UnknownDemoUserError";
}

export function demoUser(email: string): { id: string; email: string } {
  const wanted = email.trim().toLowerCase();
  const user = Object.values(DEMO_USERS).find((u) => u.email === wanted);
  if (!user) {
    const known = Object.values(DEMO_USERS).map((u) => u.email).join(", ");
    throw new UnknownDemoUserError(`unknown demo user ${JSON.stringify(email)}; the demo users are: ${known}`);
  }
  return user;
}

export async function createDemoToken(options: {
  readonly email: string;
  /** The user to sign for; default the demo user with `email`. */
  readonly user?: { readonly id: string; readonly email: string };
  readonly keys: readonly JWK[];
  readonly supabaseUrl: string;
  /** Seconds since the epoch; default now. */
  readonly now?: number;
  /** Lifetime in seconds; default an hour. */
  readonly expiresIn?: number;
}): Promise<string> {
  const user = options.user ?? demoUser(options.email);
  const { kid, alg, key } = await signingKey(options.keys);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  return await new SignJWT({
    email: user.email,
    phone: "",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: {},
    role: "authenticated",
    aal: "aal1",
    amr: [{ method: "password", timestamp: now }],
    session_id: crypto.randomUUID(),
    is_anonymous: false,
  })
    .setProtectedHeader({ alg, kid, typ: "JWT" })
    .setIssuer(`${options.supabaseUrl}/auth/v1`)
    .setAudience("authenticated")
    .setSubject(user.id)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? TOKEN_LIFETIME_SECONDS))
    .sign(key);
}
