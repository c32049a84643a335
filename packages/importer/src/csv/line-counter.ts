/**
 * The physical line each CSV record starts on (1-based), from the records as csv-parse gives them: its own line
 * count (`info.lines`) counts a CRLF inside a quoted field twice and gives the line a record ends on. A record
 * starts on the line after the previous record's last line and the empty lines skipped in between; it spans one
 * more line for each line break (CRLF, LF or CR) inside its quoted fields.
 */
const BREAK = /\r\n|\r|\n/g;

export class LineCounter {
  #last = 0;
  #empty = 0;

  /** The start line of the next record; `emptyLines`: csv-parse's count of skipped empty lines so far. */
  next(record: readonly string[], emptyLines: number): number {
    const start = this.#last + 1 + (emptyLines - this.#empty);
    this.#empty = emptyLines;
    let breaks = 0;
    for (const field of record) {
      if (field.includes("\n") || field.includes("\r")) breaks += field.match(BREAK)!.length;
    }
    this.#last = start + breaks;
    return start;
  }
}
