/**
 * Production wiring (index.ts): the configuration, the token verifier and the account-data driver. With
 * DATABASE_URL the direct SQL driver (a small postgres.js pool); otherwise supabase-js with the anon key and the
 * caller's token. Neither ever uses a service-role key.
 *
 * The drivers (postgres.js, supabase-js) and the function's data layer above them (data/) are imported on the first
 * account request, not at start-up: a calculation never needs them, and loading them is most of a cold start. The
 * choice of driver and the configuration check stay eager. Likewise jose, the token verifier's library, is imported
 * on the first request that carries a token.
 */
import type { TokenVerifier } from "./auth/verifier.ts";
import { type Config, ConfigError } from "./config.ts";
import type { AccountDataProvider } from "./data/provider.ts";

export interface Dependencies {
  readonly config: Config;
  readonly verifier: TokenVerifier;
  readonly accountData: AccountDataProvider;
}

/**
 * A provider that loads its driver on first use. `close` exists only when the driver has one (the direct driver
 * owns its pool); closing a provider that was never used has nothing to release. A failed load is retried on
 * the next request.
 */
function lazyProvider(load: () => Promise<AccountDataProvider>, closable: boolean): AccountDataProvider {
  let loading: Promise<AccountDataProvider> | undefined;
  const provider = (): Promise<AccountDataProvider> =>
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
  const lazy: AccountDataProvider = {
    async withUser(user, fn) {
      return (await provider()).withUser(user, fn);
    },
  };
  if (closable) {
    lazy.close = async () => {
      if (loading === undefined) return;
      await (await loading).close?.();
    };
  }
  return lazy;
}

export function createAccountDataProvider(config: Config): AccountDataProvider {
  const db = config.database;
  const url = db.url;
  if (url) {
    return lazyProvider(async () => {
      const [{ postgresEngine }, { createDirectDataProvider }] = await Promise.all([
        import("./data/direct/sql-engine.ts"),
        import("./data/direct/direct-provider.ts"),
      ]);
      return createDirectDataProvider({
        engine: postgresEngine(url, {
          max: db.poolMax,
          connectTimeoutSeconds: db.connectTimeoutSeconds,
          idleTimeoutSeconds: db.idleTimeoutSeconds,
        }),
        statementTimeoutMs: db.statementTimeoutMs,
        maxConcurrency: db.poolMax,
        acquireTimeoutMs: db.connectTimeoutSeconds * 1000,
        ownsEngine: true,
      });
    }, true);
  }
  const anonKey = config.supabaseAnonKey;
  if (anonKey) {
    return lazyProvider(async () => {
      const [{ createSupabaseDataProvider }, { deadlineFor }] = await Promise.all([
        import("./data/supabase/supabase-provider.ts"),
        import("./data/direct/direct-provider.ts"),
      ]);
      return createSupabaseDataProvider({
        supabaseUrl: config.supabaseUrl,
        anonKey,
        requestTimeoutMs: deadlineFor(db.statementTimeoutMs),
      });
    }, false);
  }
  throw new ConfigError([
    "Account endpoints need a database: set DATABASE_URL (direct Postgres) or SUPABASE_ANON_KEY (through the " +
    "project's API). On hosted Supabase, SUPABASE_ANON_KEY is set automatically.",
  ]);
}

/** The production token verifier (auth/verifier.ts), built on its first use. A failed load is retried. */
function lazyTokenVerifier(config: Config): TokenVerifier {
  let loading: Promise<TokenVerifier> | undefined;
  const verifier = (): Promise<TokenVerifier> =>
    loading ??= import("./auth/verifier.ts").then((m) => m.createTokenVerifier(config)).catch((error) => {
      loading = undefined;
      throw error;
    });
  return {
    async verify(authorizationHeader) {
      return (await verifier()).verify(authorizationHeader);
    },
  };
}

export function createDependencies(config: Config): Dependencies {
  return { config, verifier: lazyTokenVerifier(config), accountData: createAccountDataProvider(config) };
}
