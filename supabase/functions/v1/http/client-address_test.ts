import assert from "node:assert/strict";
import { clientAddress } from "./client-address.ts";

const xff = (value: string) => new Headers({ "x-forwarded-for": value });

Deno.test("client address: the entry written by the first trusted proxy; what the client claimed before it is ignored", () => {
  assert.equal(clientAddress(xff("203.0.113.7, 10.0.0.1"), "10.9.9.9", 1), "10.0.0.1");
  assert.equal(clientAddress(xff("198.51.100.9, 203.0.113.7 , "), "10.9.9.9", 1), "203.0.113.7");
  assert.equal(clientAddress(xff("6.6.6.6, 203.0.113.7, 10.0.0.1"), "10.9.9.9", 2), "203.0.113.7");
  assert.equal(clientAddress(xff("203.0.113.7"), "10.9.9.9", 2), "203.0.113.7", "fewer entries than proxies");
});

Deno.test("client address: with no trusted proxy, or no header, the socket's peer; X-Real-IP is never trusted", () => {
  assert.equal(clientAddress(xff("203.0.113.7"), "127.0.0.1", 0), "127.0.0.1");
  assert.equal(clientAddress(new Headers({ "x-real-ip": "198.51.100.2" }), "127.0.0.1", 1), "127.0.0.1");
  assert.equal(clientAddress(new Headers(), undefined, 1), "unknown");
});
