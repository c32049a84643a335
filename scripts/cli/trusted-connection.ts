/**
 * The trusted connection of the import, rates, rules and categorize commands (DATABASE_URL: the database owner or
 * the service role; never an API role): an unreachable database is one line and exit 1, an API role or an unknown user
 * a usage error (exit 64).
 */
import process from "node:process";
import { resolveUser } from "@pfa/importer";
import { createPostgresClient, type PostgresClientOptions, type SqlClient } from "../db/sql-client.ts";

export const EX_USAGE = 64;
const API_ROLES = new Set(["anon", "authenticated"]);

function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || u.searchParams.get("host") || "localhost"}:${u.port || "5432"}`;
  } catch {
    return "DATABASE_URL";
  }
}

export function oneLine(error: unknown): string {
  return String((error as Error)?.message ?? error).replace(/\s+/g, " ").trim().slice(0, 300);
}

/**
 * Connects through DATABASE_URL with one connection and checks it is not an API role; exits on failure with `usage`
 * (64) or 1. `purpose` completes the message when DATABASE_URL is not set.
 */
export async function openTrustedConnection(
  command: string,
  usage: (message: string) => never,
  purpose = "the trusted connection to write through",
  connection?: PostgresClientOptions["connection"],
): Promise<SqlClient> {
  const url = process.env.DATABASE_URL;
  if (!url) usage(`DATABASE_URL is not set (${purpose})`);
  const db = createPostgresClient(url, { max: 1, connection });
  let role: string;
  try {
    role = (await db.query<{ role: string }>("select current_user::text as role"))[0]!.role;
  } catch (error) {
    // Unreachable, refused, or no such database: one line, not a stack trace.
    console.error(`${command}: cannot connect to the database at ${databaseAddress(url)}: ${oneLine(error)}`);
    await db.close().catch(() => {});
    process.exit(1);
  }
  if (API_ROLES.has(role)) {
    await db.close();
    usage(`DATABASE_URL connects as ${role}, an API role: use the owner or service_role`);
  }
  return db;
}

/** openTrustedConnection, then resolves `user` (email or uuid); an unknown user is a usage error. */
export async function openTrusted(
  command: string,
  user: string,
  usage: (message: string) => never,
  purpose?: string,
  connection?: PostgresClientOptions["connection"],
): Promise<{ db: SqlClient; userId: string }> {
  const db = await openTrustedConnection(command, usage, purpose, connection);
  const userId = await resolveUser(db, user);
  if (!userId) {
    await db.close();
    usage(`no user ${JSON.stringify(user)} (give an email or a user id of auth.users)`);
  }
  return { db, userId };
}
