/**
 * Request ids: every response carries `X-Request-Id`. A caller's own id is echoed when it is sane (1–128
 * characters of letters, digits and `._:-`, so it is safe in logs and headers); otherwise a fresh UUID is made.
 */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && SANE_ID.test(incoming) ? incoming : crypto.randomUUID();
}
