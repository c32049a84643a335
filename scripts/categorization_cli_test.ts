/**
 * `npm run rules` and `npm run categorize` as an operator runs them (real processes) on a real PostgreSQL
 * (TEST_DATABASE_URL; the commands connect through DATABASE_URL, which an in-process PGlite cannot offer): usage
 * errors exit 64; a bad rules file exits 64 with every error's pointer and changes nothing; `--list` prints the list
 * as GET returns it; the import applies the rules; re-applying after editing the rules undoes and redoes exactly,
 * a second run changes nothing, `--dry-run` writes nothing, the rollups stay exact, and a process killed in the
 * middle of a re-apply leaves the old state.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { storedRuleId } from "@pfa/core";
import { importFile } from "@pfa/importer";
import { createMigratedTestDatabase } from "../tests/helpers/migrated-database.ts";
import { createPostgresClient, type SqlClient } from "./db/sql-client.ts";

const RULES = new URL("./rules.ts", import.meta.url).pathname;
const CATEGORIZE = new URL("./categorize.ts", import.meta.url).pathname;

function command(script: string, args: string[], env: Record<string, string>) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script, ...args],
    env: { NO_COLOR: "1", ...env },
    clearEnv: false,
    stdout: "piped",
    stderr: "piped",
  });
}

async function run(script: string, args: string[], env: Record<string, string>) {
  const out = await command(script, args, env).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout), stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("npm run rules / categorize: usage errors exit 64, --help exits 0", async () => {
  const env = { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };
  const cases: [string, string[], RegExp][] = [
    [RULES, ["--list"], /--user is required/],
    [RULES, ["--user", "a@example.com"], /exactly one of --set FILE and --list/],
    [RULES, ["--user", "a@example.com", "--list", "--set", "x.json"], /exactly one of/],
    [RULES, ["--user", "a@example.com", "--frobnicate"], /Unknown option/],
    [CATEGORIZE, [], /--user is required/],
    [CATEGORIZE, ["--user", "a@example.com", "--from", "2026-02-30"], /--from 2026-02-30 is not a date/],
    [CATEGORIZE, ["--user", "a@example.com", "--from", "2026-03-01", "--to", "2026-02-01"], /is after --to/],
  ];
  for (const [script, args, message] of cases) {
    const result = await run(script, args, env);
    assert.equal(result.code, 64, `${args.join(" ")}: ${result.stderr}`);
    assert.match(result.stderr, message);
    assert.match(result.stderr, /usage: DATABASE_URL=/);
  }
  for (const script of [RULES, CATEGORIZE]) {
    const help = await run(script, ["--help"], env);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /usage: DATABASE_URL=/);
  }
});

const serverUrl = Deno.env.get("TEST_DATABASE_URL");
if (!serverUrl) {
  console.log("scripts/categorization_cli_test.ts: TEST_DATABASE_URL is not set: the database runs are not exercised");
}

const GOOD_RULES = [
  {
    id: "groceries",
    conditions: [{ field: "text", op: "starts_with", value: "rewe" }],
    set: { category: "Groceries" },
  },
  {
    id: "rent",
    name: "Rent to the landlord",
    conditions: [{ field: "counterparty", op: "equals", value: "Hausverwaltung Schmidt" }],
    set: { category: "Rent" },
  },
  {
    id: "salary",
    match: "all",
    conditions: [{ field: "text", op: "key_equals", value: "acme gmbh" }, { field: "amount", op: "gt", value: "0" }],
    set: { category: "Salary", kind: "income" },
  },
  {
    id: "savings-transfer",
    conditions: [{ field: "description", op: "matches", value: "^(Übertrag|Transfer) (to )?Tagesgeld" }],
    set: { category: "Transfers", kind: "transfer" },
  },
  { id: "never", enabled: false, conditions: [{ field: "text", op: "contains", value: "e" }], set: { category: "X" } },
];

// Six lines: four categorized by the rules above, one with the file's own category, one nothing matches.
const CSV = `date,amount,description,counterparty,category,kind
2026-01-03,-45.99,REWE SAGT DANKE 123,,,
2026-01-05,-850.00,Miete Januar,Hausverwaltung Schmidt,,
2026-01-28,3200.00,Gehalt Januar,ACME GmbH,,
2026-01-10,-500.00,Übertrag Tagesgeld,,,
2026-01-12,-12.50,REWE Snacks,,Snacks,
2026-01-15,-9.99,Netflix,,,
`;

type Snapshot = Record<string, string | null>[];

async function snapshot(client: SqlClient): Promise<Snapshot> {
  return await client.query(
    `select description, category, kind, effective_kind, category_source, category_rule_id::text as category_rule_id,
            kind_source, kind_rule_id::text as kind_rule_id
     from public.statement_transactions order by date, id`,
  );
}

/** The rollups the kind and category feed (monthly ledger, recurring occurrences) against the raw rows: empty when exact. */
async function rollupDrift(client: SqlClient): Promise<unknown[]> {
  return await client.query(
    `(select currency, month, kind, category, amount_minor::numeric, transaction_count from public.ledger_monthly_totals
      except
      select currency, date_trunc('month', date)::date, effective_kind, category, sum(amount_minor), count(*)
      from public.statement_transactions group by 1, 2, 3, 4)
     union all
     (select currency, date_trunc('month', date)::date, effective_kind, category, sum(amount_minor), count(*)
      from public.statement_transactions group by 1, 2, 3, 4
      except
      select currency, month, kind, category, amount_minor::numeric, transaction_count from public.ledger_monthly_totals)
     union all
     (select currency, date, recurring_key, direction, amount_minor::numeric, transaction_count
      from public.recurring_daily_totals
      except
      select currency, date, recurring_key, case when amount_minor > 0 then 'inflow' else 'outflow' end,
             sum(amount_minor), count(*)
      from public.statement_transactions where effective_kind <> 'transfer' and amount_minor <> 0 group by 1, 2, 3, 4)
     union all
     (select currency, date, recurring_key, case when amount_minor > 0 then 'inflow' else 'outflow' end,
             sum(amount_minor), count(*)
      from public.statement_transactions where effective_kind <> 'transfer' and amount_minor <> 0 group by 1, 2, 3, 4
      except
      select currency, date, recurring_key, direction, amount_minor::numeric, transaction_count
      from public.recurring_daily_totals)`,
  );
}

Deno.test({
  name: "npm run rules: --set validates and replaces the list, --list prints it as GET does, bad files change nothing",
  ignore: !serverUrl,
  async fn() {
    const db = await createMigratedTestDatabase();
    const dir = await Deno.makeTempDir({ prefix: "pfa-rules-" });
    try {
      const [user] = await db.client.query<{ id: string }>(
        "insert into auth.users (id, email) values (gen_random_uuid(), 'rules@example.com') returning id::text as id",
      );
      const env = { DATABASE_URL: db.url! };
      const good = join(dir, "rules.json");
      await Deno.writeTextFile(good, JSON.stringify(GOOD_RULES));
      const set = await run(RULES, ["--user", "RULES@example.com", "--set", good], env);
      assert.equal(set.code, 0, set.stderr);
      const listed = await run(RULES, ["--user", user!.id, "--list"], env);
      assert.equal(listed.code, 0, listed.stderr);
      const id = (rule: string) => storedRuleId(user!.id, rule);
      assert.deepEqual(JSON.parse(listed.stdout), {
        data: [
          {
            id: id("groceries"),
            name: "groceries",
            enabled: true,
            match: "all",
            conditions: GOOD_RULES[0]!.conditions,
            set: { category: "Groceries" },
          },
          {
            id: id("rent"),
            name: "Rent to the landlord",
            enabled: true,
            match: "all",
            conditions: GOOD_RULES[1]!.conditions,
            set: { category: "Rent" },
          },
          {
            id: id("salary"),
            name: "salary",
            enabled: true,
            match: "all",
            conditions: GOOD_RULES[2]!.conditions,
            set: { category: "Salary", kind: "income" },
          },
          {
            id: id("savings-transfer"),
            name: "savings-transfer",
            enabled: true,
            match: "all",
            conditions: GOOD_RULES[3]!.conditions,
            set: { category: "Transfers", kind: "transfer" },
          },
          {
            id: id("never"),
            name: "never",
            enabled: false,
            match: "all",
            conditions: GOOD_RULES[4]!.conditions,
            set: { category: "X" },
          },
        ],
      });
      const before = await db.client.query(
        'select id, position, name, enabled, match, conditions, "set", created_at, updated_at from public.categorization_rules order by position',
      );

      // Three errors in one file: every one is reported with its pointer, and nothing is written.
      const bad = join(dir, "bad.json");
      await Deno.writeTextFile(
        bad,
        JSON.stringify([
          { id: "a", conditions: [{ field: "text", op: "sounds_like", value: "x" }], set: { category: "A" } },
          { id: "a", conditions: [{ field: "text", op: "contains", value: "y" }], set: { category: "B" } },
          { id: "c", conditions: [{ field: "amount", op: "between", value: ["10", "1"] }], set: { category: "C" } },
        ]),
      );
      const refused = await run(RULES, ["--user", "rules@example.com", "--set", bad], env);
      assert.equal(refused.code, 64, refused.stderr);
      for (const pointer of ["/0/conditions/0/op", "/1/id", "/2/conditions/0/value"]) {
        assert.ok(refused.stderr.includes(`: ${pointer}: `), `${pointer} in ${refused.stderr}`);
      }
      assert.match(refused.stderr, /nothing was written/);
      const notJson = join(dir, "broken.json");
      await Deno.writeTextFile(notJson, '[{"id": "a",');
      assert.equal((await run(RULES, ["--user", "rules@example.com", "--set", notJson], env)).code, 64);
      const duplicateKey = join(dir, "dup.json");
      await Deno.writeTextFile(
        duplicateKey,
        '[{"id": "a", "id": "b", "conditions": [{"field": "text", "op": "contains", "value": "x"}], "set": {"category": "A"}}]',
      );
      const dup = await run(RULES, ["--user", "rules@example.com", "--set", duplicateKey], env);
      assert.equal(dup.code, 64);
      assert.match(dup.stderr, /\/0\/id: duplicate_key/);
      const after = await db.client.query(
        'select id, position, name, enabled, match, conditions, "set", created_at, updated_at from public.categorization_rules order by position',
      );
      assert.deepEqual(after, before, "a refused file changes nothing");

      // Re-setting a reordered, shorter list keeps the ids (and created_at) of the rules that stay.
      await Deno.writeTextFile(good, JSON.stringify([GOOD_RULES[2], GOOD_RULES[0]]));
      assert.equal((await run(RULES, ["--user", "rules@example.com", "--set", good], env)).code, 0);
      const reset = await db.client.query<{ id: string; position: number; created_at: string }>(
        "select id::text as id, position, created_at from public.categorization_rules order by position",
      );
      assert.deepEqual(reset.map((r) => [r.id, r.position]), [[id("salary"), 0], [id("groceries"), 1]]);
      const createdBefore = new Map(before.map((r) => [String(r.id), r.created_at]));
      for (const r of reset) assert.equal(r.created_at, createdBefore.get(r.id), "created_at kept");
      // An empty list removes them all.
      await Deno.writeTextFile(good, "[]");
      assert.equal((await run(RULES, ["--user", "rules@example.com", "--set", good], env)).code, 0);
      assert.deepEqual(JSON.parse((await run(RULES, ["--user", "rules@example.com", "--list"], env)).stdout), {
        data: [],
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
      await db.drop();
    }
  },
});

Deno.test({
  name: "npm run categorize: the import applies the rules; re-apply undoes and redoes exactly; --dry-run; kill",
  ignore: !serverUrl,
  async fn() {
    const db = await createMigratedTestDatabase();
    const dir = await Deno.makeTempDir({ prefix: "pfa-categorize-" });
    try {
      const [user] = await db.client.query<{ id: string }>(
        "insert into auth.users (id, email) values (gen_random_uuid(), 'cat@example.com') returning id::text as id",
      );
      const env = { DATABASE_URL: db.url! };
      const id = (rule: string) => storedRuleId(user!.id, rule);
      const rulesFile = join(dir, "rules.json");
      await Deno.writeTextFile(rulesFile, JSON.stringify(GOOD_RULES));
      assert.equal((await run(RULES, ["--user", "cat@example.com", "--set", rulesFile], env)).code, 0);
      const [report] = await importFile(db.client, { name: "jan.csv", content: CSV }, {
        userId: user!.id,
        accountName: "Girokonto",
        currency: "EUR",
      });
      assert.equal(report!.status, "completed", JSON.stringify(report!.errors));
      assert.equal(report!.categorized_by_rule_count, 4);
      assert.equal(report!.kind_set_by_rule_count, 2);
      const imported = await snapshot(db.client);
      const row = (
        description: string,
        category: string | null,
        kind: string | null,
        effective: string,
        categorySource: string | null,
        categoryRule: string | null,
        kindSource: string,
        kindRule: string | null,
      ) => ({
        description,
        category,
        kind,
        effective_kind: effective,
        category_source: categorySource,
        category_rule_id: categoryRule,
        kind_source: kindSource,
        kind_rule_id: kindRule,
      });
      assert.deepEqual(imported, [
        row("REWE SAGT DANKE 123", "Groceries", null, "expense", "rule", id("groceries"), "default", null),
        row("Miete Januar", "Rent", null, "expense", "rule", id("rent"), "default", null),
        row(
          "Übertrag Tagesgeld",
          "Transfers",
          "transfer",
          "transfer",
          "rule",
          id("savings-transfer"),
          "rule",
          id("savings-transfer"),
        ),
        // The file's own category is kept (the groceries rule matches, and is not applied to it).
        row("REWE Snacks", "Snacks", null, "expense", "file", null, "default", null),
        row("Netflix", null, null, "expense", null, null, "default", null),
        row("Gehalt Januar", "Salary", "income", "income", "rule", id("salary"), "rule", id("salary")),
      ]);

      const categorize = async (...args: string[]) => {
        const r = await run(CATEGORIZE, ["--user", "cat@example.com", "--json", ...args], env);
        assert.equal(r.code, 0, r.stderr);
        return JSON.parse(r.stdout);
      };
      const zeros = (ids: string[]) => ids.map((i) => ({ id: id(i), category_changed: 0, kind_changed: 0 }));
      const ALL = ["groceries", "rent", "salary", "savings-transfer", "never"];
      // Nothing to do right after the import.
      assert.deepEqual(await categorize(), {
        dry_run: false,
        transaction_count: 6,
        changed: { category: 0, kind: 0 },
        rules: zeros(ALL),
      });
      assert.deepEqual(await snapshot(db.client), imported);

      // Edit: groceries now matches Lidl only, the transfer rule is gone. A dry run counts, and writes nothing.
      const edited = [
        { ...GOOD_RULES[0], conditions: [{ field: "text", op: "starts_with", value: "lidl" }] },
        GOOD_RULES[1],
        GOOD_RULES[2],
        GOOD_RULES[4],
      ];
      await Deno.writeTextFile(rulesFile, JSON.stringify(edited));
      assert.equal((await run(RULES, ["--user", "cat@example.com", "--set", rulesFile], env)).code, 0);
      const EDITED = ["groceries", "rent", "salary", "never"];
      const undo = { changed: { category: 2, kind: 1 }, rules: zeros(EDITED), transaction_count: 6 };
      assert.deepEqual(await categorize("--dry-run"), { dry_run: true, ...undo });
      assert.deepEqual(await snapshot(db.client), imported, "--dry-run writes nothing");
      assert.deepEqual(await categorize(), { dry_run: false, ...undo });
      const undone = await snapshot(db.client);
      assert.deepEqual(undone, [
        row("REWE SAGT DANKE 123", null, null, "expense", null, null, "default", null),
        row("Miete Januar", "Rent", null, "expense", "rule", id("rent"), "default", null),
        row("Übertrag Tagesgeld", null, null, "expense", null, null, "default", null),
        row("REWE Snacks", "Snacks", null, "expense", "file", null, "default", null),
        row("Netflix", null, null, "expense", null, null, "default", null),
        row("Gehalt Januar", "Salary", "income", "income", "rule", id("salary"), "rule", id("salary")),
      ]);
      assert.deepEqual(await rollupDrift(db.client), [], "the rollups are exact after the re-apply");
      assert.deepEqual((await categorize()).changed, { category: 0, kind: 0 }, "a second run changes nothing");

      // Back to the original rules: re-applying redoes exactly what the import did, credited to the rules.
      await Deno.writeTextFile(rulesFile, JSON.stringify(GOOD_RULES));
      assert.equal((await run(RULES, ["--user", "cat@example.com", "--set", rulesFile], env)).code, 0);
      assert.deepEqual(await categorize("--from", "2026-01-01", "--to", "2026-01-31"), {
        dry_run: false,
        transaction_count: 6,
        changed: { category: 2, kind: 1 },
        rules: [
          { id: id("groceries"), category_changed: 1, kind_changed: 0 },
          { id: id("rent"), category_changed: 0, kind_changed: 0 },
          { id: id("salary"), category_changed: 0, kind_changed: 0 },
          { id: id("savings-transfer"), category_changed: 1, kind_changed: 1 },
          { id: id("never"), category_changed: 0, kind_changed: 0 },
        ],
      });
      assert.deepEqual(await snapshot(db.client), imported, "re-applying the original rules restores the import");
      assert.deepEqual(await rollupDrift(db.client), []);
      // --from/--to limit the rows; --overwrite lets the groceries rule replace the file's "Snacks".
      assert.equal((await categorize("--from", "2026-01-11", "--to", "2026-01-12")).transaction_count, 1);
      const overwritten = await categorize("--overwrite", "--from", "2026-01-12", "--to", "2026-01-12");
      assert.deepEqual(overwritten.changed, { category: 1, kind: 0 });
      assert.deepEqual(overwritten.rules[0], { id: id("groceries"), category_changed: 1, kind_changed: 0 });
      const [snacks] = await db.client.query(
        "select category, category_source from public.statement_transactions where description = 'REWE Snacks'",
      );
      assert.deepEqual(snacks, { category: "Groceries", category_source: "rule" });

      // Killed in the middle of its transaction: while its UPDATE waits for a row another session holds, the
      // process dies; the rows it had already updated in its transaction are rolled back with it.
      await Deno.writeTextFile(rulesFile, JSON.stringify(edited));
      assert.equal((await run(RULES, ["--user", "cat@example.com", "--set", rulesFile], env)).code, 0);
      const before = await snapshot(db.client);
      const holder = createPostgresClient(db.url!, { max: 1 });
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holding = holder.transaction(async (tx) => {
        await tx.query(
          "select 1 from public.statement_transactions where description = 'Übertrag Tagesgeld' for update",
        );
        locked();
        await released;
      });
      await isLocked;
      const child = command(CATEGORIZE, ["--user", "cat@example.com"], env).spawn();
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [waiting] = await db.client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update public.statement_transactions%'`,
        );
        if (waiting!.n > 0) break;
        assert.ok(Date.now() < deadline, "the re-apply should reach its UPDATE");
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill("SIGKILL");
      assert.equal((await child.status).success, false);
      await child.stdout.cancel();
      await child.stderr.cancel();
      for (let i = 0; i < 100; i++) {
        const [left] = await db.client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and query ilike 'update public.statement_transactions%'`,
        );
        if (left!.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      release();
      await holding;
      await holder.close();
      assert.deepEqual(await snapshot(db.client), before, "a killed re-apply leaves the old state");
      assert.deepEqual(await rollupDrift(db.client), []);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await db.drop();
    }
  },
});
