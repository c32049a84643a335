import assert from "node:assert/strict";
import { parseJsonBody } from "@pfa/core/json/parse-json-body.ts";
import { ValidationError } from "@pfa/core/problem/validation-error.ts";
import { McpParseError, parseMcpBody } from "./body.ts";

const call = (id: number | string, args: string) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"t","arguments":${args}}}`;

/** What REST reports for the same arguments sent as a body. */
function restItems(args: string) {
  try {
    parseJsonBody(args);
  } catch (error) {
    return (error as ValidationError).errors;
  }
  return [];
}

Deno.test("parseMcpBody: plain messages parse as JSON with nothing rejected", () => {
  const parsed = parseMcpBody(call(1, '{"amount":12.30,"n":[1,2]}'), parseJsonBody);
  assert.deepEqual((parsed.body as { params: { arguments: unknown } }).params.arguments, { amount: 12.3, n: [1, 2] });
  assert.equal(parsed.rejected.size, 0);
});

Deno.test("parseMcpBody: an exponent or too many digits in arguments rejects that call with REST's items", () => {
  const args = '{"transactions":[{"amount":1e3},{"amount":0.1000000000000000055}]}';
  const parsed = parseMcpBody(call("a", args), parseJsonBody);
  const rejection = parsed.rejected.get("a");
  assert.ok(rejection instanceof ValidationError);
  assert.deepEqual(rejection.errors, restItems(args));
  assert.deepEqual(rejection.errors.map((e) => e.pointer), ["/transactions/0/amount", "/transactions/1/amount"]);
  assert.equal(rejection.message, new ValidationError(restItems(args)).message);
});

Deno.test("parseMcpBody: duplicate keys in arguments are rejected like REST", () => {
  const args = '{"currency":"EUR","currency":"USD"}';
  const rejection = parseMcpBody(call(3, args), parseJsonBody).rejected.get(3);
  assert.deepEqual(rejection?.errors, restItems(args));
});

Deno.test("parseMcpBody: in a batch, each call gets its own rejections", () => {
  const text = `[${call(1, '{"a":1}')},${call(2, '{"a":2e1}')}]`;
  const parsed = parseMcpBody(text, parseJsonBody);
  assert.equal(parsed.rejected.has(1), false);
  assert.deepEqual(parsed.rejected.get(2)?.errors.map((e) => e.pointer), ["/a"]);
});

Deno.test("parseMcpBody: malformed JSON, or an exponent outside arguments, is a parse error", () => {
  assert.throws(() => parseMcpBody("{", parseJsonBody), McpParseError);
  const text = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{},"_meta":{"x":1e2}}}';
  assert.throws(() => parseMcpBody(text, parseJsonBody), McpParseError);
});

Deno.test("parseMcpBody: messages without tool calls are not checked", () => {
  const text = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"x":1e2}}';
  assert.deepEqual(parseMcpBody(text, parseJsonBody).body, JSON.parse(text));
});
