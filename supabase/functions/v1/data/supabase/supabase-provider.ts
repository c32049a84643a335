/**
 * The supabase-js driver: per request, a client with the project's anon key and the user's own token, calling the
 * SQL read functions through PostgREST (`POST /rest/v1/rpc/<fn>`). PostgREST switches to the `authenticated`
 * role with the token's claims, so row-level security scopes every row. No service key is ever involved.
 */
import type { AccountData } from "@pfa/core/contracts/account-data.ts";
import { createClient } from "@supabase/supabase-js";
import type { VerifiedUser } from "../../auth/verifier.ts";
import { createAccountData } from "../account-data.ts";
import { DatabaseUnavailableError } from "../errors.ts";
import type { AccountDataProvider } from "../provider.ts";
import type { Row } from "../values.ts";
import { postgrestError } from "./postgrest-errors.ts";

export interface SupabaseProviderOptions {
  readonly supabaseUrl: string;
  /** The anon (publishable) key: identifies the project to the API gateway; grants nothing by itself. */
  readonly anonKey: string;
  /** Client-side timeout of one RPC call (PostgREST's own statement timeout applies on the server). */
  readonly requestTimeoutMs: number;
  /** For tests: the fetch supabase-js uses. */
  readonly fetch?: typeof fetch;
}

export function createSupabaseDataProvider(options: SupabaseProviderOptions): AccountDataProvider {
  return {
    async withUser<T>(user: VerifiedUser, fn: (data: AccountData) => Promise<T>): Promise<T> {
      const client = createClient(options.supabaseUrl, options.anonKey, {
        global: {
          headers: { Authorization: `Bearer ${user.token}` },
          ...(options.fetch ? { fetch: options.fetch } : {}),
        },
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
      let open = true;
      const data = createAccountData(async (name, args): Promise<Row[]> => {
        if (!open) throw new Error("AccountData used after its request ended");
        let result;
        try {
          result = await client.rpc(name, args).abortSignal(AbortSignal.timeout(options.requestTimeoutMs));
        } catch (error) {
          throw new DatabaseUnavailableError(undefined, { cause: error });
        }
        if (result.error) throw postgrestError(name, result.status, result.error);
        const body: unknown = result.data;
        if (body === null || body === undefined) return [];
        if (Array.isArray(body)) return body as Row[];
        if (typeof body === "object") return [body as Row];
        throw new Error(`database call ${name} returned an unexpected body`);
      });
      try {
        return await fn(data);
      } finally {
        open = false;
      }
    },
  };
}
