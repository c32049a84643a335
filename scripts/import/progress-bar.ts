/**
 * The progress bar of `npm run import`: on standard error, only when it is a terminal, and only once a file has
 * passed 10,000 lines (small files finish before a bar would help).
 */
import process from "node:process";

export const PROGRESS_MIN_LINES = 10_000;

export function progressBar(file: string): { update(line: number, bytes: number, size: number): void; done(): void } {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    update(line, bytes, size) {
      if (!tty || line <= PROGRESS_MIN_LINES) return;
      shown = true;
      const ratio = size > 0 ? Math.min(1, bytes / size) : 0;
      const width = 30;
      const filled = Math.round(ratio * width);
      process.stderr.write(
        `\r${file.slice(-30)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${(ratio * 100).toFixed(0)}% ` +
          `${line.toLocaleString("en-US")} lines`,
      );
    },
    done() {
      if (shown) process.stderr.write("\r\x1b[2K");
    },
  };
}
