import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { parseJsonBody } from "@pfa/core";
import { ExactStdioServerTransport } from "./stdio-transport.ts";
import type { JSONRPCMessage } from "./sdk.ts";

/** Stands in for process.stdin / process.stdout; the transport's framing and checks are what is tested. */
function pipes() {
  const input = Object.assign(new EventEmitter(), { pause: () => {} });
  const written: string[] = [];
  return { input, output: { write: (text: string) => written.push(text) }, written };
}

function started(maxLine?: number) {
  const p = pipes();
  const transport = new ExactStdioServerTransport(parseJsonBody, p.input, p.output, maxLine);
  const received: JSONRPCMessage[] = [];
  let closed = 0;
  transport.onmessage = (m) => received.push(m);
  transport.onclose = () => closed++;
  transport.start();
  return { ...p, transport, received, closed: () => closed };
}

const encoder = new TextEncoder();

Deno.test("stdio transport: newline-delimited messages, split anywhere, CRLF tolerated, blank lines skipped", () => {
  const t = started();
  const bytes = encoder.encode(
    '{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n\n{"jsonrpc":"2.0","method":"notifications/x"}\n',
  );
  t.input.emit("data", bytes.subarray(0, 7));
  t.input.emit("data", bytes.subarray(7));
  assert.deepEqual(t.received, [{ jsonrpc: "2.0", id: 1, method: "ping" }, {
    jsonrpc: "2.0",
    method: "notifications/x",
  }]);
});

Deno.test("stdio transport: sends one JSON line per message", async () => {
  const t = started();
  await t.transport.send({ jsonrpc: "2.0", id: 1, result: {} });
  assert.deepEqual(t.written, ['{"jsonrpc":"2.0","id":1,"result":{}}\n']);
});

Deno.test("stdio transport: an exponent in tool arguments is held as that call's rejection, with REST's pointer", () => {
  const t = started();
  t.input.emit(
    "data",
    '{"jsonrpc":"2.0","id":"c1","method":"tools/call","params":{"name":"x","arguments":{"year":2e3}}}\n',
  );
  assert.equal(t.received.length, 1);
  const rejection = t.transport.takeRejection("c1");
  assert.deepEqual(rejection?.errors.map((e) => [e.pointer, e.code]), [["/year", "exponent_not_allowed"]]);
  assert.equal(t.transport.takeRejection("c1"), undefined);
});

Deno.test("stdio transport: malformed JSON or a non-JSON-RPC line gets an error reply and nothing is delivered", () => {
  const t = started();
  t.input.emit("data", "{nope\n[1,2]\n");
  assert.equal(t.received.length, 0);
  const replies = t.written.map((line) => JSON.parse(line));
  assert.deepEqual(replies.map((r) => [r.id, r.error.code]), [[null, -32700], [null, -32600]]);
});

Deno.test("stdio transport: a line over the limit is dropped with a parse error", () => {
  const t = started(64);
  t.input.emit("data", "x".repeat(100));
  assert.equal(JSON.parse(t.written[0]!).error.code, -32700);
});

Deno.test("stdio transport: at end of input, closes only after every received request is answered", async () => {
  const t = started();
  t.input.emit("data", '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
  t.input.emit("end");
  await Promise.resolve();
  assert.equal(t.closed(), 0);
  await t.transport.send({ jsonrpc: "2.0", id: 2, result: {} });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(t.closed(), 0);
  await t.transport.send({ jsonrpc: "2.0", id: 1, result: { tools: [] } });
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(t.closed(), 1);
  await t.transport.send({ jsonrpc: "2.0", id: 3, result: {} });
  assert.equal(t.written.length, 2);
});
