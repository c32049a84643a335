/**
 * Loading rate files into public.exchange_rates (API.md §11.1, §11.4): counts by hand, idempotent reloads, a changed
 * rate replaced and counted (its source too), a malformed file refused whole with nothing written, exact numerics;
 * and `npm run rates` as a process: --help, usage errors (64), --json objects and exit 1 for a refused file.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRatesFile } from "../src/mod.ts";
import { migratedDatabase } from "../../../supabase/tests/helpers.ts";
import type { TestDatabase } from "../../../scripts/db/test-database.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DENO = `${ROOT}node_modules/.bin/deno`;

let db: TestDatabase;
beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
});
afterAll(async () => {
  await db?.close();
});

const ECB = [
  "Date,USD,JPY,CYP,CHF,",
  "2025-03-10,1.0900,161.5,N/A,0.9512,",
  "2025-03-07,1.0850,161.23,N/A,0.95,",
  "2007-12-31,1.4721,164.93,0.585274,1.6547,",
  "",
].join("\n");

async function stored(from: string, to: string) {
  return await db.client.query<{ source: string; base: string; quote: string; date: string; rate: string }>(
    `select source, base, quote, date::text as date, rate::text as rate from public.exchange_rates
     where date between $1 and $2 order by base, quote, date`,
    [from, to],
  );
}

describe("loadRatesFile", () => {
  it("inserts, then reloads unchanged, then replaces a changed rate and its source", async () => {
    const first = await loadRatesFile(db.client, { name: "eurofxref-hist.csv", content: ECB });
    expect(first).toEqual({
      file: "eurofxref-hist.csv",
      format: "ecb-csv",
      source: "ecb",
      rate_count: 10,
      inserted: 9,
      unchanged: 0,
      replaced: 0,
      skipped: 1,
      errors: [],
    });
    const again = await loadRatesFile(db.client, { name: "eurofxref-hist.csv", content: ECB });
    expect([again.inserted, again.unchanged, again.replaced, again.skipped]).toEqual([0, 9, 0, 1]);

    // 1.09 equals the stored 1.0900 (unchanged); 0.9513 differs (replaced, now from "mybank"); GBP is new.
    const custom =
      "date,base,quote,rate\n2025-03-10,EUR,USD,1.09\n2025-03-10,EUR,CHF,0.9513\n2025-03-10,EUR,GBP,0.84\n";
    const third = await loadRatesFile(db.client, { name: "mine.csv", content: custom }, { source: "mybank" });
    expect(third).toMatchObject({
      format: "csv",
      source: "mybank",
      rate_count: 3,
      inserted: 1,
      unchanged: 1,
      replaced: 1,
    });
    expect(await stored("2025-03-10", "2025-03-10")).toEqual([
      { source: "mybank", base: "EUR", quote: "CHF", date: "2025-03-10", rate: "0.9513" },
      { source: "mybank", base: "EUR", quote: "GBP", date: "2025-03-10", rate: "0.84" },
      { source: "ecb", base: "EUR", quote: "JPY", date: "2025-03-10", rate: "161.5" },
      { source: "ecb", base: "EUR", quote: "USD", date: "2025-03-10", rate: "1.0900" },
    ]);
  });

  it("stores 18 significant digits exactly", async () => {
    const text =
      "date,base,quote,rate\n2025-04-01,USD,CHF,0.876543210987654321\n2025-04-01,JPY,KWD,0.00200000000000000001\n";
    const report = await loadRatesFile(db.client, { name: "exact.csv", content: text });
    expect(report).toMatchObject({ source: "custom", inserted: 2, errors: [] });
    expect((await stored("2025-04-01", "2025-04-01")).map((r) => r.rate)).toEqual([
      "0.00200000000000000001",
      "0.876543210987654321",
    ]);
  });

  it("refuses a file with one malformed line whole: nothing written, the line named", async () => {
    const text = "date,base,quote,rate\n2025-05-01,EUR,USD,1.1\n2025-05-02,EUR,USD,1.1.2\n";
    const report = await loadRatesFile(db.client, { name: "bad.csv", content: text });
    expect(report).toEqual({
      file: "bad.csv",
      format: "csv",
      source: "custom",
      rate_count: 0,
      inserted: 0,
      unchanged: 0,
      replaced: 0,
      skipped: 0,
      errors: [{
        line: 3,
        message: 'the rate "1.1.2" is not a plain decimal number (digits, an optional point and decimals)',
      }],
    });
    expect(await stored("2025-05-01", "2025-05-02")).toEqual([]);
  });
});

function runRates(
  args: string[],
  databaseUrl?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: "1" };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    execFile(
      DENO,
      ["run", "-A", "scripts/rates.ts", ...args],
      { cwd: ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) ?? null : 0, stdout, stderr }),
    );
  });
}

describe("npm run rates", () => {
  it("prints its usage with --help (exit 0) and exits 64 on a usage error", async () => {
    const help = await runRates(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: DATABASE_URL=\.\.\. npm run -s rates -- /);
    const noFile = await runRates(["--json"]);
    expect(noFile.code).toBe(64);
    expect(noFile.stderr).toMatch(/^rates: give at least one FILE/);
    const badSource = await runRates(["--source", "My Bank", "x.csv"]);
    expect(badSource.code).toBe(64);
  });

  it("loads files with --json (one object per file) and exits 1 when one is refused", async () => {
    if (!db.url) {
      // The process needs a server to connect to; on PGlite the loader itself is tested above.
      expect(db.engine).toBe("pglite");
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "rates-"));
    writeFileSync(join(dir, "good.csv"), "date,base,quote,rate\n2025-06-02,EUR,USD,1.14\n2025-06-02,EUR,HRK,7.5\n");
    writeFileSync(join(dir, "bad.csv"), "date,base,quote,rate\n2025-06-03,EUR,USD,0\n");
    const run = await runRates(["--json", "--source", "test", join(dir, "good.csv"), join(dir, "bad.csv")], db.url);
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        file: join(dir, "good.csv"),
        format: "csv",
        source: "test",
        rate_count: 2,
        inserted: 1,
        unchanged: 0,
        replaced: 0,
        skipped: 1,
        errors: [],
      },
      {
        file: join(dir, "bad.csv"),
        format: "csv",
        source: "test",
        rate_count: 0,
        inserted: 0,
        unchanged: 0,
        replaced: 0,
        skipped: 0,
        errors: [{ line: 2, message: 'the rate "0" is zero; a rate is positive' }],
      },
    ]);
  });
});
