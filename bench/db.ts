/**
 * Account-side measurements, run by bench/run.mjs (which owns the fresh database and drops it afterwards).
 *
 *   BENCH_DATABASE_URL=postgres://.../fresh_db deno run -A bench/db.ts     (PostgreSQL)
 *   deno run -A bench/db.ts                                               (no URL: embedded PGlite)
 *
 * 1. Migrates the empty database and loads the scale data with COPY (scripts/db): one measured user with
 *    100,000 statement transactions plus 300 users with 3,000 each (1,000,000 transactions), then VACUUM ANALYZE.
 * 2. rls_overhead: `me_ledger_totals` (the query behind GET /v1/me/analytics/cashflow) as `authenticated` with
 *    the user's claims, vs the same query text as the superuser with an explicit `user_id` filter. Alternating,
 *    median of N. Both must return the same rows.
 * 3. summary_vs_raw_speedup: the get_cashflow operation (core) over the production direct driver's user
 *    transaction, fed by the shipped aggregate (`me_ledger_totals`), vs fed by the raw transactions of the year.
 *    Both must produce byte-identical JSON.
 * 4. Query plans of every account read function, as the user, via auto_explain (nested statements, ANALYZE,
 *    BUFFERS), written to bench/plans/*.txt.
 * 5. Serves the real app (createApp with the direct driver, as `DATABASE_URL=… npm start`) on this database
 *    for the orchestrator's autocannon run, and prints a token of the measured user.
 *
 * Talks to the orchestrator with `BENCH:{json}` lines on stderr; stdout is the served app's request log.
 */
import postgres from "postgres";
import { createOperations } from "@pfa/core";
import type { AccountData, LedgerTotalRow } from "@pfa/core";
import { migrate } from "../scripts/db/migrate.ts";
import { seedScale } from "../scripts/db/seed-scale.ts";
import { createPgliteClient, createPostgresClient, type SqlClient } from "../scripts/db/sql-client.ts";
import { createAccountData } from "../supabase/functions/v1/data/account-data.ts";
import { readFunctionSql } from "../supabase/functions/v1/data/direct/read-function-sql.ts";
import type { SqlEngine, SqlTransaction } from "../supabase/functions/v1/data/direct/sql-engine.ts";
import { postgresEngine } from "../supabase/functions/v1/data/direct/sql-engine.ts";
import { runInUserTransaction } from "../supabase/functions/v1/data/direct/user-transaction.ts";
import type { Row } from "../supabase/functions/v1/data/values.ts";
import { serveAccountApp } from "./servers/account.ts";

const url = Deno.env.get("BENCH_DATABASE_URL") || undefined;
const quick = Deno.env.get("BENCH_QUICK") === "1";
/** `--before <ref>`: the extracted tree of <ref>; its me_ledger_totals is measured next to this tree's. */
const BEFORE_DIR = Deno.env.get("BENCH_BEFORE_DIR") || undefined;
/** bench/plans/ for a full run; the orchestrator points partial runs (--only) elsewhere. */
const PLANS_DIR = new URL(`${Deno.env.get("BENCH_PLANS_DIR") ?? "./plans"}/`, import.meta.url);

// Events go to stderr: stdout carries the served app's request log, which the orchestrator discards.
const emit = (event: string, data: Record<string, unknown>) =>
  console.error(`BENCH:${JSON.stringify({ event, ...data })}`);
const log = (...a: unknown[]) => console.error(...a);
const r2 = (x: number) => Math.round(x * 100) / 100;
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

// ------------------------------------------------------------------------------------------ connections

/** One session for the timing loops, with the notices it received (auto_explain output). */
interface Session {
  readonly engine: "postgres" | "pglite";
  exec(text: string): Promise<void>;
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  notices: string[];
  close(): Promise<void>;
}

function postgresSession(dbUrl: string): Session {
  const notices: string[] = [];
  // prepare: false, like the production pool (sql-engine.ts).
  const sql = postgres(dbUrl, {
    max: 1,
    prepare: false,
    fetch_types: false,
    onnotice: (n) => notices.push(String(n.message)),
    connection: { TimeZone: "UTC", application_name: "pfa-bench" },
  });
  return {
    engine: "postgres",
    notices,
    async exec(text) {
      await sql.unsafe(text).simple();
    },
    async query(text, params = []) {
      return [...await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])];
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

function pgliteSession(client: SqlClient): Session {
  return {
    engine: "pglite",
    notices: [],
    exec: (text) => client.exec(text),
    query: (text, params = []) => client.query(text, params),
    close: () => Promise.resolve(),
  };
}

// ------------------------------------------------------------------------------------------ setup

interface Setup {
  admin: SqlClient | null;
  session: Session;
  engine: SqlEngine;
  pglite: SqlClient | null;
  timings: Record<string, number>;
  counts: Record<string, number>;
  user: { id: string; currency: string; year: number; transactions: number; budgetMonth: string };
}

/**
 * `--before`: the definition of me_ledger_totals in the earlier tree (its last migration that defines it),
 * installed as public.me_ledger_totals_before with the same grant, on the same data, so both definitions are
 * measured in the same rotating loops.
 */
async function installBeforeDefinition(client: SqlClient, dir: string): Promise<void> {
  const migrations = `${dir}/supabase/migrations`;
  const files = [...Deno.readDirSync(migrations)].map((f) => f.name).filter((f) => f.endsWith(".sql")).sort();
  const pattern = /create\s+(?:or\s+replace\s+)?function\s+public\.me_ledger_totals\s*\([\s\S]*?\n\$\$;/gi;
  let definition: string | undefined;
  for (const file of files) {
    for (const m of Deno.readTextFileSync(`${migrations}/${file}`).matchAll(pattern)) definition = m[0];
  }
  if (!definition) throw new Error(`no me_ledger_totals definition in ${migrations}`);
  await client.exec(definition.replace(/public\.me_ledger_totals\s*\(/i, "public.me_ledger_totals_before("));
  await client.exec(
    "revoke all on function public.me_ledger_totals_before(date, date) from public, anon; " +
      "grant execute on function public.me_ledger_totals_before(date, date) to authenticated",
  );
}

async function setup(): Promise<Setup> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  let client: SqlClient;
  let pglite: SqlClient | null = null;
  if (url) {
    client = createPostgresClient(url, { max: 2 });
  } else {
    pglite = await createPgliteClient();
    client = pglite;
  }
  await migrate(client);
  // Experiments only (e.g. a candidate migration before it lands): BENCH_EXTRA_SQL=<file> is applied after the
  // migrations, and results.json records it.
  const extra = Deno.env.get("BENCH_EXTRA_SQL");
  if (extra) await client.exec(await Deno.readTextFile(extra));
  if (BEFORE_DIR) await installBeforeDefinition(client, BEFORE_DIR);
  timings.migrate_ms = performance.now() - t;

  // Bulk load the way pg_restore does it: the big table's foreign keys and secondary indexes are dropped, the
  // rows COPYed, then the indexes built and the foreign keys added back (validated). Triggers stay on. The
  // resulting database is the same as loading row by row, minutes faster.
  t = performance.now();
  const loader = url ? createPostgresClient(url, { max: 1 }) : client;
  await loader.exec("set maintenance_work_mem = '256MB'");
  const table = "public.statement_transactions";
  const foreignKeys = await client.query<{ name: string; def: string }>(
    `select conname as name, pg_catalog.pg_get_constraintdef(oid) as def from pg_catalog.pg_constraint
     where conrelid = '${table}'::regclass and contype = 'f'`,
  );
  const secondary = await client.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_catalog.pg_indexes
     where schemaname = 'public' and tablename = 'statement_transactions'
       and indexname not in (select conname from pg_catalog.pg_constraint where conrelid = '${table}'::regclass)`,
  );
  for (const fk of foreignKeys) await loader.exec(`alter table ${table} drop constraint ${fk.name}`);
  for (const ix of secondary) await loader.exec(`drop index public.${ix.name}`);
  const measured = await seedScale(loader, { users: 1, transactionsPerUser: 100_000, seed: "bench-measured" });
  const others = await seedScale(loader, { users: 300, transactionsPerUser: 3_000, seed: "bench-others" });
  timings.seed_copy_ms = performance.now() - t;
  t = performance.now();
  for (const ix of secondary) await loader.exec(ix.def);
  for (const fk of foreignKeys) await loader.exec(`alter table ${table} add constraint ${fk.name} ${fk.def}`);
  timings.seed_index_and_fk_ms = performance.now() - t;
  await loader.exec("reset maintenance_work_mem");
  if (loader !== client) await loader.close();
  timings.seed_ms = timings.seed_copy_ms + timings.seed_index_and_fk_ms;
  log(`seeded ${measured.transactions + others.transactions} transactions in ${Math.round(timings.seed_ms)} ms`);

  t = performance.now();
  await client.exec("vacuum analyze");
  timings.vacuum_analyze_ms = performance.now() - t;

  const counts: Record<string, number> = {};
  for (
    const table of [
      "auth.users",
      "public.profiles",
      "public.statement_imports",
      "public.statement_transactions",
      "public.budgets",
      "public.goals",
      "public.goal_contributions",
    ]
  ) {
    const [row] = await client.query<{ n: unknown }>(`select count(*) as n from ${table}`);
    counts[table] = Number(row!.n);
  }
  counts.total_rows = Object.values(counts).reduce((a, b) => a + b, 0);

  const id = measured.userIds[0]!;
  const [profile] = await client.query<{ default_currency: string }>(
    "select default_currency from public.profiles where user_id = $1",
    [id],
  );
  const [latest] = await client.query<{ year: number; n: unknown; budget_month: string }>(
    `select extract(year from max(date))::int as year,
            (select count(*) from public.statement_transactions where user_id = $1) as n,
            (select max(month)::text from public.budgets where user_id = $1) as budget_month
     from public.statement_transactions where user_id = $1`,
    [id],
  );
  const session = url ? postgresSession(url) : pgliteSession(client);
  const engine = url
    ? postgresEngine(url, { max: 5, connectTimeoutSeconds: 5, idleTimeoutSeconds: 60 })
    : pgliteEngineFromClient(client);
  return {
    admin: url ? client : null,
    session,
    engine,
    pglite,
    timings,
    counts,
    user: {
      id,
      currency: profile!.default_currency,
      year: latest!.year,
      transactions: Number(latest!.n),
      budgetMonth: latest!.budget_month,
    },
  };
}

/** The direct driver's engine on the PGlite client (one connection: transactions are serialized). */
function pgliteEngineFromClient(client: SqlClient): SqlEngine {
  return {
    transaction: (fn) => client.transaction((tx) => fn({ query: (text, params = []) => tx.query(text, [...params]) })),
    close: () => Promise.resolve(),
  };
}

function claimsOf(userId: string): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: "http://127.0.0.1:54321/auth/v1",
    sub: userId,
    aud: "authenticated",
    role: "authenticated",
    exp: now + 3600,
    iat: now,
    email: "bench@example.com",
    session_id: crypto.randomUUID(),
    is_anonymous: false,
  };
}

// ------------------------------------------------------------------------------------------ rls_overhead

/** The body of public.me_ledger_totals with p_from/p_to as $1/$2 and the caller as an explicit $3 user id. */
async function explicitFilterQuery(session: Session): Promise<string> {
  const [row] = await session.query(
    "select prosrc from pg_catalog.pg_proc where oid = 'public.me_ledger_totals(date, date)'::regprocedure",
  );
  // A PL/pgSQL body (since 20261125110000) is `begin return query <statement>; end`: its statement is the query.
  const src = String(row!.prosrc).replace(/^[\s\S]*?\breturn\s+query\b([\s\S]*?);\s*end\s*;?\s*$/i, "$1");
  const uid = /\(\s*select\s+auth\.uid\(\)\s*\)/gi;
  if (!uid.test(src)) throw new Error("me_ledger_totals no longer filters on (select auth.uid()); update bench/db.ts");
  const body = src.replace(uid, "$3::uuid").replace(/\bp_from\b/g, "$1::date").replace(/\bp_to\b/g, "$2::date");
  // Named like the function's result columns (the body's own aggregate columns may be unnamed).
  return `select * from (${body}) as q (currency, month, kind, category, amount_minor, transaction_count)`;
}

async function asUser<T>(session: Session, userId: string, fn: () => Promise<T>): Promise<T> {
  await session.exec("begin");
  try {
    await session.exec("set transaction read only");
    await session.exec("set local role authenticated");
    await session.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claimsOf(userId))]);
    return await fn();
  } finally {
    await session.exec("commit");
  }
}

async function asSuperuser<T>(session: Session, fn: () => Promise<T>): Promise<T> {
  await session.exec("begin");
  try {
    await session.exec("set transaction read only");
    return await fn();
  } finally {
    await session.exec("commit");
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await fn();
  return [performance.now() - t0, v];
}

async function rlsOverhead(s: Setup) {
  const { session, user } = s;
  const from = `${user.year}-01-01`;
  const to = `${user.year}-12-31`;
  const fnQuery = "select * from public.me_ledger_totals($1::date, $2::date)";
  const inline = await explicitFilterQuery(session);
  const iterations = quick ? 31 : 101;

  const authFn = () => asUser(session, user.id, () => timed(() => session.query(fnQuery, [from, to])));
  const beforeQuery = "select * from public.me_ledger_totals_before($1::date, $2::date)";
  const authBefore = () => asUser(session, user.id, () => timed(() => session.query(beforeQuery, [from, to])));
  const authInline = () => asUser(session, user.id, () => timed(() => session.query(inline, [from, to, user.id])));
  const superInline = () => asSuperuser(session, () => timed(() => session.query(inline, [from, to, user.id])));

  // Same rows on every path.
  const [, a] = await authFn();
  const [, b] = await superInline();
  const [, c] = await authInline();
  const key = (rows: Record<string, unknown>[]) => JSON.stringify(rows.map((r) => Object.values(r).map(String)));
  if (key(a) !== key(b) || key(a) !== key(c)) throw new Error("rls_overhead: the compared queries disagree");
  if (BEFORE_DIR && key((await authBefore())[1]) !== key(a)) {
    throw new Error("rls_overhead: the before definition of me_ledger_totals disagrees");
  }
  if (a.length === 0) throw new Error("rls_overhead: the measured user has no rows");

  for (let i = 0; i < 3; i++) await authFn(), await superInline(), await authInline(); // warm cache
  const samples = {
    authenticated_function: [] as number[],
    superuser_explicit: [] as number[],
    authenticated_inline: [] as number[],
    ...(BEFORE_DIR ? { authenticated_function_before: [] as number[] } : {}),
  } as Record<string, number[]>;
  for (let i = 0; i < iterations; i++) {
    const order = [
      ["authenticated_function", authFn],
      ["superuser_explicit", superInline],
      ["authenticated_inline", authInline],
      ...(BEFORE_DIR ? [["authenticated_function_before", authBefore] as const] : []),
    ] as const;
    // Rotate the order so that no side is always first after the other's cache effects.
    for (let k = 0; k < order.length; k++) {
      const [name, fn] = order[(i + k) % order.length]!;
      const [ms] = await fn();
      samples[name]!.push(ms);
    }
  }
  const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  return {
    value: m.authenticated_function! / m.superuser_explicit!,
    raw: {
      method: `client-side time of one statement on one connection (prepare: false, like the production pool), ` +
        `${iterations} rotating samples per variant, median. authenticated: inside a read-only transaction after ` +
        `set local role authenticated and request.jwt.claims, calling public.me_ledger_totals('${from}', '${to}'). ` +
        `superuser: the function's own SQL text (from pg_proc) with (select auth.uid()) replaced by an explicit ` +
        `user_id parameter, as postgres (RLS bypassed). All three return the same ${a.length} rows.`,
      rows: a.length,
      authenticated_function_median_ms: r2(m.authenticated_function!),
      superuser_explicit_median_ms: r2(m.superuser_explicit!),
      authenticated_inline_median_ms: r2(m.authenticated_inline!),
      rls_overhead_inline: r2(m.authenticated_inline! / m.superuser_explicit!),
      ...(BEFORE_DIR
        ? {
          authenticated_function_before_median_ms: r2(m.authenticated_function_before!),
          rls_overhead_before: Math.round((m.authenticated_function_before! / m.superuser_explicit!) * 1000) / 1000,
        }
        : {}),
      samples_ms: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.map(r2)])),
    },
  };
}

// ------------------------------------------------------------------------------------------ summary vs raw

function callerOn(tx: SqlTransaction, before = false) {
  return async (name: Parameters<Parameters<typeof createAccountData>[0]>[0], args: Record<string, unknown>) => {
    const fn = before && name === "me_ledger_totals" ? "me_ledger_totals_before" : name;
    const { text, params } = readFunctionSql(fn as typeof name, args);
    const rows = await tx.query(text, params);
    return rows.map((r) => r.row as Row);
  };
}

/**
 * The raw alternative: load the user's raw transactions of the requested period into the core (one LedgerTotalRow
 * per transaction, count 1), plus one count per currency and kind of the transactions outside it (the report's
 * `excluded.outside_period_count`). Everything else (profile, core, formatting) is the shipped code.
 */
function rawLedger(tx: SqlTransaction, data: AccountData): AccountData {
  return {
    ...data,
    async ledgerTotals(from: string, to: string): Promise<LedgerTotalRow[]> {
      const inside = await tx.query(
        `select t.currency, t.date::text as date, t.effective_kind as kind, t.category, t.amount_minor
         from public.statement_transactions as t where t.date between $1::date and $2::date`,
        [from, to],
      );
      const outside = await tx.query(
        `select t.currency, t.effective_kind as kind, count(*) as n, sum(t.amount_minor) as amount
         from public.statement_transactions as t where not (t.date between $1::date and $2::date) group by 1, 2`,
        [from, to],
      );
      const rows: LedgerTotalRow[] = inside.map((r) => ({
        currency: r.currency as string,
        month: r.date as string,
        kind: r.kind as LedgerTotalRow["kind"],
        category: (r.category as string | null) ?? null,
        amount_minor: Number(r.amount_minor),
        transaction_count: 1,
      }));
      for (const r of outside) {
        rows.push({
          currency: r.currency as string,
          month: null,
          kind: r.kind as LedgerTotalRow["kind"],
          category: null,
          amount_minor: Number(r.amount),
          transaction_count: Number(r.n),
        });
      }
      return rows;
    },
  };
}

async function summaryVsRaw(s: Setup) {
  const { engine, user } = s;
  const op = createOperations().byName.get_cashflow;
  const input = op.input.parse({ currency: user.currency, year: String(user.year) });
  const verified = { sub: user.id, claims: claimsOf(user.id), token: "" };
  const run = (raw: boolean, before = false) =>
    runInUserTransaction(engine, verified, 60_000, async (tx) => {
      const data = createAccountData(callerOn(tx, before));
      const output = await op.run(input, { data: raw ? rawLedger(tx, data) : data, subject: user.id });
      return JSON.stringify(output);
    });
  const [, aggregated] = await timed(() => run(false));
  const [, raw] = await timed(() => run(true));
  if (aggregated !== raw) {
    throw new Error(`summary_vs_raw: the raw and aggregated paths disagree:\n${aggregated}\n${raw}`);
  }
  const iterations = quick ? 9 : 25;
  for (let i = 0; i < 2; i++) await run(false), await run(true);
  if (BEFORE_DIR && (await run(false, true)) !== aggregated) {
    throw new Error("summary_vs_raw: the before definition of me_ledger_totals disagrees");
  }
  const agg: number[] = [];
  const rawMs: number[] = [];
  const aggBefore: number[] = [];
  for (let i = 0; i < iterations; i++) {
    if (i % 2) {
      rawMs.push((await timed(() => run(true)))[0]);
      agg.push((await timed(() => run(false)))[0]);
    } else {
      agg.push((await timed(() => run(false)))[0]);
      rawMs.push((await timed(() => run(true)))[0]);
    }
    if (BEFORE_DIR) aggBefore.push((await timed(() => run(false, true)))[0]);
  }
  const [{ n }] = await s.session.query(
    "select count(*) as n from public.statement_transactions where user_id = $1 and date between $2::date and $3::date",
    [user.id, `${user.year}-01-01`, `${user.year}-12-31`],
  ) as [{ n: unknown }];
  return {
    value: median(rawMs) / median(agg),
    raw: {
      method: `get_cashflow (core operation, currency ${user.currency}, year ${user.year}) in one production user ` +
        `transaction (runInUserTransaction: read only, role authenticated, claims), result serialized to JSON; ` +
        `aggregated = the shipped me_ledger_totals; raw = the year's raw transactions as count-1 rows plus ` +
        `outside-period counts. Identical JSON. Alternating, median of ${iterations}.`,
      raw_transactions_loaded: Number(n),
      aggregated_median_ms: r2(median(agg)),
      raw_median_ms: r2(median(rawMs)),
      aggregated_ms: agg.map(r2),
      raw_ms: rawMs.map(r2),
      ...(BEFORE_DIR
        ? {
          aggregated_before_median_ms: r2(median(aggBefore)),
          summary_vs_raw_speedup_before: Math.round((median(rawMs) / median(aggBefore)) * 1000) / 1000,
          aggregated_before_ms: aggBefore.map(r2),
        }
        : {}),
      response_bytes: aggregated.length,
    },
  };
}

// ------------------------------------------------------------------------------------------ plans

/** Each account read function with realistic arguments for the measured user. */
const PLAN_CALLS: Record<string, (u: Setup["user"]) => [string, unknown[]]> = {
  me_profile: () => ["me_profile", []],
  me_ledger_totals: (u) => ["me_ledger_totals", [`${u.year}-01-01`, `${u.year}-12-31`]],
  me_budgets: (u) => ["me_budgets", [u.budgetMonth]],
  me_goals: (u) => ["me_goals", [`${u.year}-12-31`]],
  me_statement_imports: () => ["me_statement_imports", [51, null, null]],
  me_statement_transactions: () => ["me_statement_transactions", [51, null, null, null, null, null, null, null]],
  me_statement_transactions_filtered: (u) => [
    "me_statement_transactions",
    [51, null, null, null, `${u.year}-03-01`, `${u.year}-03-31`, "Groceries", "expense"],
  ],
};

interface FunctionSource {
  body: string;
  argNames: string[];
  argTypes: string[];
}

async function functionSource(session: Session, name: string): Promise<FunctionSource> {
  const [row] = await session.query(
    `select p.prosrc as body, p.pronargs as n,
            pg_catalog.array_to_string(coalesce(p.proargnames, '{}'), '|') as names,
            pg_catalog.array_to_string(array(select pg_catalog.format_type(t, null)
                                             from unnest(p.proargtypes) as t), '|') as types
     from pg_catalog.pg_proc as p join pg_catalog.pg_namespace as ns on ns.oid = p.pronamespace
     where ns.nspname = 'public' and p.proname = $1`,
    [name],
  );
  const list = (v: unknown) => (String(v) === "" ? [] : String(v).split("|"));
  const n = Number(row!.n);
  return { body: String(row!.body), argNames: list(row!.names).slice(0, n), argTypes: list(row!.types).slice(0, n) };
}

interface PlanSummary {
  file: string;
  initplan_auth_uid: boolean;
  index_scans: string[];
  seq_scans: string[];
  execution_ms: number | null;
}

function summarizePlan(text: string): Omit<PlanSummary, "file"> {
  const index = [
    ...text.matchAll(/(Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)?(?: using (\S+))? on (\S+)/g),
  ].map((m) => `${m[1]} on ${m[2] ?? m[3]}`);
  const seq = [...text.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]!);
  const exec = [...text.matchAll(/duration: ([\d.]+) ms/g)].map((m) => Number(m[1]));
  return {
    initplan_auth_uid: /InitPlan \d+/.test(text),
    index_scans: [...new Set(index)],
    seq_scans: [...new Set(seq)],
    execution_ms: exec.length ? Math.max(...exec) : null,
  };
}

async function plans(s: Setup): Promise<Record<string, PlanSummary>> {
  const { session, user } = s;
  const out: Record<string, PlanSummary> = {};
  await Deno.mkdir(PLANS_DIR, { recursive: true });
  if (session.engine === "postgres") {
    await session.exec(
      "load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; " +
        "set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on; " +
        "set auto_explain.log_timing = on; set auto_explain.log_level = notice",
    );
  }
  for (const [name, call] of Object.entries(PLAN_CALLS)) {
    const [fn, params] = call(user);
    const src = await functionSource(session, fn);
    const text = `select * from public.${fn}(${src.argTypes.map((t, i) => `$${i + 1}::${t}`).join(", ")})`;
    let planText: string;
    let how: string;
    if (session.engine === "postgres") {
      await asUser(session, user.id, () => session.query(text, params)); // warm
      session.notices.length = 0;
      await asUser(session, user.id, () => session.query(text, params));
      planText = session.notices.join("\n\n");
      how = "auto_explain (analyze, buffers, nested statements): the first plan is the statement inside the " +
        "function, the last the outer call";
    } else {
      // No auto_explain in PGlite: EXPLAIN the function's own SQL text with its arguments as parameters.
      // A PL/pgSQL body: its RETURN QUERY statement.
      let body = /return\s+query\s+([\s\S]*?);\s*end\s*;?\s*$/i.exec(src.body)?.[1] ?? src.body;
      src.argNames.forEach((arg, i) => {
        body = body.replace(new RegExp(`\\b${arg}\\b`, "g"), `$${i + 1}::${src.argTypes[i]}`);
      });
      const rows = await asUser(session, user.id, () => session.query(`explain (analyze, buffers) ${body}`, params));
      planText = rows.map((r) => String(Object.values(r)[0])).join("\n");
      how = "PGlite has no auto_explain: EXPLAIN (ANALYZE, BUFFERS) of the function's SQL text (from pg_proc) with " +
        "its arguments as parameters";
    }
    const header = `-- ${name}: ${text}  ${JSON.stringify(params)}\n-- as authenticated (set local role, ` +
      `request.jwt.claims of the measured user: ${user.transactions} transactions), ${s.session.engine}\n` +
      `-- ${how}\n\n`;
    const file = new URL(`${name}.txt`, PLANS_DIR).pathname.replace(/^.*\/bench\//, "bench/");
    await Deno.writeTextFile(new URL(`${name}.txt`, PLANS_DIR), header + planText + "\n");
    out[name] = { file, ...summarizePlan(planText) };
  }
  if (session.engine === "postgres") await session.exec("set auto_explain.log_min_duration = -1");
  return out;
}

// ------------------------------------------------------------------------------------------ main

const values: Record<string, number | null> = {};
const measurements: Record<string, unknown> = {};
const errors: Record<string, string> = {};
let s: Setup;
try {
  s = await setup();
} catch (e) {
  errors.rls_overhead = errors.summary_vs_raw_speedup = `setup failed: ${(e as Error).stack ?? e}`;
  emit("measured", { values, measurements, errors });
  emit("serving", { error: `setup failed: ${(e as Error).message}` });
  throw e;
}
const [{ version }] = await s.session.query("select version()") as [{ version: string }];
measurements.database = {
  engine: s.session.engine,
  version,
  setup_ms: Object.fromEntries(Object.entries(s.timings).map(([k, v]) => [k, Math.round(v)])),
  row_counts: s.counts,
  measured_user: s.user,
};
log(`measured user ${s.user.id}: ${s.user.transactions} transactions, ${s.user.currency}, year ${s.user.year}`);

for (
  const [key, fn] of [
    ["rls_overhead", rlsOverhead],
    ["summary_vs_raw_speedup", summaryVsRaw],
  ] as const
) {
  try {
    log(key);
    const r = await fn(s);
    values[key] = Math.round(r.value * 1000) / 1000;
    measurements[key] = r.raw;
  } catch (e) {
    errors[key] = String((e as Error).stack ?? e);
    log(`${key} failed: ${(e as Error).message}`);
  }
}
try {
  log("plans");
  measurements.plans = await plans(s);
} catch (e) {
  errors.plans = String((e as Error).stack ?? e);
}
emit("measured", { values, measurements, errors, engine_version: version });

try {
  const server = await serveAccountApp({ databaseUrl: url, pglite: s.pglite, user: s.user });
  emit("serving", server);
} catch (e) {
  emit("serving", { error: String((e as Error).stack ?? e) });
}
// Served until the orchestrator stops this process.
