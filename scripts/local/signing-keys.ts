/**
 * The local signing keys: `supabase/signing_keys.json`, in the Supabase CLI's format (what `supabase gen
 * signing-key` prints and `[auth] signing_keys_path` reads): a JSON array of private JWKs, each with `kid`, `alg`,
 * `use: "sig"` and `key_ops`. Created on first use with one ES256 key; gitignored; never served. The JWKS the
 * local server publishes holds only the public parts.
 */
import { exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from "jose";
import { dirname, fromFileUrl, isAbsolute, resolve } from "./paths.ts";

export const DEFAULT_SIGNING_KEYS_PATH = fromFileUrl(new URL("../../supabase/signing_keys.json", import.meta.url));

/** `PFA_SIGNING_KEYS_PATH` when set (relative to the working directory), else supabase/signing_keys.json. */
export function signingKeysPath(env: { get(name: string): string | undefined } = Deno.env): string {
  const p = env.get("PFA_SIGNING_KEYS_PATH");
  if (!p) return DEFAULT_SIGNING_KEYS_PATH;
  return isAbsolute(p) ? p : resolve(Deno.cwd(), p);
}

export interface SigningKeys {
  readonly path: string;
  /** True when this call created the file. */
  readonly created: boolean;
  /** The private keys, as stored. */
  readonly keys: readonly JWK[];
}

/** The signing-keys file exists but cannot be used; the message says what to do. */
export class SigningKeysError extends Error {
  override readonly name = "SigningKeysError";
}

const SUPPORTED = new Set(["ES256", "RS256", "EdDSA"]);

/** A new ES256 key exactly as `supabase gen signing-key --algorithm ES256` writes it. */
export async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    kty: jwk.kty,
    kid: crypto.randomUUID(),
    use: "sig",
    key_ops: ["sign", "verify"],
    alg: "ES256",
    ext: true,
    d: jwk.d,
    crv: jwk.crv,
    x: jwk.x,
    y: jwk.y,
  };
}

/** Reads the signing keys file, creating it (mode 0600) with one new ES256 key when it does not exist. */
export async function ensureSigningKeys(path: string): Promise<SigningKeys> {
  let text: string | undefined;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  if (text !== undefined) return { path, created: false, keys: parseSigningKeys(text, path) };
  const keys = [await generateSigningKey()];
  await Deno.mkdir(dirname(path), { recursive: true });
  // createNew: never overwrite a file another process created meanwhile.
  try {
    await Deno.writeTextFile(path, JSON.stringify(keys, null, 2) + "\n", { createNew: true, mode: 0o600 });
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return ensureSigningKeys(path);
    throw error;
  }
  return { path, created: true, keys };
}

export function parseSigningKeys(text: string, path = "signing keys"): JWK[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SigningKeysError(`${path} is not valid JSON; delete it to have a new key created`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new SigningKeysError(
      `${path} must be a JSON array of JWKs (the format of \`supabase gen signing-key\`); delete it to have a new key created`,
    );
  }
  for (const key of parsed as JWK[]) {
    if (typeof key !== "object" || key === null || typeof key.kid !== "string" || !SUPPORTED.has(String(key.alg))) {
      throw new SigningKeysError(
        `${path}: every key needs a kid and an alg of ES256, RS256 or EdDSA; fix it or delete the file to have a new key created`,
      );
    }
    if (typeof key.d !== "string") {
      throw new SigningKeysError(
        `${path}: key ${key.kid} has no private part; delete the file to have a new key created`,
      );
    }
  }
  return parsed as JWK[];
}

/** The public JWKS: private members and key_ops dropped, `use: sig` kept. */
export function publicJwks(keys: readonly JWK[]): JSONWebKeySet {
  return {
    keys: keys.map((k) => {
      const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, oth: _oth, k: _k, key_ops: _ops, ext: _ext, ...pub } = k;
      return pub as JWK;
    }),
  };
}

/** The key that signs new tokens: the first one, as the Supabase CLI does. */
export async function signingKey(keys: readonly JWK[]): Promise<{ kid: string; alg: string; key: CryptoKey }> {
  const jwk = keys[0]!;
  const { key_ops: _ops, ...importable } = jwk;
  const key = await importJWK(importable, jwk.alg);
  return { kid: jwk.kid!, alg: jwk.alg!, key: key as CryptoKey };
}
