import assert from "node:assert/strict";
import net from "node:net";
import { serveOnNodeHttp } from "./node-http-server.ts";

/** Sends `head` as written on a raw socket and returns the whole answer (the server closes, or the peer ends). */
function raw(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
      if (text.includes("\r\n\r\n") && /"request_id"|\bpath=/.test(text)) socket.end();
    });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

Deno.test("node:http adapter: requests the Fetch API cannot take get a problem or are served, never a text 500", async () => {
  const server = await serveOnNodeHttp({ hostname: "127.0.0.1", port: 0 }, (request) => {
    const url = new URL(request.url);
    return new Response(`path=${url.pathname} host=${url.host}`, { headers: { "Content-Type": "text/plain" } });
  });
  try {
    const trace = await raw(server.port, "TRACE /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    assert.match(trace, /^HTTP\/1\.1 405 /);
    assert.match(trace, /content-type: application\/problem\+json/i);
    assert.match(trace, /allow: GET, HEAD, POST, OPTIONS/i);
    assert.match(trace, /x-request-id: [0-9a-f-]{36}/i);
    assert.match(trace, /"code":"method_not_allowed"/);
    // An absolute-form target keeps its own path; a Host that is not a host falls back to the listening address.
    const absolute = await raw(
      server.port,
      "GET http://example.test/v1/health HTTP/1.1\r\nHost: example.test\r\nConnection: close\r\n\r\n",
    );
    assert.match(absolute, /^HTTP\/1\.1 200 /);
    assert.match(absolute, /path=\/v1\/health host=example\.test/);
    const badHost = await raw(server.port, "GET /v1/health HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n");
    assert.match(badHost, /^HTTP\/1\.1 200 /);
    assert.match(badHost, new RegExp(`path=/v1/health host=127\\.0\\.0\\.1:${server.port}`));
    const star = await raw(server.port, "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    assert.match(star, /^HTTP\/1\.1 200 /);
  } finally {
    await server.shutdown();
  }
});

Deno.test("node:http adapter: a handler that throws is a problem+json 500 with a request id", async () => {
  const server = await serveOnNodeHttp({ hostname: "127.0.0.1", port: 0 }, () => {
    throw new Error("boom");
  });
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}/x`);
    assert.equal(response.status, 500);
    assert.equal(response.headers.get("content-type"), "application/problem+json");
    const problem = await response.json();
    assert.equal(problem.code, "internal_error");
    assert.equal(problem.request_id, response.headers.get("x-request-id"));
    assert.ok(!JSON.stringify(problem).includes("boom"));
  } finally {
    await server.shutdown();
  }
});
