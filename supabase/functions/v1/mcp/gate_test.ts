import assert from "node:assert/strict";
import { calledTools, callsAccountTool } from "./gate.ts";

const call = (name: unknown, id = 1) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: {} } });
const account = new Set(["get_cashflow", "list_statement_imports"]);

Deno.test("calledTools: names of tools/call requests, in a single message or a batch", () => {
  assert.deepEqual(calledTools(call("get_cashflow")), ["get_cashflow"]);
  assert.deepEqual(calledTools([call("calculate_cashflow", 1), call("get_cashflow", 2)]), [
    "calculate_cashflow",
    "get_cashflow",
  ]);
});

Deno.test("calledTools: other methods, notifications, responses and junk call nothing", () => {
  assert.deepEqual(calledTools({ jsonrpc: "2.0", id: 1, method: "tools/list" }), []);
  assert.deepEqual(calledTools({ jsonrpc: "2.0", method: "notifications/initialized" }), []);
  assert.deepEqual(calledTools({ jsonrpc: "2.0", id: 1, result: {} }), []);
  assert.deepEqual(calledTools(null), []);
  assert.deepEqual(calledTools("tools/call"), []);
  assert.deepEqual(calledTools([null, 3, { method: "tools/call" }, { method: "tools/call", params: null }]), []);
  assert.deepEqual(calledTools(call(42)), []);
});

Deno.test("callsAccountTool: true only when an account tool is among the calls", () => {
  assert.equal(callsAccountTool(call("get_cashflow"), account), true);
  assert.equal(callsAccountTool(call("calculate_cashflow"), account), false);
  assert.equal(callsAccountTool([call("calculate_cashflow"), call("list_statement_imports", 2)], account), true);
  assert.equal(callsAccountTool({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }, account), false);
});
