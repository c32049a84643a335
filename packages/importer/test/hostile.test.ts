/**
 * Hostile and broken files: entity expansion ("billion laughs") and external entities / DTDs (XXE) are refused
 * before any parsing, fast and without network or file access; truncated, empty, binary and oversized (50 MB)
 * files fail with a message (a `failed` import row when the currency is known) and never write a line; a crash
 * in the middle of an import leaves nothing of it behind.
 */
import { writeFileSync } from "node:fs";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile, type ImportSql, LIMITS } from "../src/mod.ts";
import { migratedDatabase } from "../../../supabase/tests/helpers.ts";
import type { TestDatabase } from "../../../scripts/db/test-database.ts";
import { FIXTURES } from "./expected.ts";
import { createUser } from "./helpers.ts";

let db: TestDatabase;
let dir: string;
beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
  dir = mkdtempSync(join(tmpdir(), "pfa-hostile-"));
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function linesOf(userId: string): Promise<number> {
  const [row] = await db.client.query<{ n: number }>(
    "select count(*)::int as n from public.statement_transactions where user_id = $1",
    [userId],
  );
  return row!.n;
}

describe("XML attacks", () => {
  it.each([
    ["hostile/billion-laughs.xml", /DOCTYPE/],
    ["hostile/xxe.xml", /DOCTYPE/],
    ["hostile/xxe.ofx", /DOCTYPE/],
  ])("%s is refused before parsing, quickly", async (file, message) => {
    const userId = await createUser(db.client);
    const started = Date.now();
    const [report] = await importFile(db.client, { path: join(FIXTURES, file) }, {
      userId,
      accountName: "Hostile",
      currency: file.endsWith(".ofx") ? "USD" : "EUR",
    });
    expect(Date.now() - started, "refused in well under a second of work").toBeLessThan(5_000);
    expect(report!.status).toBe("failed");
    expect(report!.errors[0]!.message).toMatch(message);
    expect(JSON.stringify(report), "no expanded entity and no file content leaks").not.toMatch(/lollol|root:/);
    expect(await linesOf(userId), "nothing written").toBe(0);
    const [row] = await db.client.query<{ status: string }>(
      "select status from public.statement_imports where id = $1",
      [report!.statement_import_id],
    );
    expect(row?.status, "the failure is recorded as a failed import").toBe("failed");
  });
});

describe("broken files", () => {
  const camt = readFileSync(join(FIXTURES, "camt053/v08.xml"), "utf8");
  const csv = readFileSync(join(FIXTURES, "csv/standard.csv"), "utf8");
  const cases: [string, string | Uint8Array, RegExp | null, "failed" | "partial"][] = [
    ["empty.csv", "", /empty/, "failed"],
    [
      "binary.ofx",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]),
      /binary/,
      "failed",
    ],
    ["truncated.xml", camt.slice(0, Math.floor(camt.length / 2)), /well-formed/, "failed"],
    ["truncated.sta", readFileSync(join(FIXTURES, "mt940/multiline-86.sta"), "utf8").slice(0, 120), /MT940/, "failed"],
    // A CSV cut in the middle of its last line: that line is unreadable, the others are imported.
    ["truncated.csv", csv.slice(0, csv.indexOf("2026-04-04") + 7), null, "partial"],
  ];
  it.each(cases)("%s", async (name, content, message, status) => {
    const userId = await createUser(db.client);
    const [report] = await importFile(db.client, { name, content }, { userId, accountName: "Broken", currency: "EUR" });
    expect(report!.status).toBe(status);
    if (message) expect(report!.errors[0]!.message).toMatch(message);
    if (status === "failed") expect(await linesOf(userId), "nothing written").toBe(0);
  });

  it("a parser's TypeError never becomes the message: an MT940 file with a line before its first tag", async () => {
    const sta = readFileSync(join(FIXTURES, "mt940/multiline-86.sta"), "utf8");
    // mt940js reads a line before the first tag as a continuation of no tag and crashes with a TypeError.
    for (const content of ["Kontoauszug vom 31.03.2026\r\n" + sta, "\u0005\r\n" + sta]) {
      const userId = await createUser(db.client);
      const [report] = await importFile(db.client, { name: "export.sta", content }, {
        userId,
        accountName: "Broken",
        currency: "EUR",
      });
      expect(report!.status).toBe("failed");
      const message = report!.errors[0]!.message;
      expect(message).toBe(
        "not a readable MT940 statement: the parser could not follow its structure (every statement must start " +
          "with a :20: tag and hold :25:, :28C:, :60F: or :60M:, then :61:/:86: lines, and :62F: or :62M:)",
      );
      expect(message).not.toMatch(/Cannot read|undefined|null/);
    }
  });

  it("a 50 MB line is refused with a bounded record size, in bounded memory", async () => {
    const path = join(dir, "huge-line.csv");
    writeFileSync(path, "date,amount,description\n2026-01-01,-1.00," + "x".repeat(50 * 1024 * 1024) + "\n");
    const userId = await createUser(db.client);
    const [report] = await importFile(db.client, { path }, { userId, accountName: "Huge", currency: "EUR" });
    expect(report!.status).toBe("failed");
    expect(report!.errors[0]!.message).toMatch(/line 2/);
    expect(await linesOf(userId)).toBe(0);
  });

  it("a NUL past the binary check's first 64 KiB is a line error, CSV and QIF (it used to hang the import)", async () => {
    const filler = Array.from({ length: 1500 }, (_, i) => `2026-01-01,-1.00,filler line ${i} ${"x".repeat(40)}`);
    const csvPath = join(dir, "late-nul.csv");
    writeFileSync(csvPath, `date,amount,description\n${filler.join("\n")}\n2026-01-02,-2.00,bad\u0000text\n`);
    const qifPath = join(dir, "late-nul.qif");
    const entries = Array.from({ length: 2500 }, (_, i) => `D01/02/2026\nT-1.00\nPfiller ${i} ${"y".repeat(20)}\n^`);
    writeFileSync(qifPath, `!Type:Bank\n${entries.join("\n")}\nD01/03/2026\nT-2.00\nPbad\u0000payee\n^\n`);
    for (
      const [path, lines, message] of [
        [csvPath, 1500, /line 1502.*description contains a NUL/],
        [qifPath, 2500, /payee|counterparty|description/],
      ] as const
    ) {
      expect(readFileSync(path).indexOf(0), "the NUL is past the first 64 KiB").toBeGreaterThan(64 * 1024);
      const userId = await createUser(db.client);
      const [report] = await importFile(db.client, { path }, { userId, accountName: "Nul", currency: "EUR" });
      expect(report!.status).toBe("partial");
      expect(report!.error_count).toBe(1);
      expect(`line ${report!.errors[0]!.line}: ${report!.errors[0]!.message}`).toMatch(message);
      expect(report!.errors[0]!.message).toMatch(/NUL character/);
      expect(await linesOf(userId)).toBe(lines);
    }
  });

  it("a 50 MB file of a format read as a whole is refused by size", async () => {
    const path = join(dir, "huge.qif");
    writeFileSync(path, "!Type:Bank\n" + "D01/02/2026\nT-1.00\n^\n".repeat(50 * 1024 * 1024 / 24));
    const userId = await createUser(db.client);
    const [report] = await importFile(db.client, { path }, { userId, accountName: "Huge", currency: "EUR" });
    expect(report!.status).toBe("failed");
    expect(report!.errors[0]!.message).toContain(`${LIMITS.maxWholeFileBytes / 1024 / 1024} MB`);
  });
});

describe("a crash mid-import", () => {
  it("leaves no lines and no half-written import: the transaction rolls back as a whole", async () => {
    const userId = await createUser(db.client);
    const content = "date,amount,description\n" +
      Array.from({ length: 12_000 }, (_, i) => `2026-01-01,-${i + 1}.00,Line ${i}`).join("\n") + "\n";
    let copied = 0;
    // The connection dies while the lines stream in (after the first 5,000-row chunk has been sent).
    const crashing: ImportSql = {
      ...db.client,
      engine: db.client.engine,
      transaction: (fn) =>
        db.client.transaction((tx) =>
          fn({
            ...tx,
            engine: tx.engine,
            transaction: tx.transaction.bind(tx),
            query: tx.query.bind(tx),
            exec: tx.exec.bind(tx),
            copyInto: (target, chunks) =>
              tx.copyInto(
                target,
                (async function* () {
                  for await (const chunk of chunks) {
                    if (++copied > 1) throw new Error("connection reset");
                    yield chunk;
                  }
                })(),
              ),
          })
        ),
    };
    const [report] = await importFile(crashing, { name: "crash.csv", content }, {
      userId,
      accountName: "Crash",
      currency: "EUR",
    });
    expect(report!.status).toBe("failed");
    expect(report!.errors[0]!.message).toMatch(/connection reset/);
    expect(await linesOf(userId), "no line of the crashed import is stored").toBe(0);
    const imports = await db.client.query<{ status: string; transaction_count: number }>(
      "select status, transaction_count from public.statement_imports where user_id = $1",
      [userId],
    );
    expect(imports, "only the failure record, with no lines").toEqual([{ status: "failed", transaction_count: 0 }]);
  });
});
