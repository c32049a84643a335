/**
 * The typed client as a user installs it: `npm pack` in packages/client (its `prepack` builds dist/ with tsc),
 * `npm install <tarball>` into an empty project (openapi-fetch from npm's cache when it is there), a TypeScript
 * check of a program against the installed declarations (a wrong type fails it), and that program, run by Node,
 * calling `npm start`: a calculation, and an account read with a token from `npm run token`.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { demoToken, withLocalServer } from "../../../tests/helpers/npm-start.ts";

const CLIENT = fileURLToPath(new URL("..", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const TSC = `${CLIENT}node_modules/typescript/bin/tsc`;

async function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = await new Deno.Command(cmd, { args, cwd, env, stdout: "piped", stderr: "piped" }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

const PROGRAM = `import { createPfaClient, type Schemas } from "@pfa/client";

const api = createPfaClient({ baseUrl: process.env.BASE!, accessToken: process.env.TOKEN });
const cashflow = await api.POST("/v1/analytics/cashflow", {
  body: { currency: "EUR", year: 2026, transactions: [{ date: "2026-01-15", amount: "2500.00", category: "Salary" }] },
});
const income: string | undefined = cashflow.data?.months[0]?.income;
const goals = await api.GET("/v1/me/goals/progress");
const problem: Schemas["Problem"] | undefined = (await api.GET("/v1/me/accounts", { params: { query: { as_of: "2026-02-30" } } })).error;
console.log(JSON.stringify({ income, goals: goals.response.status, problem: problem?.errors?.[0]?.code }));
`;

Deno.test({
  name:
    "client: npm pack gives built JavaScript and declarations that install into an empty project and call npm start",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "pfa-client-pack-" });
    try {
      // Packed from a copy (under node_modules, which no Deno step reads), so the build never writes the working
      // tree's dist/ while another lane type-checks it; openapi-fetch resolves from the root's node_modules as in place.
      const copy = `${ROOT}node_modules/.cache/pfa-client-pack-${crypto.randomUUID()}`;
      await Deno.mkdir(`${copy}/node_modules/.bin`, { recursive: true });
      for (const f of ["package.json", "tsconfig.build.json", "README.md"]) {
        await Deno.copyFile(`${CLIENT}${f}`, `${copy}/${f}`);
      }
      await Deno.mkdir(`${copy}/src`);
      for (const f of ["index.ts", "generated.ts"]) await Deno.copyFile(`${CLIENT}src/${f}`, `${copy}/src/${f}`);
      await Deno.symlink(await Deno.realPath(`${CLIENT}node_modules/.bin/tsc`), `${copy}/node_modules/.bin/tsc`);
      const pack = await run("npm", ["pack", "--json", "--pack-destination", dir], copy).finally(() =>
        Deno.remove(copy, { recursive: true })
      );
      assert.equal(pack.code, 0, pack.err);
      const [{ filename, files }] = JSON.parse(pack.out);
      const paths = (files as { path: string }[]).map((f) => f.path).sort();
      for (const built of ["dist/index.js", "dist/index.d.ts", "dist/generated.d.ts", "package.json"]) {
        assert.ok(paths.includes(built), `${built} is in the package: ${paths.join(", ")}`);
      }
      assert.ok(!paths.some((p) => p.startsWith("test/")), "no tests in the package");

      const project = `${dir}/project`;
      await Deno.mkdir(project);
      await Deno.writeTextFile(
        `${project}/package.json`,
        JSON.stringify({ name: "empty", version: "1.0.0", private: true, type: "module" }),
      );
      const install = await run("npm", [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        `${dir}/${filename}`,
      ], project);
      assert.equal(install.code, 0, install.err);

      // The declarations type the program; a wrong type is an error.
      await Deno.writeTextFile(`${project}/main.mts`, PROGRAM);
      await Deno.writeTextFile(
        `${project}/tsconfig.json`,
        JSON.stringify({
          compilerOptions: {
            module: "nodenext",
            moduleResolution: "nodenext",
            target: "es2022",
            strict: true,
            lib: ["es2022", "dom"],
            types: [],
            outDir: "out",
          },
          files: ["main.mts", "env.d.ts"],
        }),
      );
      await Deno.writeTextFile(
        `${project}/env.d.ts`,
        "declare const process: { env: Record<string, string | undefined> };\n",
      );
      const typed = await run("node", [TSC, "-p", "."], project);
      assert.equal(typed.code, 0, typed.out + typed.err);
      await Deno.writeTextFile(
        `${project}/wrong.mts`,
        PROGRAM.replace("const income: string | undefined", "const income: number | undefined"),
      );
      await Deno.writeTextFile(
        `${project}/tsconfig.wrong.json`,
        JSON.stringify({
          extends: "./tsconfig.json",
          compilerOptions: { noEmit: true },
          files: ["wrong.mts", "env.d.ts"],
        }),
      );
      const wrongOnly = await run("node", [TSC, "-p", "tsconfig.wrong.json"], project);
      assert.notEqual(wrongOnly.code, 0, "a wrong type is reported");
      assert.match(wrongOnly.out, /Type 'string \| undefined' is not assignable to type 'number \| undefined'/);

      await withLocalServer(async (server, env) => {
        const token = await demoToken(env, "alice@example.com");
        assert.equal(token.code, 0, token.err);
        const called = await run("node", ["out/main.mjs"], project, { BASE: server.base, TOKEN: token.out.trim() });
        assert.equal(called.code, 0, called.err);
        assert.deepEqual(JSON.parse(called.out), { income: "2500.00", goals: 200, problem: "invalid_date" });
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
