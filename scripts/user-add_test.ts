/**
 * `npm run user:add` as a user runs it, where it can only refuse: usage errors (exit 64), and no database to add to
 * (exit 1, saying why the embedded one will not do). Adding, with a database: scripts/local/local-users_test.ts and
 * tests/local/restart-keeps-data_test.ts.
 */
import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);

async function userAdd(args: string[], env: Record<string, string>) {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-check", "scripts/user-add.ts", ...args],
    cwd: ROOT,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

Deno.test("npm run user:add: usage errors are 64, no database is 1 with the reason, --help prints the usage", async () => {
  const dir = await Deno.makeTempDir({ prefix: "pfa-user-add-" });
  try {
    const env = { PFA_SIGNING_KEYS_PATH: `${dir}/signing_keys.json`, PATH: Deno.env.get("PATH")! };
    const help = await userAdd(["--help"], env);
    assert.equal(help.code, 0);
    assert.match(help.out, /^usage: npm run -s user:add -- <email> \[--currency EUR\] \[--timezone Europe\/Berlin\]/);
    const bogus = await userAdd(["me@example.com", "--bogus"], env);
    assert.equal(bogus.code, 64);
    assert.match(bogus.err, /^user:add: .*bogus.*\nusage: /s);
    assert.equal((await userAdd([], env)).code, 64);
    const noDatabase = await userAdd(["me@example.com"], env);
    assert.equal(noDatabase.code, 1);
    assert.match(
      noDatabase.err,
      /^user:add: DATABASE_URL is not set\. .*the embedded one of npm start is a fresh copy/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
