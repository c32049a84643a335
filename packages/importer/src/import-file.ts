/**
 * `importFile`: one statement file into the database, each statement of it in one transaction (CAMT.053 and OFX
 * files may hold several: several imports). Reports, per import, the `--json` object of `npm run import`.
 */
import process from "node:process";
import { currencyScale, formatMinor, parseMinor } from "@pfa/core";
import type { CsvMapping } from "./csv/mapping.ts";
import { parseCsv } from "./csv/parse-csv.ts";
import { RunningBalance } from "./csv/running-balance.ts";
import { parseCamt053 } from "./camt053/parse-camt053.ts";
import { stageRow } from "./db/csv-row.ts";
import { RepeatSet } from "./db/repeat-set.ts";
import type { ImportSql } from "./db/import-sql.ts";
import { uuidV7Sequence } from "./db/uuid-v7.ts";
import { createStage, finishStatement, STAGE_COLUMNS, writeFailed } from "./db/write-statement.ts";
import { detectFormat } from "./detect-format.ts";
import { LIMITS } from "./limits.ts";
import { parseMt940 } from "./mt940/parse-mt940.ts";
import { parseOfx } from "./ofx/parse-ofx.ts";
import { parseQif } from "./qif/parse-qif.ts";
import { type ImportInput, type OpenedSource, openSource } from "./read-source.ts";
import { decodeHead } from "./text/decode-text.ts";
import { type Format, type LineError, type StatementSource, UnreadableFileError } from "./types.ts";
import { type StagedLine, validateEntry } from "./validate-entry.ts";
import { LineCategorizer } from "./rules/line-categorizer.ts";
import { loadStoredRules, type StoredRules } from "./rules/stored-rules.ts";

export interface ImportOptions {
  readonly userId: string;
  readonly accountName: string;
  readonly format?: Format | "auto";
  /** The statement currency when the file does not say (CSV without a currency column, QIF). */
  readonly currency?: string | null;
  readonly mapping?: CsvMapping | null;
  /** Parse, check and count (duplicates included) inside a transaction that is rolled back. */
  readonly dryRun?: boolean;
  /**
   * Apply the user's stored, enabled categorization rules to each line before it is stored (default true;
   * `--no-rules` sets false).
   */
  readonly applyRules?: boolean;
  /** Let the rules replace the category and kind the file gives (`--overwrite`). */
  readonly overwrite?: boolean;
  /** The demo seed's import time; default now(). */
  readonly importedAt?: string | null;
  /** Called as lines are read: line number, bytes read, file size. */
  readonly onProgress?: (line: number, bytes: number, size: number) => void;
}

export interface ImportReport {
  file: string;
  statement_import_id: string | null;
  format: Format | null;
  status: "completed" | "partial" | "failed";
  currency: string | null;
  statement_start: string | null;
  statement_end: string | null;
  opening_balance: string | null;
  closing_balance: string | null;
  transaction_count: number;
  duplicate_count: number;
  error_count: number;
  /** Imported lines whose category a stored rule set. */
  categorized_by_rule_count: number;
  /** Imported lines whose kind a stored rule set. */
  kind_set_by_rule_count: number;
  errors: { line: number; message: string }[];
}

const CHUNK_ROWS = 5_000;

class DryRunRollback {
  constructor(readonly report: ImportReport) {}
}

function failedReport(file: string, format: Format | null, currency: string | null, message: string): ImportReport {
  return {
    file,
    statement_import_id: null,
    format,
    status: "failed",
    currency,
    statement_start: null,
    statement_end: null,
    opening_balance: null,
    closing_balance: null,
    transaction_count: 0,
    duplicate_count: 0,
    error_count: 1,
    categorized_by_rule_count: 0,
    kind_set_by_rule_count: 0,
    errors: [{ line: 0, message }],
  };
}

async function sourcesOf(file: OpenedSource, format: Format, options: ImportOptions, bytes: { n: number }) {
  if (format === "csv") {
    const head = decodeHead(file.head);
    return [parseCsv(file.stream((n) => (bytes.n += n)), { mapping: options.mapping ?? null, head })];
  }
  if (file.size > LIMITS.maxWholeFileBytes) {
    throw new UnreadableFileError(
      `the file is larger than ${LIMITS.maxWholeFileBytes / 1024 / 1024} MB, the limit for ${format} files: split it`,
    );
  }
  const text = await file.text();
  bytes.n = file.size;
  if (format === "ofx") return parseOfx(text);
  if (format === "camt053") return parseCamt053(text);
  if (format === "mt940") return parseMt940(text);
  return parseQif(text);
}

function exact(decimal: string | null, currency: string, scale: number, what: string): number | null {
  if (decimal === null) return null;
  const minor = parseMinor(decimal, scale);
  if (typeof minor !== "number") {
    throw new UnreadableFileError(`the ${what} ${decimal} is not an exact ${currency} amount`);
  }
  return minor;
}

/**
 * With IMPORT_TIMING set, the wall time of each phase of an import on stderr (`import-timing: <file>: <phase>: <ms>`),
 * for measuring large imports (BENCHMARKS.md, import_rows_per_s).
 */
function phaseClock(file: string): ((phase: string) => void) | null {
  if (!process.env.IMPORT_TIMING) return null;
  let last = performance.now();
  return (phase) => {
    const now = performance.now();
    console.error(`import-timing: ${file}: ${phase}: ${Math.round(now - last)} ms`);
    last = now;
  };
}

/** Imports one statement in its own transaction (rolled back on a dry run). */
async function importStatement(
  db: ImportSql,
  file: OpenedSource,
  source: StatementSource,
  options: ImportOptions,
  bytes: { n: number },
  rules: StoredRules | null,
): Promise<ImportReport> {
  const known = { currency: null as string | null };
  const clock = phaseClock(file.name);
  const run = async (tx: ImportSql): Promise<ImportReport> => {
    let currency = options.currency ?? null;
    const stated = source.facts.currency;
    if (currency && stated && stated !== currency && source.format !== "csv") {
      throw new UnreadableFileError(`the file's currency is ${stated}, not ${currency} (--currency)`);
    }
    currency ??= stated;
    known.currency = currency;
    let scale = currency === null ? undefined : currencyScale(currency);
    if (currency !== null && scale === undefined) {
      throw new UnreadableFileError(`${currency} is not an ISO 4217 currency`);
    }
    const errors: LineError[] = [];
    let errorCount = 0;
    let staged = 0;
    let bankLines = 0;
    let min: string | null = null;
    let max: string | null = null;
    // Room in memory for numbering the repeated lines (write-statement.ts), should a file hold many (PostgreSQL;
    // PGlite keeps its defaults).
    if (tx.engine === "postgres") await tx.exec("set local work_mem = '64MB'");
    const stage = await createStage(tx);
    const nextId = uuidV7Sequence();
    const repeats = new RepeatSet();
    const balances = new RunningBalance();
    const categorizer = new LineCategorizer(rules, options.overwrite === true);
    const account = options.accountName;
    async function* chunks(): AsyncGenerator<string> {
      let text = "";
      let rows = 0;
      for await (const entry of source.entries) {
        let line: StagedLine | LineError;
        if (entry.type === "error") line = entry;
        else {
          if (currency === null) {
            // A CSV preset chosen by the header names its currency only now.
            currency = entry.currency?.toUpperCase() ?? source.facts.currency;
            scale = currency === null ? undefined : currencyScale(currency);
            if (currency === null || scale === undefined) {
              throw new UnreadableFileError("the file names no currency: pass --currency");
            }
            known.currency = currency;
          }
          line = validateEntry(entry, currency, scale!);
        }
        if ("type" in line) {
          balances.gap();
          errorCount++;
          if (errors.length < LIMITS.maxListedErrors) errors.push(line);
          continue;
        }
        const balance = entry.type === "entry" ? entry.balance : null;
        if (balance === undefined || balance === null) balances.gap();
        else {
          const minor = parseMinor(balance, scale!);
          balances.add(line.date, line.amountMinor, typeof minor === "number" ? minor : null);
        }
        staged++;
        if (min === null || line.date < min) min = line.date;
        if (max === null || line.date > max) max = line.date;
        let hash: number | null = null;
        if (line.bankId === null) {
          hash = RepeatSet.hash(line.date, line.amountMinor, line.dedupText);
          repeats.add(hash);
        } else bankLines++;
        const stored = categorizer.apply({
          description: line.description,
          counterparty: line.counterparty,
          account,
          amountMinor: line.amountMinor,
          scale: scale!,
          category: line.category,
          kind: line.kind,
        });
        text += stageRow(nextId(), line, hash, stored);
        if (++rows >= CHUNK_ROWS) {
          options.onProgress?.(line.line, bytes.n, file.size);
          yield text;
          text = "";
          rows = 0;
        }
      }
      if (rows > 0) yield text;
    }
    await tx.copyInto(`${stage} (${STAGE_COLUMNS})`, chunks());
    clock?.("parse, check and COPY to the stage");
    if (currency === null) {
      if (staged === 0 && errorCount === 0) throw new UnreadableFileError("the statement has no lines and no currency");
      throw new UnreadableFileError("the file names no currency: pass --currency");
    }
    const facts = source.facts;
    const start = facts.start ?? min;
    const end = facts.end ?? max;
    if (start !== null && end !== null && start > end) {
      throw new UnreadableFileError(`the statement's start ${start} is after its end ${end}`);
    }
    // A running-balance column (CSV) gives the balances of the lines imported; an inexact one leaves them unknown.
    const running = balances.result();
    const openingMinor = running ? running.opening : exact(facts.opening, currency, scale!, "opening balance");
    const closingMinor = running ? running.closing : exact(facts.closing, currency, scale!, "closing balance");
    const written = await finishStatement(
      tx,
      stage,
      {
        userId: options.userId,
        accountName: options.accountName,
        fileName: file.name.slice(0, 200),
        format: source.format,
        currency,
        start,
        end,
        openingMinor,
        closingMinor,
        errorCount,
        importedAt: options.importedAt ?? null,
      },
      staged,
      repeats.repeated(),
      { minDate: min, maxDate: max, bankLines },
      clock,
    );
    const report: ImportReport = {
      file: file.name,
      statement_import_id: options.dryRun ? null : written.id,
      format: source.format,
      status: written.status,
      currency,
      statement_start: start,
      statement_end: end,
      opening_balance: openingMinor === null ? null : formatMinor(openingMinor, scale!),
      closing_balance: closingMinor === null ? null : formatMinor(closingMinor, scale!),
      transaction_count: written.inserted,
      duplicate_count: written.duplicates,
      error_count: errorCount,
      categorized_by_rule_count: written.categorizedByRule,
      kind_set_by_rule_count: written.kindSetByRule,
      errors: errors.map(({ line, message }) => ({ line, message })),
    };
    if (options.dryRun) throw new DryRunRollback(report);
    return report;
  };
  try {
    const report = await db.transaction(run);
    clock?.("commit");
    return report;
  } catch (error) {
    if (error instanceof DryRunRollback) return error.report;
    const message = error instanceof UnreadableFileError
      ? error.message
      : `the import failed: ${(error as Error)?.message ?? String(error)}`.slice(0, 500);
    return await recordFailure(
      db,
      file.name,
      source.format,
      known.currency ?? options.currency ?? null,
      message,
      options,
    );
  }
}

async function recordFailure(
  db: ImportSql,
  file: string,
  format: Format | null,
  currency: string | null,
  message: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const report = failedReport(file, format, currency, message);
  if (options.dryRun || format === null || currency === null || currencyScale(currency) === undefined) return report;
  try {
    report.statement_import_id = await db.transaction((tx) =>
      writeFailed(tx, {
        userId: options.userId,
        accountName: options.accountName,
        fileName: file.slice(0, 200),
        format,
        currency,
        errorCount: 1,
        importedAt: options.importedAt ?? null,
      })
    );
  } catch {
    // The failure is reported either way; a row is written when the database takes it.
  }
  return report;
}

/** Imports every statement of one file. */
export async function importFile(db: ImportSql, input: ImportInput, options: ImportOptions): Promise<ImportReport[]> {
  let file: OpenedSource;
  try {
    file = await openSource(input);
  } catch (error) {
    const name = "path" in input ? input.path : input.name;
    return [failedReport(name, null, null, `cannot read the file: ${(error as Error).message}`)];
  }
  let format: Format;
  if (options.format && options.format !== "auto") {
    format = options.format;
    if (file.size === 0) {
      return [await recordFailure(db, file.name, format, options.currency ?? null, "the file is empty", options)];
    }
  } else {
    const detected = detectFormat(file.head, file.name);
    if ("error" in detected) return [failedReport(file.name, null, options.currency ?? null, detected.error)];
    format = detected.format;
  }
  const bytes = { n: 0 };
  let sources: StatementSource[];
  try {
    sources = await sourcesOf(file, format, options, bytes);
  } catch (error) {
    const message = error instanceof UnreadableFileError
      ? error.message
      : `cannot read the file: ${(error as Error).message}`;
    return [await recordFailure(db, file.name, format, options.currency ?? null, message, options)];
  }
  let rules: StoredRules | null = null;
  if (options.applyRules !== false) {
    try {
      rules = await loadStoredRules(db, options.userId);
    } catch (error) {
      const message = `cannot read the categorization rules: ${(error as Error).message}`.slice(0, 500);
      return [await recordFailure(db, file.name, format, options.currency ?? null, message, options)];
    }
  }
  const reports: ImportReport[] = [];
  for (const source of sources) reports.push(await importStatement(db, file, source, options, bytes, rules));
  return reports;
}
