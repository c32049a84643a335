/**
 * Why `npm start`, `npm run db:migrate` or `npm run db:seed` could not start, as one line saying what is wrong and what
 * to do, instead of a stack trace: the configuration (ConfigError), the database at DATABASE_URL (unreachable, refused,
 * missing), the port (already in use, not allowed), the signing-keys file (broken). The process then exits with 1.
 */
import { ConfigError } from "../../supabase/functions/v1/config.ts";
import { errorFacts } from "../../supabase/functions/v1/data/error-facts.ts";
import { SigningKeysError } from "./signing-keys.ts";

export interface StartupContext {
  /** DATABASE_URL, if set (shown without its password). */
  readonly databaseUrl?: string | undefined;
  /** Where the server was to listen. */
  readonly host?: string;
  readonly port?: number;
}

/** The URL without its password, for messages. */
export function shownUrl(url: string): string {
  try {
    const shown = new URL(url);
    if (shown.password) shown.password = "***";
    return shown.href;
  } catch {
    return "(not a URL)";
  }
}

const CONNECTION_CODES =
  /^(08|28|3D000|55000|57P0|53)|^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ECONNRESET|CONNECT_TIMEOUT|CONNECTION_CLOSED|CONNECTION_ENDED)$/;

function databaseProblem(error: unknown, url: string): string | undefined {
  const facts = errorFacts(error);
  const code = facts.sqlstate ?? facts.driver_code;
  const name = (error as { name?: unknown } | null)?.name;
  const denoConnect = typeof name === "string" && /^(ConnectionRefused|ConnectionReset|TimedOut|NotFound)$/.test(name);
  if (!(code !== undefined && CONNECTION_CODES.test(code)) && !denoConnect) return undefined;
  const why = facts.driver_message ?? (error as Error).message;
  return `cannot use the database at DATABASE_URL ${shownUrl(url)}: ${why}${code ? ` (${code})` : ""}. ` +
    "Start PostgreSQL or fix DATABASE_URL (unset it to use the embedded PGlite with npm start).";
}

export function describeStartupFailure(error: unknown, context: StartupContext = {}): string {
  if (error instanceof ConfigError) {
    return `invalid configuration: ${error.problems.join("; ")}. See docs/CONFIGURATION.md.`;
  }
  if (error instanceof SigningKeysError) return error.message;
  if (error instanceof Deno.errors.AddrInUse || (error as { code?: unknown })?.code === "EADDRINUSE") {
    return `port ${context.port} on ${context.host} is already in use (another server, perhaps another npm start); ` +
      "stop it or start on another port: PORT=<free port> npm start.";
  }
  if (error instanceof Deno.errors.PermissionDenied && context.port !== undefined) {
    return `not allowed to listen on ${context.host}:${context.port}; choose a port above 1023: PORT=54321 npm start.`;
  }
  if (context.databaseUrl) {
    const problem = databaseProblem(error, context.databaseUrl);
    if (problem) return problem;
  }
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return `${(error as Error)?.name ?? "Error"}: ${message}`;
}

/** Prints the one line on stderr and exits with 1. */
export function failStartup(what: string, error: unknown, context: StartupContext = {}): never {
  console.error(`${what} failed: ${describeStartupFailure(error, context)}`);
  Deno.exit(1);
}
