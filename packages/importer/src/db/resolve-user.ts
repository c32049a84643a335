/** The user an import is for, by email (case-insensitive) or uuid; null when there is no such user. */
import type { ImportSql } from "./import-sql.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function resolveUser(db: ImportSql, user: string): Promise<string | null> {
  const rows = UUID.test(user)
    ? await db.query<{ id: string }>("select id from auth.users where id = $1::uuid", [user])
    : await db.query<{ id: string }>("select id from auth.users where lower(email) = lower($1) limit 2", [user]);
  return rows.length === 1 ? rows[0]!.id : null;
}
