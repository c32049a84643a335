/**
 * `Link: <…>; rel="next"` for paginated responses. The target is a query-only relative reference
 * (`<?limit=7&cursor=…>`, RFC 3986 §5.2), resolved against the URL the client called. The function never
 * knows its public URL (hosted Supabase serves it under `/functions/v1/v1/...` on the project host), so an
 * absolute URL built from the request it sees could point at an internal address; a relative reference cannot.
 */
export function nextLink(url: URL, nextCursor: string): string {
  const params = new URLSearchParams(url.searchParams);
  params.set("cursor", nextCursor);
  return `<?${params.toString()}>; rel="next"`;
}
