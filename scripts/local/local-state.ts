/**
 * What a running `npm start` tells the other local scripts: its URL (the port is part of the tokens' issuer) and
 * its DATABASE_URL, if any. Written at start-up to `.temp/pfa-local-server.json` beside the signing keys (so
 * `supabase/.temp/`, gitignored, by default; beside PFA_SIGNING_KEYS_PATH's file when that is set) and removed when
 * the server stops. `npm run token` and `npm run mcp` read it when PORT is not set, so the banner's own commands
 * work whatever port the server was started on.
 */
import { dirname, join } from "node:path";
import { signingKeysPath } from "./signing-keys.ts";

type Env = { get(name: string): string | undefined };

export interface LocalServerState {
  /** `http://<host>:<port>`: the local stand-in for SUPABASE_URL. */
  readonly supabaseUrl: string;
  readonly port: number;
  /** The server's DATABASE_URL, when it uses one (local use only: the file sits with the private signing key). */
  readonly databaseUrl?: string;
  readonly pid: number;
}

export function localStatePath(env: Env = Deno.env): string {
  return join(dirname(signingKeysPath(env)), ".temp", "pfa-local-server.json");
}

export function writeLocalState(state: LocalServerState, env: Env = Deno.env): string {
  const path = localStatePath(env);
  Deno.mkdirSync(dirname(path), { recursive: true });
  Deno.writeTextFileSync(path, JSON.stringify(state, null, 2) + "\n", { mode: 0o600 });
  return path;
}

/** The state a running server wrote, or undefined when there is none (or it cannot be read). */
export function readLocalState(env: Env = Deno.env): LocalServerState | undefined {
  try {
    const state = JSON.parse(Deno.readTextFileSync(localStatePath(env)));
    return typeof state?.supabaseUrl === "string" ? state as LocalServerState : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the state file if this process wrote it (a newer server's file is left alone). */
export function removeLocalState(pid: number, env: Env = Deno.env): void {
  if (readLocalState(env)?.pid !== pid) return;
  try {
    Deno.removeSync(localStatePath(env));
  } catch {
    // already gone
  }
}
