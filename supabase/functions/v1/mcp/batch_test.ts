import assert from "node:assert/strict";
import { repeatedId, requestCount, withoutCancellations } from "./batch.ts";

const request = (id: number | string, method = "tools/list") => ({ jsonrpc: "2.0", id, method });
const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } };
const note = { jsonrpc: "2.0", method: "notifications/initialized" };

Deno.test("batch: requests are messages with a method and an id; notifications, responses and junk are not", () => {
  assert.equal(requestCount(request(1)), 1);
  assert.equal(requestCount([request(1), note, request("a"), { jsonrpc: "2.0", id: 3, result: {} }, null, 7]), 2);
  assert.equal(requestCount([]), 0);
});

Deno.test("batch: the first id two requests share; a number and a string of the same digits differ", () => {
  assert.equal(repeatedId([request(1), request(2), request(1)]), 1);
  assert.equal(repeatedId([request("x"), note, request("x")]), "x");
  assert.equal(repeatedId([request(1), request("1"), note, note]), undefined);
});

Deno.test("batch: cancellations are dropped; nothing left is null; a body without them is returned as is", () => {
  assert.equal(withoutCancellations(cancel), null);
  assert.equal(withoutCancellations([cancel, cancel]), null);
  assert.deepEqual(withoutCancellations([request(1), cancel]), [request(1)]);
  const body = [request(1), note];
  assert.equal(withoutCancellations(body), body);
  assert.deepEqual(withoutCancellations(request(1)), request(1));
});
