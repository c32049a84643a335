/**
 * The database linter's rules. On a real PostgreSQL (TEST_DATABASE_URL, as in CI) this runs
 * `supabase db advisors --remote=<url>` and expects no finding but `unused_index` (normal on a fresh database).
 * The CLI cannot reach an in-memory PGlite, so on PGlite (and on a real server too) the same rules that matter here
 * are checked with catalog queries: row-level security on, `to authenticated` policies on
 * `(select auth.uid()) = user_id`, no grants to anon, SELECT-only grants to authenticated, search_path pinned on
 * functions, security_invoker views, indexes leading with user_id and covering every foreign key.
 */
import process from "node:process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSupabase } from "../../scripts/db/supabase-cli.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { migratedDatabase } from "./helpers.ts";

let db: TestDatabase;

beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
});
afterAll(async () => {
  await db?.close();
});

const ALL_TABLES = `select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                    where n.nspname = 'public' and c.relkind in ('r', 'p')`;
/**
 * Reference data: tables that hold no user's rows (no user_id column) and that every signed-in user reads whole.
 * They get one `to authenticated` SELECT policy on `true` instead of the owner-only one, and no user_id index.
 * Listed by name, so a new table is a per-user table unless it is added here on purpose.
 */
const REFERENCE_TABLES = ["exchange_rates"];
const TABLES = `select t.oid, t.relname from (${ALL_TABLES}) t
                where t.relname <> all (array[${REFERENCE_TABLES.map((t) => `'${t}'`).join(", ")}]::name[])`;

describe("catalog rules (both engines)", () => {
  it("has row-level security enabled on every public table", async () => {
    const rows = await db.client.query<{ relname: string }>(
      `select t.relname from (${ALL_TABLES}) t join pg_class c on c.oid = t.oid where not c.relrowsecurity`,
    );
    expect(rows, "Every public table should have row-level security enabled").toEqual([]);
  });

  it("gives every public table exactly one policy: SELECT to authenticated on (select auth.uid()) = user_id", async () => {
    const rows = await db.client.query<{ relname: string; policies: bigint; good: bigint }>(
      `select t.relname, count(p.polname) as policies,
              count(p.polname) filter (
                where p.polcmd = 'r' and p.polpermissive
                  and p.polroles = array[(select oid from pg_roles where rolname = 'authenticated')]::oid[]
                  and regexp_replace(pg_get_expr(p.polqual, p.polrelid), '\\s+', ' ', 'g')
                      = '(( SELECT auth.uid() AS uid) = user_id)'
                  and p.polwithcheck is null) as good
       from (${TABLES}) t left join pg_policy p on p.polrelid = t.oid
       group by t.relname order by t.relname`,
    );
    expect(rows.length, "There should be public tables to check").toBeGreaterThan(0);
    for (const row of rows) {
      expect(
        [row.relname, Number(row.policies), Number(row.good)],
        `${row.relname} should have one owner-only read policy`,
      )
        .toEqual([row.relname, 1, 1]);
    }
  });

  it("gives each reference table exactly one policy: SELECT to authenticated on every row, and no user_id column", async () => {
    const rows = await db.client.query<{ relname: string; policies: bigint; good: bigint; user_column: boolean }>(
      `select t.relname, count(p.polname) as policies,
              count(p.polname) filter (
                where p.polcmd = 'r' and p.polpermissive
                  and p.polroles = array[(select oid from pg_roles where rolname = 'authenticated')]::oid[]
                  and pg_get_expr(p.polqual, p.polrelid) = 'true'
                  and p.polwithcheck is null) as good,
              exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'user_id'
                      and not a.attisdropped) as user_column
       from (${ALL_TABLES}) t left join pg_policy p on p.polrelid = t.oid
       where t.relname = any (array[${REFERENCE_TABLES.map((t) => `'${t}'`).join(", ")}]::name[])
       group by t.oid, t.relname order by t.relname`,
    );
    expect(rows.map((r) => r.relname), "Every listed reference table should exist").toEqual(REFERENCE_TABLES);
    for (const row of rows) {
      expect(
        [row.relname, Number(row.policies), Number(row.good), row.user_column],
        `${row.relname} should have one read-everything policy for authenticated and hold no user's rows`,
      ).toEqual([row.relname, 1, 1, false]);
    }
  });

  it("grants anon nothing and authenticated SELECT only, on every public table and view", async () => {
    const rows = await db.client.query<{ relname: string; grantee: string; privilege: string }>(
      `select c.relname, r.rolname as grantee, a.privilege_type as privilege
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       cross join lateral aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
       join pg_roles r on r.oid = a.grantee
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'p', 'm')
         and (r.rolname = 'anon' or (r.rolname = 'authenticated' and a.privilege_type <> 'SELECT'))`,
    );
    expect(rows, "anon should have no privilege and authenticated only SELECT").toEqual([]);
    const everyone = await db.client.query(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       cross join lateral aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'p', 'm') and a.grantee = 0`,
    );
    expect(everyone, "PUBLIC should have no privilege on any table or view").toEqual([]);
  });

  it("pins search_path, uses security invoker and grants execute to authenticated only, on public functions", async () => {
    const rows = await db.client.query<
      { proname: string; secdef: boolean; config: string; anon: boolean; public: boolean; auth: boolean }
    >(
      `select p.proname, p.prosecdef as secdef, coalesce(array_to_string(p.proconfig, ' '), '') as config,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                      where a.grantee = 0) as public,
              has_function_privilege('authenticated', p.oid, 'execute') as auth
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
    );
    expect(rows.length, "There should be public functions to check").toBeGreaterThan(0);
    for (const f of rows) {
      expect(f.secdef, `${f.proname} should be security invoker`).toBe(false);
      expect(f.config.split(" "), `${f.proname} should set an empty search_path`).toContain('search_path=""');
      expect(f.anon, `anon should not be able to execute ${f.proname}`).toBe(false);
      expect(f.public, `PUBLIC should not be able to execute ${f.proname}`).toBe(false);
      expect(f.auth, `authenticated should be able to execute ${f.proname}`).toBe(true);
    }
  });

  it("makes every public view security_invoker", async () => {
    const rows = await db.client.query<{ relname: string; options: string }>(
      `select c.relname, coalesce(array_to_string(c.reloptions, ' '), '') as options from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'v'`,
    );
    expect(rows.length, "There should be public views to check").toBeGreaterThanOrEqual(5);
    for (const v of rows) {
      expect(v.options.split(" "), `${v.relname} should be security_invoker`).toContain("security_invoker=true");
    }
  });

  it("has an index leading with user_id on every public table", async () => {
    const rows = await db.client.query<{ relname: string }>(
      `select t.relname from (${TABLES}) t
       where not exists (
         select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
         where i.indrelid = t.oid and a.attname = 'user_id')`,
    );
    expect(rows, "Every public table should have an index leading with user_id").toEqual([]);
  });

  it("covers every foreign key with an index on its leading columns (the advisors' rule)", async () => {
    const rows = await db.client.query<{ conname: string }>(
      `select k.conname from pg_constraint k join pg_namespace n on n.oid = k.connamespace
       where k.contype = 'f' and n.nspname = 'public'
         and not exists (
           select 1 from pg_index i
           where i.indrelid = k.conrelid
             and (string_to_array(i.indkey::text, ' ')::smallint[])[1:array_length(k.conkey, 1)] = k.conkey)`,
    );
    expect(rows, "Every foreign key should have a covering index").toEqual([]);
  });

  it("does not expose auth.users through a public view", async () => {
    const rows = await db.client.query(
      `select distinct v.relname from pg_depend d join pg_rewrite w on w.oid = d.objid
       join pg_class v on v.oid = w.ev_class join pg_namespace n on n.oid = v.relnamespace
       where n.nspname = 'public' and d.refobjid = 'auth.users'::regclass`,
    );
    expect(rows, "No public view should read auth.users").toEqual([]);
  });
});

describe("supabase db advisors (real PostgreSQL only)", () => {
  it("reports no finding except unused_index", () => {
    if (!db.url) {
      // No server: the CLI cannot reach an in-memory PGlite. The catalog rules above cover this engine, and CI
      // (TEST_DATABASE_URL set) runs the real advisors. Assert that this is the engine we think it is.
      expect(process.env.TEST_DATABASE_URL, "Without a server URL the suite should be running on PGlite").toBeFalsy();
      expect(db.engine, "Without a server URL the database should be PGlite").toBe("pglite");
      return;
    }
    const result = runSupabase(["db", "advisors", `--remote=${db.url}`, "--level", "info", "--output-format", "json"]);
    expect(result.status, `supabase db advisors should run: ${result.stderr}`).toBe(0);
    const report = JSON.parse(result.stdout) as { results: { name: string; detail: string }[] };
    const findings = report.results.filter((r) => r.name !== "unused_index").map((r) => `${r.name}: ${r.detail}`);
    expect(findings, "The advisors should report nothing but unused indexes on a fresh database").toEqual([]);
  });
});
