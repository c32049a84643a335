/**
 * `referencePage()`: the HTML of `GET /v1/docs`. Scalar's interactive API reference (`@scalar/api-reference`,
 * served by this function from `docs/scalar.js`, never from a CDN) renders `/v1/openapi.json` with a "try it"
 * client whose server is the one serving the page. Below it, a static table of the problem codes: the target of
 * every problem's `type` (`/v1/docs#problem-<code>`), readable without script.
 *
 * The page's own script is inline; the Content-Security-Policy allows exactly it (by hash), the bundle (`'self'`)
 * and requests to this origin, and nothing from the network.
 */
import { SCALAR_SCRIPT_PATH } from "../openapi/entries.ts";
import { ERROR_DESCRIPTIONS } from "../openapi/error-responses.ts";

/** Path of the bundle, relative to the page (`…/v1/docs` → `…/v1/docs/scalar.js`). */
export { SCALAR_SCRIPT_PATH };

// Runs in the browser. The base URL is the page's own, minus `/v1/docs`: `http://127.0.0.1:54321/functions/v1`
// locally, `https://<ref>.supabase.co/functions/v1` when deployed, whatever port or host serves it.
const INIT = `
(() => {
  const base = location.origin + location.pathname.replace(/\\/v1\\/docs\\/?$/, "");
  Scalar.createApiReference("#reference", {
    url: base + "/v1/openapi.json",
    servers: [{ url: base, description: "This server (the one serving this page)" }],
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: "never",
    agent: { disabled: true },
    mcp: { disabled: true },
    defaultOpenAllTags: true,
    documentDownloadType: "json",
  });
  const hash = location.hash;
  if (hash.startsWith("#problem-")) {
    setTimeout(() => document.getElementById(hash.slice(1))?.scrollIntoView(), 500);
  }
})();
`.trim();

const STYLE = `
#problems{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:32px auto;padding:0 24px}
#problems table{border-collapse:collapse;width:100%}
#problems th,#problems td{border:1px solid #dde2ea;padding:4px 8px;text-align:left;vertical-align:top}
#problems :target{background:#fff6d6}
`.replace(/\n/g, "");

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `code` spans for the backtick-quoted parts of an error description. */
function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

function problemRows(): string {
  return Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => {
    const colon = description.indexOf(":");
    const code = description.slice(0, colon);
    const meaning = description.slice(colon + 1).trim();
    return `<tr id="problem-${code}"><td>${status}</td><td><code>${code}</code></td><td>${
      inlineCode(meaning)
    }</td></tr>`;
  }).join("");
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

export interface ReferencePage {
  readonly html: string;
  readonly contentSecurityPolicy: string;
}

export async function referencePage(title: string): Promise<ReferencePage> {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(title)} — reference</title><style>${STYLE}</style></head>
<body>
<noscript><p>The interactive reference needs JavaScript. The API is described by <a href="openapi.json">openapi.json</a>.</p></noscript>
<div id="reference"></div>
<section id="problems"><h2>Problem codes</h2>
<p>Every non-2xx response is <code>application/problem+json</code> (RFC 9457). Its <code>type</code> points at one row
of this table; <code>code</code> names the row.</p>
<table><tr><th>Status</th><th>code</th><th>Meaning</th></tr>${problemRows()}</table></section>
<script src="docs/scalar.js"></script>
<script>${INIT}</script>
</body></html>
`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src 'self' 'sha256-${await sha256Base64(INIT)}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
  ].join("; ");
  return { html, contentSecurityPolicy };
}
