// Statement import throughput (issue 17): import_rows_per_s and import_peak_rss_mb. A generated CSV of 1,000,000
// lines (100,000 with --quick; bench/out/, date-ordered like a real export, a few hundred distinct payees) goes
// through the real command, `deno run -A scripts/import.ts --user ... --account ... --json FILE`, into a fresh,
// migrated database on the local PostgreSQL (dropped afterwards). rows/s = imported lines / the command's wall
// time (process start to exit: parsing, COPY into the staging table, the deduplicating INSERT, commit). Peak RSS
// is the importer process's VmHWM, polled from /proc every 100 ms.
import { createWriteStream } from "node:fs";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { once } from "node:events";
import { ADMIN_URL, dropFreshDatabase, postgresAvailable } from "./db.mjs";
import { procMemory, ROOT, round, runDeno, spawnDeno } from "./proc.mjs";

const CATEGORIES = ["Groceries", "Dining", "Transport", "Shopping", "Utilities", "Rent", "Salary"];

/** Writes `lines` CSV lines in the `standard` layout; returns the path. */
async function writeCsv(lines) {
  mkdirSync(join(ROOT, "bench/out"), { recursive: true });
  const path = join(ROOT, `bench/out/import-${lines}.csv`);
  const out = createWriteStream(path);
  let chunk = "date,amount,description,counterparty,category,kind\n";
  const perDay = Math.max(1, Math.ceil(lines / 3650));
  for (let i = 0; i < lines; i++) {
    const date = new Date(Date.UTC(2016, 0, 1) + Math.floor(i / perDay) * 86_400_000).toISOString().slice(0, 10);
    const income = i % 97 === 0;
    const cents = income ? 250_000 + (i % 1000) : -(100 + ((i * 7919) % 90_000));
    const amount = `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${
      String(Math.abs(cents) % 100).padStart(2, "0")
    }`;
    const category = income ? "Salary" : CATEGORIES[i % 6];
    chunk += `${date},${amount},Card payment ${i % 5000},Shop ${i % 400},${category},${
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
    const started = performance.now();
    const child = spawnDeno("scripts/import.ts", [
      "--user",
      "bench@example.com",
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
    const report = JSON.parse(stdout.trim().split("\n")[0]);
    const [{ n }] = await sql`select count(*)::int as n from public.statement_transactions`;
    await sql.end({ timeout: 5 });
    if (report.transaction_count !== lines || n !== lines) {
      throw new Error(`imported ${report.transaction_count} (stored ${n}) of ${lines} lines: ${stdout.slice(0, 500)}`);
    }
    results.import_rows_per_s = Math.round(lines / seconds);
    results.import_peak_rss_mb = round(peak, 0);
    results.measurements.import = { lines, seconds: round(seconds, 1), peak_rss_mb: round(peak, 0), report };
    log(
      `  ${lines} lines in ${seconds.toFixed(1)} s: ${results.import_rows_per_s} rows/s, peak RSS ${round(peak, 0)} MB`,
    );
  } finally {
    await dropFreshDatabase(pg, dbName, log);
  }
}
