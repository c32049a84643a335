/**
 * HEAD is GET without the body (RFC 9110 §9.3.2): Hono answers it by running the GET route and dropping the body,
 * which left the runtime to send `Content-Length: 0`. A HEAD answer may leave Content-Length out, but when it sends
 * one it must be the length of the GET body, so this sets it from the GET body it replaces.
 */
export async function withoutBody(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const length = (await response.arrayBuffer()).byteLength;
  const headers = new Headers(response.headers);
  headers.set("Content-Length", String(length));
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}
