/**
 * `npm run import` as an operator runs it (a real process): usage errors exit 64 before touching a database; with
 * a database (TEST_DATABASE_URL's PostgreSQL: the command connects through DATABASE_URL, which an in-process PGlite
 * cannot offer), `--json` prints one object per import with exactly the fields, the exit status is 0 when
 * every import completed or was partial and 1 when one failed, and a process killed in the middle of a large
 * import leaves nothing of it behind.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { createMigratedTestDatabase } from "../tests/helpers/migrated-database.ts";
import { FIXTURES } from "../packages/importer/test/expected.ts";

const SCRIPT = new URL("./import.ts", import.meta.url).pathname;

function command(args: string[], env: Record<string, string> = {}) {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", SCRIPT, ...args],
    env: { NO_COLOR: "1", ...env },
    clearEnv: false,
    stdout: "piped",
    stderr: "piped",
  });
}

async function run(args: string[], env: Record<string, string> = {}) {
  const out = await command(args, env).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout), stderr: new TextDecoder().decode(out.stderr) };
}

const fixture = (name: string) => join(FIXTURES, name);

Deno.test("npm run import: usage errors exit 64 with the usage text", async () => {
  const env = { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };
  const cases: [string[], RegExp, Record<string, string>?][] = [
    [["--account", "A", "f.csv"], /--user is required/],
    [["--user", "a@example.com", "f.csv"], /--account is required/],
    [["--user", "a@example.com", "--account", "A"], /at least one FILE/],
    [["--user", "a@example.com", "--account", "A", "--format", "pdf", "f.csv"], /--format must be/],
    [["--user", "a@example.com", "--account", "A", "--currency", "XYZ", "f.csv"], /not an ISO 4217/],
    [["--user", "a@example.com", "--account", "A", "--mapping", "/no/such.json", "f.csv"], /neither a preset/],
    [["--user", "a@example.com", "--account", "A", "--frobnicate", "f.csv"], /Unknown option/],
    [["--user", "a@example.com", "--account", "A", "--no-rules", "--overwrite", "f.csv"], /not with --no-rules/],
    [["--user", "a@example.com", "--account", "A", "f.csv"], /DATABASE_URL is not set/, { DATABASE_URL: "" }],
  ];
  for (const [args, message, extra] of cases) {
    const result = await run(args, { ...env, ...extra });
    assert.equal(result.code, 64, `${args.join(" ")}: ${result.stderr}`);
    assert.match(result.stderr, message);
    assert.match(result.stderr, /usage: DATABASE_URL=/);
  }
});

Deno.test("npm run import -- --help: the usage, the options, the presets, the mapping file and every date format", async () => {
  for (const flag of ["--help", "-h"]) {
    const result = await run([flag], { DATABASE_URL: "" });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, "");
    assert.match(result.stdout, /^usage: DATABASE_URL=\.\.\. npm run -s import -- --user/);
    for (
      const line of [
        "  --init-mapping OUT    CSV only, no database: write a mapping skeleton for FILE.csv to OUT (never overwritten)",
        "  standard        date, amount",
        "  lloyds          Transaction Date, Debit Amount, Credit Amount, Transaction Description, Balance",
        "  1. npm run -s import -- --init-mapping mapping.json export.csv",
        "  YYYY-MM-DD  2026-03-05",
        "  DD.MM.YYYY  05.03.2026",
        "  DD.MM.YY    05.03.26",
        "  MM/DD/YYYY  03/05/2026",
        "  DD/MM/YYYY  05/03/2026",
        "  YYYYMMDD    20260305",
        "Day and month may have one digit. Two-digit years (DD.MM.YY, and QIF's 01/05'24): 00-79 are 2000-2079,",
        "80-99 are 1980-1999.",
      ]
    ) {
      assert.ok(result.stdout.split("\n").includes(line), `--help has the line ${JSON.stringify(line)}`);
    }
  }
  // --help wins over everything else on the line, even an option the parser does not know.
  const mixed = await run(["--user", "x", "--frobnicate", "--help"], { DATABASE_URL: "" });
  assert.equal(mixed.code, 0, mixed.stderr);
});

Deno.test("npm run import -- --init-mapping: a skeleton from the header row, never overwriting, no database", async () => {
  const dir = await Deno.makeTempDir({ prefix: "pfa-init-mapping-" });
  try {
    const out = join(dir, "mapping.json");
    const csv = fixture("csv/dkb-two-digit-years.csv");
    const first = await run(["--init-mapping", out, csv], { DATABASE_URL: "" });
    assert.equal(first.code, 0, first.stderr);
    // The committed mapping of that fixture is this skeleton as written (the fixture suites import with it).
    assert.equal(
      await Deno.readTextFile(out),
      await Deno.readTextFile(fixture("csv/dkb-two-digit-years.mapping.json")),
    );
    assert.deepEqual(first.stdout.trimEnd().split("\n"), [
      `Wrote ${out} from the header row of dkb-two-digit-years.csv (delimiter ";"):`,
      "   1  Buchungstag                  -> date",
      "   2  Wertstellung",
      "   3  Buchungstext",
      "   4  Auftraggeber / Begünstigter  -> counterparty",
      "   5  Verwendungszweck             -> description",
      "   6  Kontonummer",
      "   7  BLZ",
      "   8  Betrag (EUR)                 -> amount",
      "   9  Gläubiger-ID",
      "  10  Mandatsreferenz",
      "  11  Kundenreferenz",
      'Guessed: date_format "DD.MM.YY", decimal ",", currency "EUR".',
      'Check every guess; "" leaves a column unmapped.',
      `Then: DATABASE_URL=... npm run -s import -- --user <email> --account "<account name>" --mapping ${out} ${csv}`,
    ]);
    const again = await run(["--init-mapping", out, csv], { DATABASE_URL: "" });
    assert.equal(again.code, 1);
    assert.equal(
      again.stderr.trim(),
      `import: ${out} exists; it is never overwritten: remove it or choose another name`,
    );
    // A file the presets already read says so; an ambiguous date format is left to fill in.
    const chase = join(dir, "chase.csv");
    await Deno.writeTextFile(chase, "Posting Date,Amount,Description,Balance\n03/05/2026,-5.00,COFFEE,95.00\n");
    const fromPreset = await run(["--init-mapping", join(dir, "chase.json"), chase], { DATABASE_URL: "" });
    assert.equal(fromPreset.code, 0, fromPreset.stderr);
    assert.match(fromPreset.stdout, /^Note: the preset "chase-checking" already reads this file/m);
    assert.match(fromPreset.stdout, /^Guessed: date_format not guessed, decimal "\.", no currency/m);
    assert.match(fromPreset.stdout, /^Still to fill in: date_format\.$/m);
    const numbers = join(dir, "numbers.csv");
    await Deno.writeTextFile(numbers, "1;2\n3;4\n");
    const none = await run(["--init-mapping", join(dir, "n.json"), numbers], { DATABASE_URL: "" });
    assert.equal(none.code, 1);
    assert.match(none.stderr, /no header row found in the first 20 rows/);
    const two = await run(["--init-mapping", join(dir, "x.json"), csv, csv], { DATABASE_URL: "" });
    assert.equal(two.code, 64);
    assert.match(two.stderr, /--init-mapping reads exactly one CSV FILE/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const serverUrl = Deno.env.get("TEST_DATABASE_URL");
if (!serverUrl) {
  console.log("scripts/import_test.ts: TEST_DATABASE_URL is not set: the command's database runs are not exercised");
}

Deno.test({
  name: "npm run import: --json objects, exit 0 / 1, an unknown user is a usage error",
  ignore: !serverUrl,
  async fn() {
    const db = await createMigratedTestDatabase();
    try {
      await db.client.query("insert into auth.users (id, email) values (gen_random_uuid(), 'op@example.com')");
      const env = { DATABASE_URL: db.url! };
      const ok = await run([
        "--user",
        "OP@example.com",
        "--account",
        "Checking",
        "--json",
        fixture("ofx/bank-sgml.ofx"),
        fixture("camt053/v02-two-statements.xml"),
      ], env);
      assert.equal(ok.code, 0, ok.stderr);
      const objects = ok.stdout.trim().split("\n").map((l) => JSON.parse(l));
      assert.equal(objects.length, 3, "one object per import: the CAMT file holds two statements");
      assert.deepEqual(Object.keys(objects[0]), [
        "file",
        "statement_import_id",
        "format",
        "status",
        "currency",
        "statement_start",
        "statement_end",
        "opening_balance",
        "closing_balance",
        "transaction_count",
        "duplicate_count",
        "error_count",
        "categorized_by_rule_count",
        "kind_set_by_rule_count",
        "errors",
      ]);
      assert.deepEqual(objects.map((o) => [o.format, o.status, o.transaction_count, o.closing_balance]), [
        ["ofx", "completed", 4, "4591.83"],
        ["camt053", "completed", 2, "1234.56"],
        ["camt053", "completed", 1, "1234.06"],
      ]);
      const partial = await run([
        "--user",
        "op@example.com",
        "--account",
        "Card",
        "--currency",
        "EUR",
        "--json",
        fixture("qif/day-first.qif"),
      ], env);
      assert.equal(partial.code, 0, "partial is a success");
      assert.equal(JSON.parse(partial.stdout).status, "partial");
      const failed = await run([
        "--user",
        "op@example.com",
        "--account",
        "Checking",
        fixture("ofx/bank-sgml.ofx"),
        fixture("hostile/xxe.xml"),
      ], env);
      assert.equal(failed.code, 1, "one failed file makes the exit status 1");
      assert.match(failed.stdout, /bank-sgml\.ofx: completed .*0 transactions, 4 duplicates/);
      assert.match(failed.stdout, /xxe\.xml: failed/);
      const dkb = await run([
        "--user",
        "op@example.com",
        "--account",
        "Girokonto",
        "--mapping",
        fixture("csv/dkb-two-digit-years.mapping.json"),
        "--json",
        fixture("csv/dkb-two-digit-years.csv"),
      ], env);
      assert.equal(dkb.code, 0, dkb.stderr);
      const read = JSON.parse(dkb.stdout);
      assert.deepEqual(
        [read.status, read.currency, read.statement_start, read.statement_end, read.transaction_count],
        ["partial", "EUR", "2026-03-02", "2026-03-31", 3],
        "the DD.MM.YY export through the skeleton --init-mapping wrote",
      );
      assert.equal(read.errors[0].line, 10);
      const nobody = await run(["--user", "nobody@example.com", "--account", "A", fixture("ofx/bank-sgml.ofx")], env);
      assert.equal(nobody.code, 64);
      assert.match(nobody.stderr, /no user/);
    } finally {
      await db.drop();
    }
  },
});

Deno.test({
  name: "npm run import: a process killed mid-import leaves no rows behind",
  ignore: !serverUrl,
  async fn() {
    const db = await createMigratedTestDatabase();
    const dir = await Deno.makeTempDir({ prefix: "pfa-kill-" });
    try {
      await db.client.query("insert into auth.users (id, email) values (gen_random_uuid(), 'kill@example.com')");
      const path = join(dir, "large.csv");
      const lines = ["date,amount,description"];
      for (let i = 0; i < 200_000; i++) {
        lines.push(`2026-01-${String(1 + (i % 28)).padStart(2, "0")},-1.${i % 100},Line ${i}`);
      }
      await Deno.writeTextFile(path, lines.join("\n") + "\n");
      const child = command(["--user", "kill@example.com", "--account", "Big", "--currency", "EUR", path], {
        DATABASE_URL: db.url!,
      }).spawn();
      // Kill it while its COPY is streaming the lines in (or, on a fast machine, while it moves them over).
      const deadline = Date.now() + 60_000;
      for (;;) {
        const active = await db.client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
             and (query ilike 'copy pg_temp.import_stage%' or query ilike 'with moved as%')`,
        );
        if (active[0]!.n > 0 || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill("SIGKILL");
      const status = await child.status;
      assert.equal(status.success, false, "the import was killed before it finished");
      await child.stdout.cancel();
      await child.stderr.cancel();
      // The server ends the dead session's transaction; wait for it to go.
      for (let i = 0; i < 100; i++) {
        const [left] = await db.client.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        if (left!.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const [rows] = await db.client.query<{ imports: number; lines: number }>(
        `select (select count(*)::int from public.statement_imports) as imports,
                (select count(*)::int from public.statement_transactions) as lines`,
      );
      assert.deepEqual(rows, { imports: 0, lines: 0 }, "nothing of the killed import is left");
    } finally {
      await Deno.remove(dir, { recursive: true });
      await db.drop();
    }
  },
});
