import assert from "node:assert/strict";
import { requestIdFrom } from "./request-id.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

Deno.test("request id: a sane incoming id is echoed, anything else gets a fresh UUID", () => {
  assert.equal(requestIdFrom("req-123.abc:9_Z"), "req-123.abc:9_Z");
  assert.match(requestIdFrom(null), UUID);
  assert.match(requestIdFrom(""), UUID);
  assert.match(requestIdFrom("has space"), UUID);
  assert.match(requestIdFrom("x".repeat(129)), UUID);
  assert.match(requestIdFrom("a\r\nSet-Cookie: x"), UUID);
  assert.notEqual(requestIdFrom(null), requestIdFrom(null));
});
