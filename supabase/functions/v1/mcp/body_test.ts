import assert from "node:assert/strict";
import { parseMcpBody } from "./body.ts";

// A stand-in exact parser that marks every number, so the test can see which parse each value came from.
const marking = (text: string): unknown =>
  JSON.parse(text, (_key, value) => typeof value === "number" ? { exact: String(value) } : value);

const call = (id: number, args: unknown) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "t", arguments: args },
});

Deno.test("parseMcpBody: tool-call arguments come from the exact parser, the envelope from JSON.parse", () => {
  const parsed = parseMcpBody(JSON.stringify(call(7, { amount: 12.3 })), marking) as ReturnType<typeof call>;
  assert.equal(parsed.id, 7);
  assert.deepEqual(parsed.params.arguments, { amount: { exact: "12.3" } });
  assert.equal(parsed.params.name, "t");
});

Deno.test("parseMcpBody: batches keep their order; other messages are untouched", () => {
  const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor: undefined } };
  const parsed = parseMcpBody(JSON.stringify([list, call(2, { n: 1 })]), marking) as unknown[];
  assert.deepEqual(parsed[0], { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
  assert.deepEqual((parsed[1] as ReturnType<typeof call>).params.arguments, { n: { exact: "1" } });
});

Deno.test("parseMcpBody: no tool call, no exact parse; a failing parser or bad JSON throws", () => {
  const refuse = () => {
    throw new Error("exact parser refused");
  };
  assert.deepEqual(parseMcpBody('{"jsonrpc":"2.0","id":1,"method":"ping"}', refuse), {
    jsonrpc: "2.0",
    id: 1,
    method: "ping",
  });
  assert.throws(() => parseMcpBody(JSON.stringify(call(1, {})), refuse), /exact parser refused/);
  assert.throws(() => parseMcpBody("{", marking), SyntaxError);
});

Deno.test("parseMcpBody: a call without arguments stays without arguments", () => {
  const body = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "t" } };
  assert.deepEqual(parseMcpBody(JSON.stringify(body), marking), body);
});
