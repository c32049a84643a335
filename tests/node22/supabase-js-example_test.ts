/**
 * The supabase-js example (examples/supabase-js.mjs, quoted whole in docs/CLIENTS.md) on Node 22, the Node it
 * needs, against `npm start` (a child process on a free port) with a token from `npm run token`. Node 22 is the
 * exact-pinned `node` devDependency (node_modules/node/bin/node); the project's own tooling stays on the Node on PATH.
 * Also shows why the README asks for Node 22: on Node 20, createClient throws.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { demoToken, localServerSetup, startLocalServer } from "../helpers/npm-start.ts";

const ROOT = new URL("../../", import.meta.url);
const EXAMPLE = new URL("examples/supabase-js.mjs", ROOT);
const NODE22 = fileURLToPath(new URL("node_modules/node/bin/node", ROOT));

async function runNode(node: string, file: URL, env: Record<string, string>) {
  const out = await new Deno.Command(node, {
    args: [fileURLToPath(file)],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout), stderr: new TextDecoder().decode(out.stderr) };
}

/** Today's year and month in `timeZone`, worked out independently of the server. */
function yearMonthIn(timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "numeric" }).formatToParts();
  return {
    year: Number(parts.find((p) => p.type === "year")!.value),
    month: Number(parts.find((p) => p.type === "month")!.value),
  };
}

Deno.test("docs/CLIENTS.md: the supabase-js example file is quoted whole in the clients guide", async () => {
  const readme = await Deno.readTextFile(new URL("docs/CLIENTS.md", ROOT));
  const example = await Deno.readTextFile(EXAMPLE);
  assert.ok(
    readme.includes("```js\n" + example + "```"),
    "docs/CLIENTS.md quotes examples/supabase-js.mjs in a js block",
  );
});

Deno.test("README: the supabase-js example runs on Node 22 against npm start with a token from npm run token", async () => {
  assert.ok(existsSync(NODE22), `no Node 22 at ${NODE22}: run npm install (the exact-pinned node devDependency)`);
  const version = await new Deno.Command(NODE22, { args: ["--version"], stdout: "piped" }).output();
  assert.match(new TextDecoder().decode(version.stdout), /^v22\./, "node_modules/node/bin/node is Node 22");

  const dir = await Deno.makeTempDir();
  const setup = await localServerSetup(dir);
  const { env } = setup;
  try {
    const server = await startLocalServer(env);
    try {
      const token = await demoToken(env, "alice@example.com");
      assert.equal(token.code, 0, token.err);
      const run = await runNode(NODE22, EXAMPLE, { SUPABASE_URL: server.origin, ACCESS_TOKEN: token.out.trim() });
      assert.equal(run.code, 0, `the example failed on Node 22:\n${run.stdout}\n${run.stderr}`);
      const [january, budget] = run.stdout.trim().split("\n").map((line) => JSON.parse(line));
      // Worked by hand: January has the 2500.00 salary and the 950.00 rent, nothing before it.
      assert.deepEqual(january, {
        month: 1,
        income: "2500.00",
        expenses: "950.00",
        net: "1550.00",
        cumulative_net: "1550.00",
        transaction_count: 2,
      });
      // alice's profile: EUR, Europe/Berlin; the default month is hers today.
      const { year, month } = yearMonthIn("Europe/Berlin");
      assert.equal(budget.currency, "EUR");
      assert.equal(budget.year, year);
      assert.equal(budget.month, month);
      assert.match(budget.budgeted, /^\d+\.\d{2}$/);
      assert.match(budget.spent, /^-?\d+\.\d{2}$/);

      // Signed out (no ACCESS_TOKEN): supabase-js sends its anon key as the bearer token. The calculation still
      // works; the account call is a 401 that says to sign in first, which the example prints from the problem.
      const signedOut = await runNode(NODE22, EXAMPLE, { SUPABASE_URL: server.origin });
      assert.notEqual(signedOut.code, 0, "signed out, the account call fails");
      assert.deepEqual(JSON.parse(signedOut.stdout.trim()), january, "signed out, the calculation still works");
      assert.match(signedOut.stderr, /Error: 401 unauthorized: Sign in first: this route needs a user's access token/);

      // The same example on the Node that runs this suite (20 on CI) says in one line that it needs Node 22.
      const node = "node";
      const nodeVersion = new TextDecoder().decode(
        (await new Deno.Command(node, { args: ["--version"], stdout: "piped" }).output()).stdout,
      );
      if (nodeVersion.startsWith("v20.")) {
        const old = await runNode(node, EXAMPLE, { SUPABASE_URL: server.origin, ACCESS_TOKEN: token.out.trim() });
        assert.equal(old.code, 1, "on Node 20 the example stops");
        assert.equal(
          old.stderr,
          `examples/supabase-js.mjs needs Node.js 22 or later (supabase-js needs its native WebSocket); this is Node ${nodeVersion.trim()}.\n`,
          "one line, no stack trace",
        );
        assert.equal(old.stdout, "");
      }
    } finally {
      await server.stop();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
    await setup.drop();
  }
});
