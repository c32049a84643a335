/**
 * Local users beyond the two demo users: `addLocalUser` writes the `auth.users` row (the fields Supabase Auth gives
 * an email user) and the `public.profiles` row, as a trusted pipeline would; `findLocalUser` looks a user up by email
 * for `npm run token`. Both run on a connection that may write (`DATABASE_URL`: the owner or the service role).
 */
import { currencyScale } from "@pfa/core";
import type { SqlClient } from "../db/sql-client.ts";

export class LocalUserError extends Error {
  override readonly name = "LocalUserError";
}

export interface LocalUser {
  readonly id: string;
  readonly email: string;
}

export interface NewLocalUser {
  readonly email: string;
  /** ISO 4217; the profile's default currency (none when absent). */
  readonly currency?: string | undefined;
  /** IANA time zone; default UTC. */
  readonly timezone?: string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checked, normalized fields of a new user; throws a LocalUserError saying what is wrong. */
export function checkNewUser(user: NewLocalUser): { email: string; currency: string | null; timezone: string } {
  const email = user.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 255) {
    throw new LocalUserError(`${JSON.stringify(user.email)} is not an email address`);
  }
  let currency: string | null = null;
  if (user.currency !== undefined) {
    currency = user.currency.trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency) || currencyScale(currency) === undefined) {
      throw new LocalUserError(
        `--currency must be an ISO 4217 code such as EUR or USD; got ${JSON.stringify(user.currency)}`,
      );
    }
  }
  const timezone = user.timezone ?? "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: timezone });
  } catch {
    throw new LocalUserError(
      `--timezone must be an IANA time zone such as Europe/Berlin; got ${JSON.stringify(timezone)}`,
    );
  }
  return { email, currency, timezone };
}

export async function findLocalUser(client: Pick<SqlClient, "query">, email: string): Promise<LocalUser | undefined> {
  const rows = await client.query<{ id: string; email: string }>(
    "select id::text as id, email from auth.users where lower(email) = lower($1) limit 2",
    [email.trim()],
  );
  return rows.length === 1 ? rows[0] : undefined;
}

/** Creates the user and its profile in one transaction; a user with that email already is a LocalUserError. */
export async function addLocalUser(client: SqlClient, user: NewLocalUser): Promise<LocalUser> {
  const { email, currency, timezone } = checkNewUser(user);
  return await client.transaction(async (tx) => {
    if (await findLocalUser(tx, email)) throw new LocalUserError(`a user with the email ${email} exists already`);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                               created_at, updated_at)
       values ($1::text::uuid, 'authenticated', 'authenticated', $2, $3::timestamptz,
               '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb, $3::timestamptz, $3::timestamptz)`,
      [id, email, now],
    );
    await tx.query(
      "insert into public.profiles (user_id, default_currency, timezone) values ($1::text::uuid, $2, $3)",
      [id, currency, timezone],
    );
    return { id, email };
  });
}
