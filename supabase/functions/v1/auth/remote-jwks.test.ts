/**
 * The remote key set against a real HTTP server (Deno.serve on a free port) that counts its requests: keys are
 * fetched once and cached, refetched when a token names an unknown kid, not refetched again within the cooldown,
 * and an unreachable or broken JWKS is an outage (KeySetUnavailableError), not a bad token.
 */
import assert from "node:assert/strict";
import type { JWK } from "jose";
import type { AuthConfig } from "../config.ts";
import { AuthError, KeySetUnavailableError } from "./errors.ts";
import { createTokenVerifier } from "./verifier.ts";
import { ISSUER, sign, testKey, USER_ID } from "../../../../tests/helpers/test-keys.ts";

const keyA = await testKey("ES256", "key-a");
const keyB = await testKey("ES256", "key-b");
const keyC = await testKey("RS256", "key-c");

interface JwksServer {
  url: URL;
  requests: number;
  keys: JWK[];
  status: number;
  close(): Promise<void>;
}

function serveJwks(keys: JWK[]): JwksServer {
  const state = { requests: 0, keys, status: 200 };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    state.requests++;
    assert.equal(new URL(req.url).pathname, "/auth/v1/.well-known/jwks.json");
    if (state.status !== 200) return new Response("upstream error", { status: state.status });
    return Response.json({ keys: state.keys });
  });
  const url = new URL(`http://127.0.0.1:${server.addr.port}/auth/v1/.well-known/jwks.json`);
  return Object.assign(state, {
    url,
    get requests() {
      return state.requests;
    },
    close: () => server.shutdown(),
  }) as JwksServer;
}

function remoteConfig(jwksUrl: URL): { auth: AuthConfig } {
  return { auth: { issuer: ISSUER, jwksUrl, jwks: undefined, jwtSecret: undefined } };
}

Deno.test("remote JWKS: fetched once, cached, and refetched on an unknown kid", async () => {
  const server = serveJwks([keyA.publicJwk]);
  try {
    const verifier = createTokenVerifier(remoteConfig(server.url), { cooldownMs: 0 });
    for (let i = 0; i < 3; i++) assert.equal((await verifier.verify(`Bearer ${await sign(keyA)}`)).sub, USER_ID);
    assert.equal(server.requests, 1);

    server.keys = [keyA.publicJwk, keyB.publicJwk]; // key rotation: a new key is published
    assert.equal((await verifier.verify(`Bearer ${await sign(keyB)}`)).sub, USER_ID);
    assert.equal(server.requests, 2);
    assert.equal((await verifier.verify(`Bearer ${await sign(keyB)}`)).sub, USER_ID);
    assert.equal((await verifier.verify(`Bearer ${await sign(keyA)}`)).sub, USER_ID);
    assert.equal(server.requests, 2);
  } finally {
    await server.close();
  }
});

Deno.test("remote JWKS: unknown kids within the cooldown do not hammer the JWKS endpoint", async () => {
  const server = serveJwks([keyA.publicJwk]);
  try {
    const verifier = createTokenVerifier(remoteConfig(server.url)); // default 30 s cooldown
    await verifier.verify(`Bearer ${await sign(keyA)}`);
    assert.equal(server.requests, 1);
    for (let i = 0; i < 5; i++) {
      const e = await verifier.verify(`Bearer ${await sign(keyC)}`).then(() => assert.fail("accepted"), (e) => e);
      assert.ok(e instanceof AuthError);
      assert.equal(e.reason, "unknown_key");
    }
    assert.equal(server.requests, 1);
  } finally {
    await server.close();
  }
});

Deno.test("remote JWKS: an erroring JWKS endpoint is KeySetUnavailableError, not a 401", async () => {
  const server = serveJwks([keyA.publicJwk]);
  server.status = 500;
  try {
    const verifier = createTokenVerifier(remoteConfig(server.url));
    const e = await verifier.verify(`Bearer ${await sign(keyA)}`).then(() => assert.fail("accepted"), (e) => e);
    assert.ok(e instanceof KeySetUnavailableError, `got ${e}`);
  } finally {
    await server.close();
  }
});

Deno.test("remote JWKS: an unreachable JWKS endpoint is KeySetUnavailableError", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close(); // nothing listens on this port any more
  const verifier = createTokenVerifier(remoteConfig(new URL(`http://127.0.0.1:${port}/auth/v1/.well-known/jwks.json`)));
  const e = await verifier.verify(`Bearer ${await sign(keyA)}`).then(() => assert.fail("accepted"), (e) => e);
  assert.ok(e instanceof KeySetUnavailableError, `got ${e}`);
});

Deno.test("remote JWKS: a bad token is refused without fetching keys", async () => {
  const server = serveJwks([keyA.publicJwk]);
  try {
    const verifier = createTokenVerifier(remoteConfig(server.url));
    await verifier.verify("Bearer not-a-jwt").then(
      () => assert.fail("accepted"),
      (e) => assert.ok(e instanceof AuthError),
    );
    await verifier.verify(null).then(() => assert.fail("accepted"), (e) => assert.ok(e instanceof AuthError));
    assert.equal(server.requests, 0);
  } finally {
    await server.close();
  }
});
