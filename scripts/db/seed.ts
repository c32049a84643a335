/**
 * `seed(client)`: loads the demo users. Users, profiles, budgets and goals (not statement data) are written as they
 * are generated; the statements go in as files, one per statement in its account's format (CSV, QIF, OFX, CAMT.053,
 * MT940), through the import pipeline (@pfa/importer, the code behind `npm run import`). So what the demo shows is
 * what a real import produces. The data ends today (UTC) unless `endDate` says otherwise.
 *
 * Re-seeding never loses data of your own. After seeding a demo user, the seed records a fingerprint of what it wrote
 * (the row count of every `public` table with a `user_id`, and a digest of the user's statement import ids) in the
 * user's `auth.users.raw_app_meta_data` (`pfa_demo_seed`). The next run replaces a demo user only while that
 * fingerprint still matches: a demo user with anything more (a CSV imported with `npm run import`, a budget written
 * in SQL) or with no fingerprint (seeded by an earlier version) is kept exactly as it is, and reported in `kept`.
 * `replace: true` (`npm run db:seed -- --replace`) replaces the demo users whatever they hold. Other users are never
 * touched.
 */
import { importFile } from "@pfa/importer";
import { loadDemoRates } from "./demo-rates.ts";
import { DEMO_USERS, type DemoOptions, generateDemoData } from "./demo-data.ts";
import type { Dataset } from "./dataset.ts";
import { storeDemoRules } from "./demo-rules.ts";
import { loadDataset } from "./load.ts";
import type { SqlClient } from "./sql-client.ts";
import { demoStatementFiles } from "./statement-files.ts";

export interface KeptDemoUser {
  readonly email: string;
  /** Why it was not re-seeded, for the start-up banner. */
  readonly reason: string;
}

export interface SeedResult {
  /** Demo users (re)seeded by this run. */
  readonly users: number;
  /** Statement transactions of every demo user, seeded or kept. */
  readonly transactions: number;
  /** Statement files imported by this run. */
  readonly imports: number;
  /** The emails of the demo users seeded by this run. */
  readonly seeded: readonly string[];
  /** Demo users left as they were, because they hold data the seed did not write. */
  readonly kept: readonly KeptDemoUser[];
}

export interface SeedOptions extends DemoOptions {
  /** Replace the demo users even when they hold data the seed did not write (default false). */
  readonly replace?: boolean;
}

/** Today in UTC, `YYYY-MM-DD`: the demo data's default end. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The key in `auth.users.raw_app_meta_data` holding the seed's fingerprint. */
export const SEED_MARKER_KEY = "pfa_demo_seed";

interface Fingerprint {
  readonly tables: Record<string, number>;
  readonly imports: string;
}

type Tx = Pick<SqlClient, "query">;

/** The `public` tables with a `user_id` column: every table a user's data lives in (new ones included). */
async function userTables(tx: Tx): Promise<string[]> {
  const rows = await tx.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'
     order by c.table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** What a user holds now: row counts per table and a digest of the statement import ids. */
async function fingerprint(tx: Tx, tables: readonly string[], userId: string): Promise<Fingerprint> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await tx.query<{ n: number }>(
      `select count(*)::int as n from public.${JSON.stringify(table)} where user_id = $1::text::uuid`,
      [userId],
    );
    counts[table] = Number(row!.n);
  }
  const [digest] = await tx.query<{ d: string | null }>(
    `select md5(coalesce(string_agg(id::text, ',' order by id), '')) as d from public.statement_imports
     where user_id = $1::text::uuid`,
    [userId],
  );
  return { tables: counts, imports: digest!.d ?? "" };
}

function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  const keys = new Set([...Object.keys(a.tables), ...Object.keys(b.tables)]);
  return a.imports === b.imports && [...keys].every((k) => (a.tables[k] ?? 0) === (b.tables[k] ?? 0));
}

/** Why an existing demo user must be kept, or undefined when the seed may replace it. */
async function keepReason(tx: Tx, tables: readonly string[], userId: string): Promise<string | undefined> {
  const [user] = await tx.query<{ marker: Fingerprint | string | null }>(
    `select raw_app_meta_data -> '${SEED_MARKER_KEY}' as marker from auth.users where id = $1::text::uuid`,
    [userId],
  );
  if (!user) return undefined; // not there: seed it
  const marker = typeof user.marker === "string" ? JSON.parse(user.marker) as Fingerprint : user.marker;
  if (!marker?.tables) return "it was not written by this seed (or by an earlier version of it)";
  const now = await fingerprint(tx, tables, userId);
  if (sameFingerprint(marker, now)) return undefined;
  // Named: the tables written to, not the rollups that follow them (`*_totals`).
  const changed = Object.keys(now.tables).filter((t) => now.tables[t] !== (marker.tables[t] ?? 0))
    .filter((t) => !t.endsWith("_totals")).map((t) => `${t} ${marker.tables[t] ?? 0} -> ${now.tables[t]}`);
  return `it holds data the seed did not write (${changed.length ? changed.join(", ") : "other statement imports"})`;
}

/** The rows of `data` that belong to the users in `ids` (every row has a `user_id`, a user row its `id`). */
function onlyUsers(data: Dataset, ids: ReadonlySet<string>): Dataset {
  const out: Record<string, unknown[]> = {};
  for (const [key, rows] of Object.entries(data)) {
    out[key] = (rows as Array<{ user_id?: string; id?: string }>).filter((r) => ids.has(r.user_id ?? r.id ?? ""));
  }
  return out as unknown as Dataset;
}

/**
 * Seeds the demo users that hold only what an earlier seed wrote (or do not exist yet), in one transaction, so
 * running it twice gives the same database; keeps the others as they are (see the module comment).
 */
export async function seed(client: SqlClient, options: SeedOptions = {}): Promise<SeedResult> {
  const data = generateDemoData({ endDate: options.endDate ?? todayUtc() });
  const now = new Date().toISOString();
  return await client.transaction(async (tx) => {
    const tables = await userTables(tx);
    const demo = Object.values(DEMO_USERS);
    const kept: KeptDemoUser[] = [];
    const seeding = new Set<string>();
    for (const user of demo) {
      const reason = options.replace ? undefined : await keepReason(tx, tables, user.id);
      if (reason) kept.push({ email: user.email, reason });
      else seeding.add(user.id);
    }
    const ids = [...seeding];
    const files = demoStatementFiles(data).filter((f) => seeding.has(f.userId));
    if (ids.length) {
      await tx.query("delete from auth.users where id = any($1::text::uuid[])", [`{${ids.join(",")}}`]);
      const mine = onlyUsers(data, seeding);
      await loadDataset(tx, { ...mine, statement_imports: [], statement_transactions: [] });
      // Their categorization rules, which the imports below apply (scripts/db/demo-rules.ts).
      await storeDemoRules(tx, seeding);
    }
    for (const file of files) {
      const [report] = await importFile(tx, { name: file.name, content: file.content }, {
        userId: file.userId,
        accountName: file.accountName,
        format: file.format,
        currency: file.currency,
        importedAt: file.importedAt < now ? file.importedAt : now,
      });
      if (report?.status !== file.expectedStatus) {
        throw new Error(
          `demo import of ${file.name}: ${report?.status}, expected ${file.expectedStatus}: ` +
            JSON.stringify(report?.errors),
        );
      }
    }
    await loadDemoRates(tx);
    // The fingerprint last, once everything the seed writes is in.
    for (const id of ids) {
      const print = await fingerprint(tx, tables, id);
      await tx.query(
        `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
           || jsonb_build_object('${SEED_MARKER_KEY}', $2::text::jsonb)
         where id = $1::text::uuid`,
        [id, JSON.stringify(print)],
      );
    }
    const all = demo.map((u) => u.id);
    const [count] = await tx.query<{ n: number }>(
      "select count(*)::int as n from public.statement_transactions where user_id = any($1::text::uuid[])",
      [`{${all.join(",")}}`],
    );
    return {
      users: ids.length,
      transactions: Number(count!.n),
      imports: files.length,
      seeded: demo.filter((u) => seeding.has(u.id)).map((u) => u.email),
      kept,
    };
  });
}
