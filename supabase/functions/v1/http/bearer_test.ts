import assert from "node:assert/strict";
import { apiKeyRefusal } from "../auth/api-key.ts";
import { AuthError } from "../auth/errors.ts";
import { optionalUser, requireUser, type TokenVerifier } from "./bearer.ts";
import { ProblemError } from "./problem.ts";

const verifier: TokenVerifier = {
  verify(header) {
    if (!header) return Promise.reject(new AuthError("missing_token", "No bearer token was sent."));
    if (header === "Bearer good") return Promise.resolve({ sub: "u", claims: {}, token: "good" });
    return Promise.reject(new AuthError("bad_signature", "The token's signature is not valid."));
  },
};

async function refusal(promise: Promise<unknown>): Promise<[number, string | undefined]> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProblemError);
    return [error.status, error.options.headers?.["WWW-Authenticate"]];
  }
  throw new Error("not refused");
}

Deno.test("requireUser: no token is 401 with a bare Bearer challenge; a bad one names invalid_token", async () => {
  assert.deepEqual(await refusal(requireUser(new Headers(), verifier)), [401, "Bearer"]);
  const [status, challenge] = await refusal(requireUser(new Headers({ authorization: "Bearer bad" }), verifier));
  assert.equal(status, 401);
  assert.match(challenge!, /^Bearer error="invalid_token"/);
  assert.equal((await requireUser(new Headers({ authorization: "Bearer good" }), verifier)).sub, "u");
});

Deno.test("optionalUser: none is fine, a bad token is not, and the apikey echo counts as none", async () => {
  assert.equal(await optionalUser(new Headers(), verifier), undefined);
  assert.equal(await optionalUser(new Headers({ authorization: "  " }), verifier), undefined);
  assert.equal(
    await optionalUser(new Headers({ authorization: "Bearer sb_publishable_x", apikey: "sb_publishable_x" }), verifier),
    undefined,
  );
  assert.equal(
    (await refusal(optionalUser(new Headers({ authorization: "Bearer bad", apikey: "other" }), verifier)))[0],
    401,
  );
  assert.equal((await optionalUser(new Headers({ authorization: "Bearer good" }), verifier))?.sub, "u");
});

Deno.test('requireUser: the apikey echo (signed-out supabase-js) is 401 "sign in first", never verified', async () => {
  let verified = 0;
  const counting: TokenVerifier = { verify: (header) => (verified++, verifier.verify(header)) };
  const headers = new Headers({ authorization: "Bearer local-anon-key", apikey: "local-anon-key" });
  try {
    await requireUser(headers, counting);
    assert.fail("accepted");
  } catch (error) {
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 401);
    assert.match(error.detail, /^Sign in first: this route needs a user's access token/);
    assert.match(error.options.headers?.["WWW-Authenticate"] ?? "", /^Bearer error="invalid_token"/);
  }
  assert.equal(verified, 0);
});

Deno.test("optionalUser: a key the verifier recognises as an API key counts as no token", async () => {
  const recognising: TokenVerifier = { verify: () => Promise.reject(apiKeyRefusal()) };
  assert.equal(await optionalUser(new Headers({ authorization: "Bearer sb_publishable_x" }), recognising), undefined);
  const [status] = await refusal(requireUser(new Headers({ authorization: "Bearer sb_publishable_x" }), recognising));
  assert.equal(status, 401);
});
