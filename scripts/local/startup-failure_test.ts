/**
 * Start-up failures are one line saying what is wrong and what to do, and exit code 1: `npm start` with a broken
 * signing-keys file, a port in use, an unreachable DATABASE_URL or invalid settings; `npm run db:migrate` and
 * `npm run db:seed` with an unreachable DATABASE_URL. Each is run as a user runs it, in a child process.
 */
import assert from "node:assert/strict";
import { freePort } from "../../tests/helpers/npm-start.ts";

const ROOT = new URL("../../", import.meta.url);

/** Port 1 on loopback: nothing listens there, so connecting is refused at once. */
const UNREACHABLE = "postgres://postgres:canaryPw@127.0.0.1:1/pfa";

async function run(script: string, env: Record<string, string>) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-check", script],
    cwd: ROOT,
    env: { NO_COLOR: "1", ...env },
    clearEnv: false,
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(60_000),
  }).output();
  return { code, out: new TextDecoder().decode(stdout), err: new TextDecoder().decode(stderr) };
}

/** One line on stderr, starting with `what failed:`, matching `pattern`; no stack frame; exit 1. */
function assertOneLine(result: { code: number; err: string }, what: string, pattern: RegExp): void {
  const lines = result.err.trim().split("\n");
  assert.equal(result.code, 1, result.err);
  assert.equal(lines.length, 1, `one line, got:\n${result.err}`);
  assert.ok(lines[0]!.startsWith(`${what} failed: `), lines[0]);
  assert.match(lines[0]!, pattern);
  assert.doesNotMatch(result.err, /\n\s+at |\.ts:\d+:\d+|canaryPw/);
}

Deno.test("npm start: a broken signing_keys.json is one line naming the file and the fix, exit 1", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/signing_keys.json`;
    await Deno.writeTextFile(path, "{not json");
    const result = await run("scripts/start.ts", { PORT: String(freePort()), PFA_SIGNING_KEYS_PATH: path });
    assertOneLine(result, "npm start", /signing_keys\.json is not valid JSON; delete it to have a new key created/);
    await Deno.writeTextFile(path, '[{"kid":"a","alg":"HS256"}]');
    const wrong = await run("scripts/start.ts", { PORT: String(freePort()), PFA_SIGNING_KEYS_PATH: path });
    assertOneLine(wrong, "npm start", /every key needs a kid and an alg of ES256/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("npm start: a port in use is one line naming the port and PORT=, exit 1", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const port = (listener.addr as Deno.NetAddr).port;
    const result = await run("scripts/start.ts", { PORT: String(port) });
    assertOneLine(result, "npm start", new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use.*PORT=`));
  } finally {
    listener.close();
  }
});

Deno.test("npm start: an unreachable DATABASE_URL or invalid settings are one line each, exit 1", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const env = { PORT: String(freePort()), PFA_SIGNING_KEYS_PATH: `${dir}/keys.json` };
    const db = await run("scripts/start.ts", { ...env, DATABASE_URL: UNREACHABLE });
    assertOneLine(
      db,
      "npm start",
      /cannot use the database at DATABASE_URL postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/pfa: .*ECONNREFUSED.*fix DATABASE_URL/,
    );
    const settings = await run("scripts/start.ts", {
      ...env,
      PFA_MAX_BODY_BYTES: "lots",
      PFA_RATE_LIMIT_REQUESTS: "-1",
    });
    assertOneLine(
      settings,
      "npm start",
      /invalid configuration: PFA_MAX_BODY_BYTES must be a whole number, got "lots"; PFA_RATE_LIMIT_REQUESTS must be/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("npm run db:migrate and db:seed: an unreachable DATABASE_URL is one line, exit 1; no DATABASE_URL for seed, exit 2", async () => {
  assertOneLine(
    await run("scripts/db-migrate.ts", { DATABASE_URL: UNREACHABLE }),
    "npm run db:migrate",
    /ECONNREFUSED/,
  );
  assertOneLine(await run("scripts/db-seed.ts", { DATABASE_URL: UNREACHABLE }), "npm run db:seed", /ECONNREFUSED/);
  const missing = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-check", "scripts/db-seed.ts"],
    cwd: ROOT,
    env: { DATABASE_URL: "" },
    stderr: "piped",
    stdout: "null",
  }).output();
  assert.equal(missing.code, 2);
  assert.match(
    new TextDecoder().decode(missing.stderr).trim(),
    /^npm run db:seed failed: DATABASE_URL is not set; [^\n]*$/,
  );
});
