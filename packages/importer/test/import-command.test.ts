/**
 * `npm run import` (scripts/import.ts, run as a process under Deno) when the database cannot be reached: one line
 * on standard error that names the address, no stack trace, exit status 1.
 */
import { execFile } from "node:child_process";
import process from "node:process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const DENO = `${ROOT}node_modules/.bin/deno`;

/** A local port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function runImport(databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      DENO,
      ["run", "-A", "scripts/import.ts", "--user", "a@example.com", "--account", "A", "--json", "x.csv"],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) ?? null : 0, stdout, stderr }),
    );
  });
}

describe("npm run import without a reachable database", () => {
  it("says so in one line and exits 1", async () => {
    const port = await closedPort();
    const { code, stdout, stderr } = await runImport(`postgres://postgres:secret@127.0.0.1:${port}/x`);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    const lines = stderr.trim().split("\n");
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^import: cannot connect to the database at 127\\.0\\.0\\.1:${port}: \\S`));
    expect(stderr, "no password in the message").not.toMatch(/secret/);
  });
});
