/**
 * A cold function's first valid calculation loads neither zod nor the core's schemas (routes/registry.ts `fast`):
 * a fresh Deno process whose import map turns `zod` into a module that throws when it is loaded builds the deployed
 * handler and posts each calculation's OpenAPI example. Every one must answer exactly what the core computes, which
 * proves that no module on the way (the operation's, the acceptor's, the HTTP layer's) imports zod. The same process
 * then posts an invalid body: that one needs the schemas, so loading them meets the trap (a 500), which proves the
 * trap is armed. A body with `conversion` (whose reports load on demand) is answered zod-free too.
 */
import assert from "node:assert/strict";
import { createOperations } from "@pfa/core";
import { openApiDocumentText } from "../../../../scripts/openapi/document.ts";

const root = new URL("../../../../", import.meta.url);
/** Calculations validated by zod from the first request, and why. */
const ZOD_FROM_THE_FIRST_REQUEST: Record<string, string> = {
  categorize_transactions: "its rules carry checks only the schema states (unique ids, `between` bounds, RE2 patterns)",
};

/** A cashflow body with `conversion`: its converted reports load on demand (operations/converted-on-demand.ts). */
const CONVERTED = {
  currency: "EUR",
  year: 2026,
  transactions: [{ date: "2026-03-02", amount: "-10.00", currency: "USD" }, { date: "2026-03-03", amount: "5.00" }],
  conversion: { rates: [{ base: "EUR", quote: "USD", date: "2026-03-02", rate: "1.0850" }] },
};

/** Each calculation's path and example body, from the OpenAPI document (built here, where zod may load). */
async function examples(): Promise<{ name: string; path: string; body: unknown }[]> {
  const document = JSON.parse(await openApiDocumentText());
  return createOperations().list.filter((op) => op.kind === "calculation").map((op) => {
    const content = document.paths[op.path].post.requestBody.content["application/json"];
    const schema = content.schema.$ref
      ? document.components.schemas[content.schema.$ref.split("/").pop()]
      : content.schema;
    return { name: op.name, path: op.path, body: (schema.examples ?? [content.example])[0] };
  });
}

Deno.test("zod-free start: the first valid calculation of each operation loads neither zod nor the schemas", async () => {
  const list = await examples();
  // The trap's config sits at the root, beside node_modules (the config's `nodeModulesDir` is read relative to it).
  const dir = await Deno.makeTempDir({ dir: root.pathname, prefix: ".zod-trap-" });
  const configPath = `${root.pathname}${dir.split("/").at(-1)}.json`;
  try {
    const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
    const imports: Record<string, string> = {};
    for (const [key, target] of Object.entries(config.imports as Record<string, string>)) {
      imports[key] = target.startsWith("./") ? new URL(target, root).href : target;
    }
    const trap = `${dir}/zod-trap.ts`;
    await Deno.writeTextFile(trap, `throw new Error("zod was loaded");\n`);
    imports["zod"] = `file://${trap}`;
    imports["zod/"] = `file://${dir}/zod-trap/`;
    await Deno.writeTextFile(configPath, JSON.stringify({ ...config, imports }));
    const handler = new URL("supabase/functions/v1/function-handler.ts", root).href;
    const deps = new URL("supabase/functions/v1/deps.ts", root).href;
    const configModule = new URL("supabase/functions/v1/config.ts", root).href;
    const script = `
      const { loadConfig } = await import("${configModule}");
      const { createDependencies } = await import("${deps}");
      const { createFunctionHandler } = await import("${handler}");
      const handle = createFunctionHandler(createDependencies(loadConfig({
        SUPABASE_URL: "http://127.0.0.1:54321", SUPABASE_ANON_KEY: "x", PFA_LOG_REQUESTS: "false",
      })));
      const post = async (path, body) => {
        const response = await handle(new Request("http://127.0.0.1" + path, {
          method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
        }));
        return { status: response.status, text: await response.text() };
      };
      const answers = {};
      for (const { name, path, body } of ${JSON.stringify(list)}) answers[name] = await post(path, body);
      answers.converted = await post("/v1/analytics/cashflow", ${JSON.stringify(CONVERTED)});
      answers.invalid = await post("/v1/analytics/cashflow", { currency: "EUR", transactions: "none" });
      console.log(JSON.stringify(answers));
    `;
    const { stdout, stderr, success } = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--config", configPath, script],
      cwd: root.pathname,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(success, new TextDecoder().decode(stderr));
    const answers = JSON.parse(new TextDecoder().decode(stdout).trim().split("\n").at(-1)!);
    const core = createOperations().byName;
    for (const { name, body } of list) {
      if (name in ZOD_FROM_THE_FIRST_REQUEST) continue;
      const op = core[name as keyof typeof core];
      assert.equal(op.kind, "calculation");
      if (op.kind !== "calculation") continue;
      assert.equal(answers[name].status, 200, `${name}: ${answers[name].text}`);
      assert.equal(answers[name].text, JSON.stringify(op.run(op.input.parse(body) as never)), name);
    }
    const cashflow = core.calculate_cashflow;
    assert.equal(answers.converted.status, 200, `with conversion: ${answers.converted.text}`);
    assert.equal(answers.converted.text, JSON.stringify(cashflow.run(cashflow.input.parse(CONVERTED))));
    assert.equal(answers.invalid.status, 500, "an invalid body loads the schemas, and so the trap");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(configPath).catch(() => {});
  }
});
