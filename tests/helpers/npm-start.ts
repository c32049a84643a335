/**
 * `npm start` and `npm run token` in child processes, as a user runs them: scripts/start.ts on a given port (wait
 * for /v1/health), and scripts/token.ts with the same environment (the port is part of the token's issuer).
 */
import { createMigratedTestDatabase, type TestDatabase } from "./migrated-database.ts";

const DENO = Deno.execPath();
const ROOT = new URL("../../", import.meta.url);

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

export interface LocalServer {
  /** `http://127.0.0.1:<port>`: what supabase-js gets as the project URL. */
  readonly origin: string;
  /** `${origin}/functions/v1`: the base URL of the routes. */
  readonly base: string;
  printed(): string;
  stop(): Promise<void>;
}

/** Starts scripts/start.ts with `env` (PORT required) and waits until it answers, for at most `seconds`. */
export async function startLocalServer(env: Record<string, string>, seconds = 180): Promise<LocalServer> {
  const origin = `http://127.0.0.1:${env.PORT}`;
  const base = `${origin}/functions/v1`;
  const child = new Deno.Command(DENO, {
    args: ["run", "-A", "--no-check", "scripts/start.ts"],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let printed = "";
  const reading = child.stdout.pipeThrough(new TextDecoderStream()).pipeTo(
    new WritableStream({ write: (chunk) => void (printed += chunk) }),
  );
  let exited = false;
  child.status.then(() => exited = true);
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    await child.status;
    await reading;
  };
  for (let i = 0; i < seconds * 4; i++) {
    if (exited) break;
    try {
      const res = await fetch(`${base}/v1/health`);
      await res.body?.cancel();
      if (res.ok) return { origin, base, printed: () => printed, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`npm start was not ready (exited: ${exited}); it printed:\n${printed}`);
}

/** `npm run -s token -- <email>` with `env`: the exit code and what it printed. */
export async function demoToken(
  env: Record<string, string>,
  email: string,
): Promise<{ code: number; out: string; err: string }> {
  const r = await new Deno.Command(DENO, {
    args: ["run", "-A", "--no-check", "scripts/token.ts", email],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

export interface LocalServerSetup {
  /** PORT (free), PFA_SIGNING_KEYS_PATH (in `dir`, created on first use), DATABASE_URL with a server, and `extra`. */
  readonly env: Record<string, string>;
  /** The fresh database given to npm start as DATABASE_URL, when TEST_DATABASE_URL is set; else PGlite is used. */
  readonly database: TestDatabase | undefined;
  /** Drops the database, if any. */
  drop(): Promise<void>;
}

/** The environment for startLocalServer, with keys kept in `dir`; on TEST_DATABASE_URL's server, a fresh database. */
export async function localServerSetup(dir: string, extra: Record<string, string> = {}): Promise<LocalServerSetup> {
  const env: Record<string, string> = {
    PORT: String(freePort()),
    PFA_SIGNING_KEYS_PATH: `${dir}/signing_keys.json`,
    ...extra,
  };
  let database: TestDatabase | undefined;
  if (Deno.env.get("TEST_DATABASE_URL")) {
    database = await createMigratedTestDatabase();
    await database.client.close();
    env.DATABASE_URL = database.url!;
  }
  return { env, database, drop: async () => await database?.drop() };
}

/**
 * Runs `fn` while `npm start` serves on a free port (keys in a temporary folder; a fresh database on
 * TEST_DATABASE_URL's server, else PGlite), then stops the server and removes what it made.
 */
export async function withLocalServer<T>(
  fn: (server: LocalServer, env: Record<string, string>) => Promise<T>,
  extra: Record<string, string> = {},
): Promise<T> {
  const dir = await Deno.makeTempDir({ prefix: "pfa-npm-start-" });
  const setup = await localServerSetup(dir, extra);
  let server: LocalServer | undefined;
  try {
    server = await startLocalServer(setup.env);
    return await fn(server, setup.env);
  } finally {
    await server?.stop();
    await setup.drop();
    await Deno.remove(dir, { recursive: true });
  }
}
