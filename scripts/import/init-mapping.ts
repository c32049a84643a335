/**
 * `npm run -s import -- --init-mapping OUT FILE.csv`: writes a CSV mapping skeleton for FILE's header row to OUT
 * (never overwriting a file), and prints the header with what each column was taken for and what to do next. Reads
 * only the file's first 64 KiB; needs no database.
 */
import { closeSync, fstatSync, openSync, readSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { type CsvInspection, inspectCsvHead } from "@pfa/importer";

const HEAD_BYTES = 64 * 1024;

export class InitMappingError extends Error {}

function readHead(path: string): { head: Uint8Array; whole: boolean } {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    throw new InitMappingError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    const size = fstatSync(fd).size;
    const head = new Uint8Array(Math.min(size, HEAD_BYTES));
    let n = 0;
    while (n < head.length) {
      const read = readSync(fd, head, n, head.length - n, n);
      if (read === 0) break;
      n += read;
    }
    return { head: head.subarray(0, n), whole: size <= HEAD_BYTES };
  } finally {
    closeSync(fd);
  }
}

/** The lines printed after writing: the header, each column's use, the guesses and the next steps. */
export function summary(output: string, file: string, inspection: CsvInspection): string {
  const skeleton = inspection.skeleton!;
  const used = new Map<string, string[]>();
  for (const [key, name] of Object.entries(skeleton.columns)) {
    if (name) used.set(name, [...(used.get(name) ?? []), key]);
  }
  const all = inspection.header!.cells;
  let end = all.length;
  while (end > 0 && all[end - 1] === "") end--; // a trailing delimiter leaves an empty last cell
  const cells = all.slice(0, end);
  const width = Math.min(40, Math.max(...cells.map((c) => c.length)));
  const columns = cells.map((cell, i) => {
    const use = used.get(cell);
    const label = cell === "" ? "(no name)" : cell;
    return `  ${String(i + 1).padStart(2)}  ${label.padEnd(width)}${use ? `  -> ${use.join(", ")}` : ""}`.trimEnd();
  });
  const guess = (value: string, what: string) => (value ? `${what} ${JSON.stringify(value)}` : `${what} not guessed`);
  const missing = [
    ...(skeleton.date_format ? [] : ["date_format"]),
    ...(skeleton.decimal ? [] : ["decimal"]),
    ...(skeleton.columns.date ? [] : ["columns.date"]),
    ...(skeleton.columns.amount || (skeleton.columns.debit && skeleton.columns.credit)
      ? []
      : ["columns.amount (or columns.debit and columns.credit)"]),
  ];
  return [
    `Wrote ${output} from the header row of ${basename(file)} (delimiter ${JSON.stringify(skeleton.delimiter)}):`,
    ...columns,
    `Guessed: ${guess(skeleton.date_format, "date_format")}, ${guess(skeleton.decimal, "decimal")}, ` +
    `${skeleton.currency ? `currency "${skeleton.currency}"` : "no currency (add one, or pass --currency)"}.`,
    ...(inspection.preset
      ? [`Note: the preset "${inspection.preset}" already reads this file (--mapping ${inspection.preset}).`]
      : []),
    missing.length ? `Still to fill in: ${missing.join(", ")}.` : 'Check every guess; "" leaves a column unmapped.',
    `Then: DATABASE_URL=... npm run -s import -- --user <email> --account "<account name>" --mapping ${output} ${file}`,
  ].join("\n");
}

export function initMapping(output: string, file: string): string {
  const { head, whole } = readHead(file);
  if (head.length === 0) throw new InitMappingError(`${file} is empty`);
  const inspection = inspectCsvHead(head, whole);
  if (inspection.header === null || inspection.skeleton === null) {
    throw new InitMappingError(
      `no header row found in the first 20 rows of ${file} (a row of two or more column names, no dates or amounts)`,
    );
  }
  try {
    writeFileSync(output, JSON.stringify(inspection.skeleton, null, 2) + "\n", { flag: "wx" });
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new InitMappingError(
      code === "EEXIST"
        ? `${output} exists; it is never overwritten: remove it or choose another name`
        : `cannot write ${output}: ${(error as Error).message}`,
    );
  }
  return summary(output, file, inspection);
}
