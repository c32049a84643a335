/**
 * Strong entity tags for account responses. The tag is a SHA-256 over the subject and the exact response bytes,
 * so it changes whenever the body changes, and two users never share a tag even when their bodies are equal
 * (a shared cache that ignored `Vary: Authorization` still could not revalidate one user's copy for another).
 */
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export async function strongEtag(subject: string, body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`${subject}\n${body}`));
  return `"${base64url(new Uint8Array(digest))}"`;
}

/**
 * `If-None-Match` evaluation (RFC 9110 §13.1.2): weak comparison, so `W/"x"` matches `"x"`; `*` matches any
 * current representation.
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (header === null) return false;
  const trimmed = header.trim();
  if (trimmed === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const match of trimmed.matchAll(/(?:W\/)?"[^"]*"/g)) {
    if (match[0].replace(/^W\//, "") === opaque) return true;
  }
  return false;
}
