/**
 * The account benches' common set-up (net-worth.ts, rollover.ts, recurring.ts): the database client (PostgreSQL at
 * BENCH_DATABASE_URL, else an embedded PGlite) migrated, and, once a script has seeded its measured user, the
 * production direct driver with row-level security that reads as that user (one read-only transaction per request as
 * `authenticated` with the user's claims, the same pool settings as production).
 */
import { createOperations } from "@pfa/core";
import type { z } from "zod";
import { migrate } from "../../scripts/db/migrate.ts";
import { createPgliteClient, createPostgresClient, type SqlClient } from "../../scripts/db/sql-client.ts";
import { createDirectDataProvider } from "../../supabase/functions/v1/data/direct/direct-provider.ts";
import { postgresEngine, type SqlEngine } from "../../supabase/functions/v1/data/direct/sql-engine.ts";
import type { AccountOperation } from "../../packages/core/src/contracts/operation.ts";

export const benchUrl = Deno.env.get("BENCH_DATABASE_URL") || undefined;
export const benchQuick = Deno.env.get("BENCH_QUICK") === "1";
export const engineName = benchUrl ? "postgres" : "pglite";

/** Prints the bench's one `BENCH:{json}` line on stderr. */
export function emitter(event: string): (data: Record<string, unknown>) => void {
  return (data) => console.error(`BENCH:${JSON.stringify({ event, ...data })}`);
}

/** The migrated database of the bench. */
export async function benchDatabase(url: string | undefined = benchUrl): Promise<SqlClient> {
  const client: SqlClient = url ? createPostgresClient(url, { max: 2 }) : await createPgliteClient();
  await migrate(client);
  return client;
}

/** Runs account operations as `userId` through the direct driver; `close` also closes `client`. */
export function readAs(client: SqlClient, userId: string, url: string | undefined = benchUrl) {
  const engine: SqlEngine = url
    ? postgresEngine(url, { max: 5, connectTimeoutSeconds: 5, idleTimeoutSeconds: 60 })
    : client;
  const provider = createDirectDataProvider({
    engine,
    statementTimeoutMs: 5000,
    maxConcurrency: url ? 5 : 1,
    acquireTimeoutMs: 5000,
  });
  const user = { sub: userId, token: "", claims: { sub: userId, role: "authenticated", aud: "authenticated" } };
  const { byName } = createOperations();
  return {
    byName,
    /** One request of `op` with the raw query `query` (parsed by the operation's own schema). */
    request<In extends z.ZodType, Out extends z.ZodType>(
      op: AccountOperation<In, Out>,
      query: Record<string, unknown>,
    ): () => Promise<z.input<Out>> {
      const input = op.input.parse(query);
      return () => provider.withUser(user, (data) => op.run(input, { data, subject: userId }));
    },
    async close() {
      await engine.close?.();
      if (url) await client.close();
    },
  };
}
