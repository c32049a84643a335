/**
 * Production wiring (index.ts): the configuration, the token verifier and the account-data driver. With
 * DATABASE_URL the direct SQL driver (a small postgres.js pool); otherwise supabase-js with the anon key and the
 * caller's token. Neither ever uses a service-role key.
 */
import { createTokenVerifier, type TokenVerifier } from "./auth/verifier.ts";
import { type Config, ConfigError } from "./config.ts";
import { createDirectDataProvider, deadlineFor } from "./data/direct/direct-provider.ts";
import { postgresEngine } from "./data/direct/sql-engine.ts";
import type { AccountDataProvider } from "./data/provider.ts";
import { createSupabaseDataProvider } from "./data/supabase/supabase-provider.ts";

export interface Dependencies {
  readonly config: Config;
  readonly verifier: TokenVerifier;
  readonly accountData: AccountDataProvider;
}

export function createAccountDataProvider(config: Config): AccountDataProvider {
  const db = config.database;
  if (db.url) {
    return createDirectDataProvider({
      engine: postgresEngine(db.url, {
        max: db.poolMax,
        connectTimeoutSeconds: db.connectTimeoutSeconds,
        idleTimeoutSeconds: db.idleTimeoutSeconds,
      }),
      statementTimeoutMs: db.statementTimeoutMs,
      maxConcurrency: db.poolMax,
      acquireTimeoutMs: db.connectTimeoutSeconds * 1000,
      ownsEngine: true,
    });
  }
  if (config.supabaseAnonKey) {
    return createSupabaseDataProvider({
      supabaseUrl: config.supabaseUrl,
      anonKey: config.supabaseAnonKey,
      requestTimeoutMs: deadlineFor(db.statementTimeoutMs),
    });
  }
  throw new ConfigError([
    "Account endpoints need a database: set DATABASE_URL (direct Postgres) or SUPABASE_ANON_KEY (through the " +
    "project's API). On hosted Supabase, SUPABASE_ANON_KEY is set automatically.",
  ]);
}

export function createDependencies(config: Config): Dependencies {
  return { config, verifier: createTokenVerifier(config), accountData: createAccountDataProvider(config) };
}
