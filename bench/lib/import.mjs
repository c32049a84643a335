// Statement import throughput (issue 17): import_rows_per_s and import_peak_rss_mb. A generated CSV of 1,000,000
// lines (100,000 with --quick; bench/out/, date-ordered like a real export, a few hundred distinct payees) goes
// through the real command, `deno run -A scripts/import.ts --user ... --account ... --json FILE`, into a fresh,
// migrated database on the local PostgreSQL (dropped afterwards). rows/s = imported lines / the command's wall
// time (process start to exit: parsing, COPY into the staging table, the deduplicating INSERT, commit). Peak RSS
// is the importer process's VmHWM, polled from /proc every 100 ms. import_rules_vs_plain (issue 25): the same lines
// without their category column imported for a user without rules and for one with 100 stored rules (set through
// `npm run rules`), rows/s with ÷ rows/s without.
//
// import_vs_copy_floor (issue 28): the importer's rows/s ÷ the rows/s of a plain COPY of the same lines into the same
// table of the same database (public.statement_transactions with its indexes, constraints and rollup triggers), for a
// second user and statement, in one transaction, timed from the COPY's start to the commit: what the database alone
// needs to store these rows, without parsing, deduplication or process start. The rows carry the category and kind
// sources the importer stores with them (`file`), as the importer sends them: without them every row fired the
// per-row trigger that fills them in for other writers (statement_transactions_default_sources), which no import
// line fires, and the floor was about 12 % slower than the same write (issue 28).
import { createReadStream, createWriteStream, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { once } from "node:events";
import { ADMIN_URL, dropFreshDatabase, postgresAvailable } from "./db.mjs";
import { procMemory, ROOT, round, runDeno, spawnDeno } from "./proc.mjs";

const CATEGORIES = ["Groceries", "Dining", "Transport", "Shopping", "Utilities", "Rent", "Salary"];

/**
 * Writes `lines` CSV lines in the `standard` layout; returns the path. `categories: false`: the same lines without a
 * category column, as a bank's export has them (the rules import below).
 */
async function writeCsv(lines, { categories = true } = {}) {
  mkdirSync(join(ROOT, "bench/out"), { recursive: true });
  const path = join(ROOT, `bench/out/import-${lines}${categories ? "" : "-uncategorized"}.csv`);
  const out = createWriteStream(path);
  let chunk = `date,amount,description,counterparty${categories ? ",category" : ""},kind\n`;
  const perDay = Math.max(1, Math.ceil(lines / 3650));
  for (let i = 0; i < lines; i++) {
    const date = new Date(Date.UTC(2016, 0, 1) + Math.floor(i / perDay) * 86_400_000).toISOString().slice(0, 10);
    const income = i % 97 === 0;
    const cents = income ? 250_000 + (i % 1000) : -(100 + ((i * 7919) % 90_000));
    const amount = `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${
      String(Math.abs(cents) % 100).padStart(2, "0")
    }`;
    const category = income ? "Salary" : CATEGORIES[i % 6];
    chunk += `${date},${amount},Card payment ${i % 5000},Shop ${i % 400},${categories ? `${category},` : ""}${
      income ? "income" : "expense"
    }\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
  return path;
}

/**
 * 100 stored rules like a user's (issue 25): mixed operators on the bench lines' fields, 10 regular expressions; most
 * lines meet one of them.
 */
function benchRules() {
  const rules = [];
  for (let i = 0; i < 100; i++) {
    const k = i % 10;
    const conditions = k === 0
      ? [{ field: "description", op: "matches", value: `^card payment ${i}[0-9]*$` }]
      : k < 3
      ? [{ field: "text", op: "contains", value: `shop ${i}x` }]
      : k < 5
      ? [{ field: "counterparty", op: "one_of", value: [`Shop ${i}`, `Shop ${i + 100}`, `Shop ${i + 200}`] }]
      : k < 7
      ? [{ field: "description", op: "starts_with", value: `card payment ${i * 37}` }]
      : k < 9
      ? [{ field: "text", op: "equals", value: `Shop ${i + 300}` }, { field: "amount", op: "lt", value: "-1" }]
      : [{ field: "amount", op: "between", value: [`-${i + 1}.00`, `-${i}.50`] }];
    rules.push({ id: `rule-${i}`, conditions, set: { category: `Category ${i % 12}` } });
  }
  return rules;
}

/** One `npm run import` of `file` for `user`: wall seconds, the peak RSS and the --json report. */
async function timedImport(url, user, file) {
  const started = performance.now();
  const child = spawnDeno("scripts/import.ts", [
    "--user",
    user,
    "--account",
    "Bench",
    "--currency",
    "EUR",
    "--json",
    file,
  ], { DATABASE_URL: url });
  let stdout = "";
  child.stdout.on("data", (d) => (stdout += d));
  let peak = 0;
  const poll = setInterval(() => {
    const m = procMemory(child.pid);
    if (m && m.peak_rss_mb > peak) peak = m.peak_rss_mb;
  }, 100);
  const { code, signal } = await child.exited;
  clearInterval(poll);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`scripts/import.ts failed (${code ?? signal}):\n${child.output}`);
  return { seconds, peak, report: JSON.parse(stdout.trim().split("\n")[0]) };
}

/** `-12.34` -> -1234 (the generated CSV always has two decimals). */
function minorOf(amount) {
  const negative = amount.startsWith("-");
  const [units, cents] = (negative ? amount.slice(1) : amount).split(".");
  const minor = Number(units) * 100 + Number(cents);
  return negative ? -minor : minor;
}

/** The CSV file's lines as COPY rows of statement_transactions (no header), in chunks of about 1 MB. */
async function* copyRows(file, userId, importId) {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let chunk = "";
  let n = 0;
  let header = true;
  for await (const line of lines) {
    if (header) {
      header = false;
      continue;
    }
    const [date, amount, description, counterparty, category, kind] = line.split(",");
    n++;
    const key = `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
    // category_source and kind_source as the importer stores them for a line that gives both (null/default without).
    chunk += `${userId},${importId},${date},${
      minorOf(amount)
    },EUR,"${description}","${counterparty}","${category}",${kind},${key},${category ? "file" : ""},${
      kind ? "file" : "default"
    }\n`;
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** Rows per second of a COPY of the file's lines into public.statement_transactions, as a second user (see above). */
async function copyFloor(sql, file, lines) {
  const userId = "b0000000-0000-4000-8000-00000000c0b1";
  await sql`insert into auth.users (id, email) values (${userId}, 'copy@example.com')`;
  const started = performance.now();
  await sql.begin(async (tx) => {
    const [{ id }] = await tx`
      insert into public.statement_imports (user_id, account_name, file_name, format, status, currency)
      values (${userId}, 'Copy', 'copy.csv', 'csv', 'completed', 'EUR') returning id`;
    const writable = await tx.unsafe(
      `copy public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency, description,
         counterparty, category, kind, dedup_key, category_source, kind_source) from stdin (format csv)`,
    ).writable();
    for await (const chunk of copyRows(file, userId, id)) {
      if (!writable.write(chunk)) await once(writable, "drain");
    }
    writable.end();
    await once(writable, "finish");
  });
  const seconds = (performance.now() - started) / 1000;
  const [{ n }] = await sql`select count(*)::int as n from public.statement_transactions where user_id = ${userId}`;
  if (n !== lines) throw new Error(`the COPY floor stored ${n} of ${lines} rows`);
  return { seconds, rows_per_s: Math.round(lines / seconds) };
}

export async function importSection(ctx) {
  const { results, quick, log } = ctx;
  const pg = await postgresAvailable();
  if (!pg) throw new Error("import_rows_per_s needs the local PostgreSQL at 127.0.0.1:5432 (not measured on PGlite)");
  results.environment.engine ??= "postgres";
  results.environment.postgres ??= pg.version;
  const dbName = `pfa_bench_import_${Date.now()}_${process.pid}`;
  await pg.sql.unsafe(`create database ${dbName}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  try {
    log(`  fresh database ${dbName}: migrating`);
    await runDeno("scripts/db-migrate.ts", [], { DATABASE_URL: url });
    const postgres = (await import("postgres")).default;
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql`insert into auth.users (id, email) values ('b0000000-0000-4000-8000-0000000be7c5', 'bench@example.com')`;
    const lines = quick ? 100_000 : 1_000_000;
    log(`  generating a ${lines.toLocaleString("en-US")}-line CSV`);
    const file = await writeCsv(lines);
    log("  importing");
    const { seconds, peak, report } = await timedImport(url, "bench@example.com", file);
    const [{ n }] = await sql`select count(*)::int as n from public.statement_transactions`;
    if (report.transaction_count !== lines || n !== lines) {
      await sql.end({ timeout: 5 });
      throw new Error(
        `imported ${report.transaction_count} (stored ${n}) of ${lines} lines: ${JSON.stringify(report).slice(0, 500)}`,
      );
    }
    results.import_rows_per_s = Math.round(lines / seconds);
    results.import_peak_rss_mb = round(peak, 0);
    results.measurements.import = { lines, seconds: round(seconds, 1), peak_rss_mb: round(peak, 0), report };
    log("  COPY floor: the same lines straight into statement_transactions");
    try {
      const floor = await copyFloor(sql, file, lines);
      results.import_vs_copy_floor = round(results.import_rows_per_s / floor.rows_per_s, 2);
      results.measurements.import.copy_floor = { ...floor, seconds: round(floor.seconds, 1) };
      log(`  COPY floor: ${floor.rows_per_s} rows/s; importer ÷ COPY = ${results.import_vs_copy_floor}`);
    } finally {
      await sql.end({ timeout: 5 });
    }
    log(
      `  ${lines} lines in ${seconds.toFixed(1)} s: ${results.import_rows_per_s} rows/s, peak RSS ${round(peak, 0)} MB`,
    );

    // Rules at import (issue 25): the same lines without categories (so every line goes through the evaluator),
    // imported for users without rules and for users with 100 stored rules, each import into its own user of this
    // database. Each import writes into tables the earlier ones made larger, so the order is plain, rules, rules,
    // plain (drift in the database's speed falls on both sides alike), each after a CHECKPOINT.
    // import_rules_vs_plain = rows/s with the rules ÷ rows/s without (goal: within 10 %).
    log(`  the same ${lines.toLocaleString("en-US")} lines without categories: without, with, with, without 100 rules`);
    const uncategorized = await writeCsv(lines, { categories: false });
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    const users = ["plain-1", "rules-1", "rules-2", "plain-2"].map((name, i) => ({
      id: `b0000000-0000-4000-8000-0000000be7c${i}`,
      email: `bench-${name}@example.com`,
      rules: name.startsWith("rules"),
    }));
    for (const user of users) await admin`insert into auth.users (id, email) values (${user.id}, ${user.email})`;
    const rulesFile = join(ROOT, "bench/out/import-rules.json");
    writeFileSync(rulesFile, JSON.stringify(benchRules()));
    const imports = [];
    try {
      for (const user of users.filter((u) => u.rules)) {
        await runDeno("scripts/rules.ts", ["--user", user.email, "--set", rulesFile], { DATABASE_URL: url });
      }
      for (const user of users) {
        await admin`checkpoint`;
        const done = await timedImport(url, user.email, uncategorized);
        if (done.report.transaction_count !== lines) {
          throw new Error(`rules import (${user.email}): ${done.report.transaction_count} of ${lines}`);
        }
        imports.push({ ...user, ...done });
      }
    } finally {
      await admin.end({ timeout: 5 });
    }
    const secondsOf = (rules) => imports.filter((i) => i.rules === rules).reduce((sum, i) => sum + i.seconds, 0);
    const ruled = imports.filter((i) => i.rules);
    results.import_rules_vs_plain = round(secondsOf(false) / secondsOf(true), 3);
    results.measurements.import_rules = {
      lines,
      rules: 100,
      order: imports.map((i) => (i.rules ? "rules" : "plain")),
      seconds: imports.map((i) => round(i.seconds, 1)),
      plain_seconds: round(secondsOf(false), 1),
      rules_seconds: round(secondsOf(true), 1),
      categorized_by_rule_count: ruled[0].report.categorized_by_rule_count,
      rules_peak_rss_mb: round(Math.max(...ruled.map((i) => i.peak)), 0),
    };
    log(
      `  ${imports.map((i) => `${i.rules ? "with" : "without"} rules ${i.seconds.toFixed(1)} s`).join(", ")} ` +
        `(${ruled[0].report.categorized_by_rule_count} categorized by rule): ratio ${results.import_rules_vs_plain}`,
    );
  } finally {
    await dropFreshDatabase(pg, dbName, log);
  }
}
