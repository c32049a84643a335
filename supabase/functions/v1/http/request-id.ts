/**
 * Request ids: every response carries `X-Request-Id`. A caller's own id is echoed when it is sane (1–128
 * characters of letters, digits and `._:-`, so it is safe in logs and headers); otherwise a fresh UUID is made.
 *
 * The fresh id is a version 4 UUID (122 random bits) drawn from `Math.random`, not `crypto.randomUUID()`: an id only
 * has to be unique, not secret, and the first call of `crypto.randomUUID()` makes Deno load its crypto extension on
 * a cold function's first request. `Math.random` is seeded per process from the system's entropy by V8.
 */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Two lowercase hex digits for each byte value. */
const HEX: string[] = [];
for (let byte = 0; byte < 256; byte++) HEX.push((byte < 16 ? "0" : "") + byte.toString(16));

/** 32 random bits. */
const random32 = () => (Math.random() * 0x1_0000_0000) >>> 0;
/** The low 16 bits of `n` as 4 hex digits; all 32 as 8. */
const hex4 = (n: number) => HEX[(n >>> 8) & 0xff]! + HEX[n & 0xff]!;
const hex8 = (n: number) => hex4(n >>> 16) + hex4(n);

/** A fresh version 4 UUID (`xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`, lowercase; about as fast as crypto's). */
export function randomUuid(): string {
  const b = random32();
  const c = random32();
  return hex8(random32()) + "-" + hex4(b >>> 16) + "-" + hex4(0x4000 | (b & 0x0fff)) + "-" +
    hex4(0x8000 | ((c >>> 16) & 0x3fff)) + "-" + hex4(c) + hex8(random32());
}

export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && SANE_ID.test(incoming) ? incoming : randomUuid();
}
