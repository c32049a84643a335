/**
 * Every command of the README runs here, against a started `npm start` (a free port; TEST_DATABASE_URL's PostgreSQL
 * when set, else PGlite), in one bash session in the repository, in order, as a reader would paste them. The README's
 * fenced `sh` blocks are the commands; a `# → a … b` line after a command states its output: each fragment between
 * ` … ` must appear in what the commands since the previous `# →` printed, in that order. Commands without such a
 * line must exit 0 and print no problem (no `"status":4xx/5xx`).
 *
 * The port and the database are the test's: `127.0.0.1:54321` becomes the server's address and
 * `postgres://postgres@127.0.0.1:5432/postgres` its database. The shell gets neither PORT nor DATABASE_URL, so
 * `npm run token` and `npm run user:add` find the server the way a reader's second shell does (its state file).
 *
 * A block preceded by `<!-- not run: <reason> -->` is listed with its reason, never silently skipped; one preceded by
 * `<!-- needs: database -->` runs only with TEST_DATABASE_URL (without it, an ignored test says so).
 */
import assert from "node:assert/strict";
import { localServerSetup, startLocalServer } from "../helpers/npm-start.ts";

const ROOT = new URL("../../", import.meta.url);
const README = await Deno.readTextFile(new URL("README.md", ROOT));
const HAS_DATABASE = Boolean(Deno.env.get("TEST_DATABASE_URL"));

interface Segment {
  readonly commands: string;
  /** Fragments the output must contain, in order; empty: it must exit 0 and print no problem. */
  readonly expect: readonly string[];
}

interface Block {
  readonly line: number;
  readonly code: string;
  readonly notRun?: string;
  readonly needsDatabase: boolean;
}

/** The README's `sh` blocks (indented ones inside lists too), with the marker comment above each. */
export function shBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```sh\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(indent));
    let k = i - 1;
    while (k >= 0 && lines[k]!.trim() === "") k--;
    const marker = k >= 0 ? lines[k]!.trim() : "";
    const notRun = /^<!-- not run: (.+?) -->$/.exec(marker)?.[1];
    blocks.push({
      line: i + 1,
      code: body.join("\n"),
      ...(notRun ? { notRun } : {}),
      needsDatabase: marker === "<!-- needs: database -->",
    });
    i = j;
  }
  return blocks;
}

/** A block's commands, cut after each `# →` line that states their output. */
export function segments(code: string): Segment[] {
  const out: Segment[] = [];
  let commands: string[] = [];
  for (const line of code.split("\n")) {
    const stated = /^# → (.*)$/.exec(line.trim());
    if (stated) {
      out.push({ commands: commands.join("\n"), expect: stated[1]!.split(" … ").map((f) => f.trim()) });
      commands = [];
    } else {
      commands.push(line);
    }
  }
  if (commands.some((c) => c.trim() && !c.trim().startsWith("#"))) {
    out.push({ commands: commands.join("\n"), expect: [] });
  }
  return out;
}

Deno.test("README commands: the blocks are read, and each one that does not run says why", () => {
  const blocks = shBlocks(README);
  assert.ok(blocks.length >= 6, `sh blocks: ${blocks.length}`);
  const notRun = blocks.filter((b) => b.notRun !== undefined);
  for (const b of notRun) {
    assert.ok(b.notRun!.length > 10, `README.md:${b.line}: a reason, not just a marker`);
    console.log(`  not run: README.md:${b.line} (${b.notRun}): ${b.code.split("\n")[0]}`);
  }
  assert.ok(blocks.filter((b) => !b.notRun).length >= 4, "the first calculation, the token, your own data run");
  assert.deepEqual(segments("a\n# → x … y\nb"), [{ commands: "a", expect: ["x", "y"] }, { commands: "b", expect: [] }]);
});

if (!HAS_DATABASE) {
  // Counted by npm test's summary as ignored, with its reason: never a silent skip.
  Deno.test({
    name: "README commands: the blocks marked needs: database (TEST_DATABASE_URL is not set)",
    ignore: true,
    fn: () => {},
  });
}

Deno.test({
  name: "README commands: every runnable block runs against npm start and prints what the README says",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const blocks = shBlocks(README).filter((b) => !b.notRun && (HAS_DATABASE || !b.needsDatabase));
    const dir = await Deno.makeTempDir({ prefix: "pfa-readme-" });
    const setup = await localServerSetup(dir);
    const server = await startLocalServer(setup.env);
    try {
      const substitute = (text: string) =>
        text.replaceAll("127.0.0.1:54321", `127.0.0.1:${setup.env.PORT}`)
          .replaceAll("postgres://postgres@127.0.0.1:5432/postgres", setup.env.DATABASE_URL ?? "no-database");
      const all = blocks.flatMap((b) => segments(b.code).map((s) => ({ ...s, line: b.line })));
      let script = "";
      all.forEach((s, i) => {
        script += `{\n${substitute(s.commands)}\n} > "${dir}/out-${i}" 2>&1\necho $? > "${dir}/code-${i}"\n`;
      });
      const shell = await new Deno.Command("bash", {
        args: ["-c", script],
        cwd: ROOT,
        env: {
          PATH: Deno.env.get("PATH")!,
          HOME: Deno.env.get("HOME") ?? dir,
          PFA_SIGNING_KEYS_PATH: setup.env.PFA_SIGNING_KEYS_PATH!,
          NO_COLOR: "1",
        },
        clearEnv: true,
      }).output();
      assert.equal(shell.code, 0, new TextDecoder().decode(shell.stderr));
      const failures: string[] = [];
      all.forEach((s, i) => {
        const output = Deno.readTextFileSync(`${dir}/out-${i}`);
        const code = Deno.readTextFileSync(`${dir}/code-${i}`).trim();
        const where = `README.md block at line ${s.line}: ${s.commands.trim().split("\n")[0]}`;
        if (code !== "0") failures.push(`${where}: exit ${code}\n${output}`);
        let from = 0;
        for (const fragment of s.expect) {
          const at = output.indexOf(fragment, from);
          if (at < 0) {
            failures.push(`${where}: the output lacks ${JSON.stringify(fragment)} (after offset ${from}):\n${output}`);
            break;
          }
          from = at + fragment.length;
        }
        if (!s.expect.length && /"status":\s*[45]\d\d/.test(output)) failures.push(`${where}: a problem\n${output}`);
      });
      assert.deepEqual(failures, []);
      console.log(`  ran ${all.length} command groups of ${blocks.length} README blocks`);
    } finally {
      await server.stop();
      await setup.drop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
