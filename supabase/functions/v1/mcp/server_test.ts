import assert from "node:assert/strict";
import { z } from "zod";
import { Client, InMemoryTransport } from "./sdk.ts";
import type { CalculationOperation } from "@pfa/core/contracts/operation.ts";
import { createMcpServer, type InvokeTool } from "./server.ts";
import { toolFromOperation } from "./tools.ts";

const echo: CalculationOperation = {
  kind: "calculation",
  name: "calculate_echo",
  method: "post",
  path: "/v1/echo",
  summary: "Echoes.",
  description: "Echoes a value.",
  tag: "Calculations",
  input: z.object({ value: z.string() }),
  output: z.object({ value: z.string() }),
  run: (input) => input,
};
const tools = [toolFromOperation(echo)];

async function connect(invoke: InvokeTool): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(tools, invoke).connect(serverSide);
  const client = new Client({ name: "test", version: "0" });
  await client.connect(clientSide);
  return client;
}

Deno.test("server: tools/list publishes the definitions with both schemas and the annotations", async () => {
  const client = await connect(() => Promise.reject(new Error("not called")));
  const { tools: listed } = await client.listTools();
  assert.equal(listed.length, 1);
  assert.equal(listed[0]?.name, "calculate_echo");
  assert.deepEqual(listed[0]?.inputSchema, tools[0]?.inputSchema);
  assert.deepEqual(listed[0]?.outputSchema, tools[0]?.outputSchema);
  assert.deepEqual(listed[0]?.annotations, tools[0]?.annotations);
  await client.close();
});

Deno.test("server: arguments reach invoke untouched; success is structuredContent plus the same JSON as text", async () => {
  const seen: unknown[] = [];
  const client = await connect((tool, args) => {
    seen.push([tool.name, args]);
    return Promise.resolve({ ok: true, body: { value: "b", n: 1 } });
  });
  const result = await client.callTool({ name: "calculate_echo", arguments: { value: 7, extra: true } });
  assert.deepEqual(seen, [["calculate_echo", { value: 7, extra: true }]]);
  assert.equal(result.isError, undefined);
  assert.deepEqual(result.structuredContent, { value: "b", n: 1 });
  assert.deepEqual(result.content, [{ type: "text", text: '{"value":"b","n":1}' }]);
  await client.close();
});

Deno.test("server: a failure is isError with the problem JSON as text, and the official client returns it", async () => {
  const problem = {
    type: "http://127.0.0.1:54321/functions/v1/v1/docs#problem-validation_failed",
    title: "Validation failed",
    status: 422,
    detail: "The request has 1 invalid value: `/value` must be a string, not a number.",
    code: "validation_failed" as const,
    request_id: "r1",
    errors: [{ pointer: "/value", code: "invalid_type" as const, message: "`/value` must be a string, not a number." }],
  };
  const client = await connect(() => Promise.resolve({ ok: false, problem }));
  const result = await client.callTool({ name: "calculate_echo", arguments: { value: 7 } });
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent, undefined);
  const content = result.content as { type: string; text: string }[];
  assert.deepEqual(JSON.parse(content[0]!.text), problem);
  await client.close();
});

Deno.test("server: an unknown tool is a JSON-RPC invalid-params error", async () => {
  const client = await connect(() => Promise.reject(new Error("not called")));
  await assert.rejects(client.callTool({ name: "nope", arguments: {} }), /-32602.*Unknown tool "nope"/);
  await client.close();
});

/** Sends raw JSON-RPC requests to a server and returns its answers (no client-side checks in the way). */
async function raw(requests: unknown[]): Promise<{ id: unknown; error?: { code: number; message: string } }[]> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(tools, () => Promise.reject(new Error("not called"))).connect(serverSide);
  const answers: { id: unknown; error?: { code: number; message: string } }[] = [];
  clientSide.onmessage = (m) => void answers.push(m as (typeof answers)[number]);
  await clientSide.start();
  for (const request of requests) await clientSide.send(request as never);
  await new Promise((r) => setTimeout(r, 20));
  return answers;
}

Deno.test("server: tools/call params that are not a tool name and an argument object are invalid params", async () => {
  const call = (id: number, params: unknown) => ({ jsonrpc: "2.0", id, method: "tools/call", params });
  const answers = await raw([
    call(1, { name: "calculate_echo", arguments: true }),
    call(2, { name: "calculate_echo", arguments: [] }),
    call(3, { name: "calculate_echo", arguments: null }),
    call(4, { arguments: {} }),
  ]);
  assert.deepEqual(answers.map((a) => [a.id, a.error?.code]), [[1, -32602], [2, -32602], [3, -32602], [4, -32602]]);
  assert.equal(
    answers[0]?.error?.message,
    "MCP error -32602: params.arguments must be a JSON object holding the tool's input, not a boolean.",
  );
  assert.match(answers[1]?.error?.message ?? "", /not an array/);
  assert.match(answers[3]?.error?.message ?? "", /params\.name/);
});

Deno.test("server: an unknown method is method-not-found", async () => {
  const answers = await raw([{ jsonrpc: "2.0", id: 7, method: "resources/list" }]);
  assert.deepEqual(answers.map((a) => [a.id, a.error?.code]), [[7, -32601]]);
});

Deno.test("why problems travel as text: this SDK client throws on an isError result whose structuredContent is a problem", async () => {
  // Tripwire for modelcontextprotocol/typescript-sdk#1943: when an SDK upgrade stops throwing here, results.ts may
  // put the problem in structuredContent too.
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(tools, () => Promise.reject(new Error("not called")));
  server.fallbackRequestHandler = () =>
    Promise.resolve({ content: [{ type: "text", text: "{}" }], structuredContent: { status: 422 }, isError: true });
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "0" });
  await client.connect(clientSide);
  await client.listTools();
  await assert.rejects(client.callTool({ name: "calculate_echo", arguments: { value: "a" } }), /output schema/);
  await client.close();
});
