import assert from "node:assert/strict";
import {
  bodyReadSlots,
  checkJsonMediaType,
  clientShares,
  decodeUtf8,
  readBodyBytes,
  WHOLE_READ_MAX_BYTES,
} from "./body.ts";
import { ProblemError } from "./problem.ts";

function status(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof ProblemError ? error.status : -1;
  }
  return undefined;
}

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof ProblemError ? error.status : -1;
  }
  return undefined;
}

Deno.test("media type: application/json with or without utf-8 charset passes, anything else is 415", () => {
  assert.equal(status(() => checkJsonMediaType("application/json")), undefined);
  assert.equal(status(() => checkJsonMediaType("Application/JSON; charset=UTF-8")), undefined);
  assert.equal(status(() => checkJsonMediaType('application/json; charset="utf-8"')), undefined);
  assert.equal(status(() => checkJsonMediaType(null)), 415);
  assert.equal(status(() => checkJsonMediaType("text/plain")), 415);
  assert.equal(status(() => checkJsonMediaType("application/x-www-form-urlencoded")), 415);
  assert.equal(status(() => checkJsonMediaType("application/json; charset=latin1")), 415);
  assert.equal(status(() => checkJsonMediaType("application/json; charset=utf-16")), 415);
});

Deno.test("content coding: none or identity passes; gzip, br or anything else is 415 (nothing is decompressed)", () => {
  assert.equal(status(() => checkJsonMediaType("application/json", null)), undefined);
  assert.equal(status(() => checkJsonMediaType("application/json", "")), undefined);
  assert.equal(status(() => checkJsonMediaType("application/json", " Identity ")), undefined);
  assert.equal(status(() => checkJsonMediaType("application/json", "gzip")), 415);
  assert.equal(status(() => checkJsonMediaType("application/json", "br")), 415);
  assert.equal(status(() => checkJsonMediaType("application/json", "gzip, identity")), 415);
});

function chunked(chunks: Uint8Array[], pulled: { count: number }): Request {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk) {
        pulled.count++;
        controller.enqueue(chunk);
      } else controller.close();
    },
  }, { highWaterMark: 0 });
  return new Request("http://x/", { method: "POST", body });
}

Deno.test("body: a declared Content-Length above the limit is refused before reading", async () => {
  const pulled = { count: 0 };
  const request = chunked([new Uint8Array(4)], pulled);
  const headers = new Headers({ "content-length": "11" });
  const withLength = new Request(request, { headers });
  assert.equal(await statusOf(readBodyBytes(withLength, 10)), 413);
  assert.equal(pulled.count, 0);
});

Deno.test("body: a chunked body is cut off as soon as it passes the limit", async () => {
  const pulled = { count: 0 };
  const chunks = [new Uint8Array(6), new Uint8Array(6), new Uint8Array(6), new Uint8Array(6)];
  assert.equal(await statusOf(readBodyBytes(chunked(chunks, pulled), 10)), 413);
  assert.equal(pulled.count, 2); // the second chunk crossed the limit; the last two were never read
});

Deno.test("body: exactly the limit is accepted and the bytes come back intact", async () => {
  const pulled = { count: 0 };
  const bytes = await readBodyBytes(chunked([Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5, 6, 7, 8, 9, 10)], pulled), 10);
  assert.deepEqual([...bytes], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

Deno.test("body: grows past the initial buffer when no length is declared", async () => {
  const pulled = { count: 0 };
  const big = new Uint8Array(100_000).fill(7);
  const bytes = await readBodyBytes(chunked([big, big], pulled), 1_000_000);
  assert.equal(bytes.byteLength, 200_000);
  assert.equal(bytes[199_999], 7);
});

Deno.test("utf-8: valid text decodes (BOM dropped), invalid bytes are 400", () => {
  assert.equal(decodeUtf8(Uint8Array.of(0xef, 0xbb, 0xbf, 0x7b, 0x7d)), "{}");
  assert.equal(decodeUtf8(new TextEncoder().encode('{"a":"€"}')), '{"a":"€"}');
  assert.equal(status(() => decodeUtf8(Uint8Array.of(0x7b, 0xff, 0x7d))), 400);
  assert.equal(status(() => decodeUtf8(Uint8Array.of(0xc3))), 400); // truncated sequence
  // A U+FFFD that was actually sent (valid UTF-8) is kept; invalid bytes next to one are still 400.
  assert.equal(decodeUtf8(new TextEncoder().encode('{"a":"\uFFFD"}')), '{"a":"\uFFFD"}');
  assert.equal(status(() => decodeUtf8(Uint8Array.of(0xef, 0xbf, 0xbd, 0xff))), 400);
});

Deno.test("body: with a Content-Length, a body larger than the limit is still refused (in-process requests)", async () => {
  const request = new Request("http://x/", {
    method: "POST",
    headers: { "content-length": "4" },
    body: new Uint8Array(20),
  });
  assert.equal(await statusOf(readBodyBytes(request, 10)), 413);
  const fine = new Request("http://x/", { method: "POST", headers: { "content-length": "3" }, body: "abc" });
  assert.deepEqual([...await readBodyBytes(fine, 10)], [97, 98, 99]);
});

/** A body that sends `first` and then nothing, ever. */
function stalled(first: Uint8Array, declared = 5 * 1024 * 1024): Request {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(first);
      }
      return new Promise(() => {}); // never another chunk
    },
  }, { highWaterMark: 0 });
  return new Request("http://x/", { method: "POST", body, headers: { "content-length": String(declared) } });
}

Deno.test("body: a body that stalls is 408 request_timeout after the read timeout, with Connection: close", async () => {
  const started = performance.now();
  const error = await readBodyBytes(stalled(new Uint8Array(5)), { maxBytes: 5 * 1024 * 1024, timeoutMs: 150 })
    .then(() => undefined, (e) => e);
  assert.ok(error instanceof ProblemError);
  assert.equal(error.status, 408);
  assert.equal(error.options.headers?.Connection, "close");
  const elapsed = performance.now() - started;
  assert.ok(elapsed >= 140 && elapsed < 2000, `${elapsed} ms`);
});

Deno.test("body: at most `slots` bodies are read at once; a request waiting past the timeout is 503 with Retry-After", async () => {
  const slots = bodyReadSlots(2);
  const limits = { maxBytes: 1024, timeoutMs: 200, slots };
  const reading = [
    readBodyBytes(stalled(Uint8Array.of(1), 100), limits),
    readBodyBytes(stalled(Uint8Array.of(2), 100), limits),
  ];
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(slots.active, 2);
  const third = await readBodyBytes(stalled(Uint8Array.of(3), 100), { ...limits, timeoutMs: 50 }).then(
    () => 0,
    (e) => e,
  );
  assert.ok(third instanceof ProblemError);
  assert.equal(third.status, 503);
  assert.equal(third.options.headers?.["Retry-After"], "1");
  assert.deepEqual(await Promise.all(reading.map((r) => r.then(() => 0, (e) => e.status))), [408, 408]);
  assert.equal(slots.active, 0); // every slot is given back
  const fine = new Request("http://x/", { method: "POST", body: "abc" });
  assert.deepEqual([...await readBodyBytes(fine, limits)], [97, 98, 99]);
});

Deno.test("body: one client has at most its share of the slots; its next read waits for one of its own, then 503", async () => {
  const slots = bodyReadSlots(8);
  const shares = clientShares(2);
  const limits = { maxBytes: 1024, timeoutMs: 200, slots, shares };
  // The audit's attack: one client opens uploads that declare a length and stall.
  const holding = [1, 2].map((n) => readBodyBytes(stalled(Uint8Array.of(n), 100), limits, "ip:203.0.113.9"));
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(slots.active, 2);
  // The third waits for one of the client's own reads, holding no slot, and gets 503 when none ends in time.
  const third = readBodyBytes(stalled(Uint8Array.of(3), 100), { ...limits, timeoutMs: 50 }, "ip:203.0.113.9").then(
    () => 0,
    (e) => e,
  );
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(slots.active, 2, "the waiting read holds no slot");
  const refused = await third;
  assert.ok(refused instanceof ProblemError);
  assert.equal(refused.status, 503);
  assert.equal(refused.options.headers?.["Retry-After"], "1");
  // Another client is served while the first one's uploads stall.
  const other = new Request("http://x/", { method: "POST", body: "abc" });
  assert.deepEqual([...await readBodyBytes(other, limits, "user:someone")], [97, 98, 99]);
  assert.deepEqual(await Promise.all(holding.map((r) => r.then(() => 0, (e) => e.status))), [408, 408]);
  assert.equal(shares.clients, 0, "every share is given back");
  assert.equal(slots.active, 0);
  // Without a client key (a test app, or a read before admission) only the slots bound the reads.
  const anonymous = new Request("http://x/", { method: "POST", body: "x" });
  assert.deepEqual([...await readBodyBytes(anonymous, limits)], [120]);
});

Deno.test("body: a busy client's extra reads wait for its own to end, so many parallel quick bodies are all served", async () => {
  const limits = { maxBytes: 1024, timeoutMs: 1000, slots: bodyReadSlots(64), shares: clientShares(2) };
  const bodies = Array.from({ length: 32 }, (_, i) => new Request("http://x/", { method: "POST", body: `${i}` }));
  const read = await Promise.all(bodies.map((r) => readBodyBytes(r, limits, "ip:198.51.100.7")));
  assert.deepEqual(read.map((b) => new TextDecoder().decode(b)), bodies.map((_, i) => `${i}`));
  assert.equal(limits.shares.clients, 0);
});

Deno.test("clientShares: counts per client, releases once, and forgets a client with nothing in progress", async () => {
  const shares = clientShares(1);
  const release = await shares.enter("a", 1000);
  assert.equal(await statusOf(shares.enter("a", 20)), 503);
  const b = await shares.enter("b", 1000);
  assert.equal(shares.clients, 2);
  release();
  release(); // idempotent
  assert.equal(shares.clients, 1);
  (await shares.enter("a", 1000))();
  b();
  assert.equal(shares.clients, 0);
});
Deno.test("body: a connection that breaks mid-body is a 400, not a 500 (the client went away)", async () => {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(Uint8Array.of(123));
        return;
      }
      controller.error(Object.assign(new Error("connection reset by peer"), { code: "ECONNRESET" }));
    },
  }, { highWaterMark: 0 });
  const request = new Request("http://x/", { method: "POST", body });
  assert.equal(await statusOf(readBodyBytes(request, { maxBytes: 1024, timeoutMs: 1000 })), 400);
});

Deno.test("body: a small declared body is read whole; stalled it is 408, broken it is 400, longer than the limit 413", async () => {
  assert.ok(100 <= WHOLE_READ_MAX_BYTES);
  const limits = { maxBytes: 1024, timeoutMs: 100 };
  const fine = new Request("http://x/", { method: "POST", headers: { "content-length": "3" }, body: "abc" });
  assert.deepEqual([...await readBodyBytes(fine, limits)], [97, 98, 99]);
  const started = performance.now();
  assert.equal(await statusOf(readBodyBytes(stalled(Uint8Array.of(1), 100), limits)), 408);
  assert.ok(performance.now() - started < 2000);
  let sent = false;
  const breaking = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return controller.error(new Error("connection reset by peer"));
      sent = true;
      controller.enqueue(Uint8Array.of(123));
    },
  }, { highWaterMark: 0 });
  const broken = new Request("http://x/", { method: "POST", body: breaking, headers: { "content-length": "10" } });
  assert.equal(await statusOf(readBodyBytes(broken, limits)), 400);
  const lying = new Request("http://x/", {
    method: "POST",
    headers: { "content-length": "5" },
    body: "x".repeat(2000),
  });
  assert.equal(await statusOf(readBodyBytes(lying, limits)), 413);
});
