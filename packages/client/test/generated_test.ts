/**
 * src/generated.ts is in step with the function's /v1/openapi.json: openapi-typescript, run on the document the
 * function serves today, writes exactly the committed file. After a change to the API, `npm run client:generate`.
 */
import assert from "node:assert/strict";
import { openApiDocumentText } from "../../../scripts/openapi/document.ts";

const GENERATE = new URL("../scripts/generate.mjs", import.meta.url).pathname;

async function check(document: string): Promise<{ code: number; output: string }> {
  const child = new Deno.Command("node", {
    args: [GENERATE, "--check"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  })
    .spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(document));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  return { code, output: new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr) };
}

const document = await openApiDocumentText();

Deno.test("packages/client/src/generated.ts matches /v1/openapi.json (else: npm run client:generate)", async () => {
  const { code, output } = await check(document);
  assert.equal(code, 0, output);
});

Deno.test("the staleness check notices a document that changed", async () => {
  const changed = JSON.parse(document);
  changed.paths["/v1/analytics/cashflow"].post.summary = "A summary the committed file does not have.";
  const { code, output } = await check(JSON.stringify(changed));
  assert.equal(code, 1);
  assert.match(output, /stale: run `npm run client:generate`/);
});
