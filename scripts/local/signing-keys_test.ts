import assert from "node:assert/strict";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { ensureSigningKeys, parseSigningKeys, publicJwks, signingKeysPath } from "./signing-keys.ts";

const CONFIG_TOML = new URL("../../supabase/config.toml", import.meta.url);
const SUPABASE_BIN = new URL("../../node_modules/.bin/supabase", import.meta.url);

Deno.test("signing keys: created when missing (CLI format, 0600), then reused", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/nested/signing_keys.json`;
    const first = await ensureSigningKeys(path);
    assert.equal(first.created, true);
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
    const stored = JSON.parse(await Deno.readTextFile(path));
    assert.ok(Array.isArray(stored) && stored.length === 1, "a JSON array of JWKs");
    const [key] = stored;
    assert.equal(key.kty, "EC");
    assert.equal(key.crv, "P-256");
    assert.equal(key.alg, "ES256");
    assert.equal(key.use, "sig");
    assert.deepEqual(key.key_ops, ["sign", "verify"]);
    assert.equal(typeof key.d, "string");
    assert.match(key.kid, /^[0-9a-f-]{36}$/);
    const second = await ensureSigningKeys(path);
    assert.equal(second.created, false);
    assert.deepEqual(second.keys, stored);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("signing keys: the public JWKS has no private parts", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const { keys } = await ensureSigningKeys(`${dir}/k.json`);
    const jwks = publicJwks(keys);
    assert.equal(jwks.keys.length, 1);
    for (const member of ["d", "p", "q", "dp", "dq", "qi", "k", "key_ops"]) {
      assert.ok(!(member in jwks.keys[0]!), member);
    }
    assert.equal(jwks.keys[0]!.kid, keys[0]!.kid);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("signing keys: a broken file is a clear error, not a silent new key", () => {
  assert.throws(() => parseSigningKeys("{", "f.json"), /f.json is not valid JSON/);
  assert.throws(() => parseSigningKeys("{}", "f.json"), /JSON array of JWKs/);
  assert.throws(() => parseSigningKeys('[{"kid":"a","alg":"HS256","k":"x"}]', "f.json"), /ES256, RS256 or EdDSA/);
  assert.throws(() => parseSigningKeys('[{"kid":"a","alg":"ES256","kty":"EC"}]', "f.json"), /no private part/);
});

Deno.test("signing keys: PFA_SIGNING_KEYS_PATH overrides the default path", () => {
  const env = (v: string | undefined) => ({ get: (n: string) => n === "PFA_SIGNING_KEYS_PATH" ? v : undefined });
  assert.equal(signingKeysPath(env("/tmp/x/keys.json")), "/tmp/x/keys.json");
  assert.match(signingKeysPath(env(undefined)), /supabase\/signing_keys\.json$/);
});

Deno.test("signing keys: with SUPABASE_AUTH_SIGNING_KEYS_PATH naming our key file, the Supabase CLI signs with our key", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/supabase`);
    await Deno.copyFile(CONFIG_TOML, `${dir}/supabase/config.toml`);
    const { keys } = await ensureSigningKeys(`${dir}/supabase/signing_keys.json`);
    const out = await new Deno.Command(SUPABASE_BIN, {
      args: ["gen", "bearer-jwt", "--role", "authenticated", "--sub", "a11ce000-0000-4000-8000-000000000001"],
      cwd: dir,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      // What supabase/config.toml tells a Docker user to set for `supabase start` (the path is relative to supabase/).
      env: {
        SUPABASE_AUTH_SIGNING_KEYS_PATH: "./signing_keys.json",
        SUPABASE_TELEMETRY_DISABLED: "1",
        DO_NOT_TRACK: "1",
      },
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 0, `supabase gen bearer-jwt failed: ${stderr}`);
    const token = new TextDecoder().decode(out.stdout).trim().split(/\s+/).pop()!;
    assert.equal(decodeProtectedHeader(token).kid, keys[0]!.kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(publicJwks(keys)), { algorithms: ["ES256"] });
    assert.equal(payload.sub, "a11ce000-0000-4000-8000-000000000001");
    assert.equal(payload.role, "authenticated");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
