/**
 * The HTML reference (`GET /v1/docs`), rendered on the server from the OpenAPI document: every operation with
 * its parameters, request and response schemas, examples and error codes, every named schema, and one section
 * per problem code (the target of each problem's `type`). Self-contained: inline CSS, no script, no network.
 */
import { escapeHtml, inline, markdown } from "./markdown.ts";

type Json = Record<string, unknown>;
interface Doc {
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}

const PROBLEMS: [number, string, string][] = [
  [400, "invalid_json", "The body is not valid UTF-8, is empty, or is not well-formed JSON (duplicate keys too)."],
  [401, "unauthorized", "The bearer token is missing, or fails a check (signature, exp, nbf, iss, aud, role, sub)."],
  [404, "not_found", "No such route."],
  [405, "method_not_allowed", "The route exists, with another method: see the Allow header."],
  [408, "request_timeout", "The body did not arrive within the read timeout (10 s by default)."],
  [413, "payload_too_large", "The body is larger than the limit (5 MiB by default)."],
  [415, "unsupported_media_type", "The body is not sent as application/json (UTF-8)."],
  [422, "validation_failed", "The request breaks the contract; errors[] locates every offending value."],
  [429, "rate_limited", "Too many requests in this window; wait Retry-After seconds."],
  [500, "internal_error", "An unexpected failure. Nothing internal is disclosed; quote the request_id."],
  [503, "service_unavailable", "The database is down or too slow, or the server is busy; wait Retry-After seconds."],
];

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d2330;background:#fff}
main{max-width:980px;margin:0 auto;padding:24px}
nav{background:#f4f6fa;border-bottom:1px solid #dde2ea;padding:12px 24px}
nav a{margin-right:14px}
a{color:#1f5fbf;text-decoration:none}a:hover{text-decoration:underline}
code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f4f6fa;border-radius:4px}
code{padding:1px 4px}pre{padding:12px;overflow:auto}
section.op{border:1px solid #dde2ea;border-radius:8px;padding:4px 18px 12px;margin:18px 0}
.method{display:inline-block;min-width:52px;text-align:center;border-radius:4px;color:#fff;font-weight:600;
padding:1px 6px;margin-right:8px;font-size:13px}
.get{background:#2f7d32}.post{background:#1f5fbf}
table{border-collapse:collapse;width:100%;margin:8px 0}
th,td{border:1px solid #dde2ea;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f4f6fa}
ul.fields{list-style:none;padding-left:18px;border-left:2px solid #eef1f5}
.type{color:#6a4fb3}.req{color:#b3261e;font-size:12px}.muted{color:#5b6475}
`.replace(/\n/g, "");

function resolve(doc: Doc, schema: Json): { name?: string; schema: Json } {
  const ref = schema["$ref"];
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    return { name, schema: doc.components?.schemas?.[name] ?? {} };
  }
  return { schema };
}

/** A one-line type: `string (date)`, `integer 1..12`, `array of Transaction`, `"a" | "b"`. */
function typeOf(doc: Doc, schema: Json): string {
  const { name, schema: s } = resolve(doc, schema);
  if (name) return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  if (Array.isArray(s.enum)) return s.enum.map((v) => escapeHtml(JSON.stringify(v))).join(" | ");
  if ("const" in s) return escapeHtml(JSON.stringify(s.const));
  for (const key of ["anyOf", "oneOf"]) {
    const options = s[key];
    if (Array.isArray(options)) return options.map((o) => typeOf(doc, o as Json)).join(" | ");
  }
  let type = Array.isArray(s.type) ? s.type.join(" | ") : String(s.type ?? "any");
  if (type === "array" && s.items) return `array of ${typeOf(doc, s.items as Json)}`;
  if (typeof s.format === "string") type += ` (${s.format})`;
  return escapeHtml(type);
}

function constraints(s: Json): string {
  const parts: string[] = [];
  const add = (label: string, key: string) => {
    if (s[key] !== undefined) parts.push(`${label} ${JSON.stringify(s[key])}`);
  };
  add("min", "minimum");
  add("max", "maximum");
  add("min length", "minLength");
  add("max length", "maxLength");
  add("min items", "minItems");
  add("max items", "maxItems");
  add("pattern", "pattern");
  add("default", "default");
  return parts.length ? ` <span class="muted">${escapeHtml(parts.join("; "))}</span>` : "";
}

function example(s: Json): string {
  const value = s.example !== undefined ? s.example : Array.isArray(s.examples) ? s.examples[0] : undefined;
  return value === undefined ? "" : `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
}

/** The fields of an object schema as a nested list; named schemas are linked, not expanded. */
function fields(doc: Doc, schema: Json, depth: number): string {
  const { name, schema: s } = resolve(doc, schema);
  if (name && depth > 0) return "";
  const target = s.type === "array" && s.items ? resolve(doc, s.items as Json) : { schema: s };
  if (target.name || depth > 6) return "";
  const properties = target.schema.properties as Record<string, Json> | undefined;
  if (!properties) return "";
  const required = new Set((target.schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties).map(([key, prop]) => {
    const { schema: p } = resolve(doc, prop);
    const description = typeof p.description === "string" ? ` — ${inline(p.description)}` : "";
    return `<li><code>${escapeHtml(key)}</code> <span class="type">${typeOf(doc, prop)}</span>` +
      `${required.has(key) ? ' <span class="req">required</span>' : ""}${constraints(p)}${description}` +
      `${fields(doc, prop, depth + 1)}</li>`;
  });
  return `<ul class="fields">${rows.join("")}</ul>`;
}

function schemaBlock(doc: Doc, schema: Json): string {
  const { name, schema: s } = resolve(doc, schema);
  const head = `<p>Type: <span class="type">${typeOf(doc, schema)}</span></p>`;
  return head + (name ? "" : fields(doc, s, 0) + example(s));
}

/** A server URL without variables (the local one), for the curl examples. */
function exampleServer(doc: Doc): string {
  return doc.servers?.find((s) => !s.url.includes("{"))?.url ?? doc.servers?.[0]?.url ?? "";
}

function firstExample(schema: Json | undefined): unknown {
  if (!schema) return undefined;
  return schema.example !== undefined
    ? schema.example
    : Array.isArray(schema.examples)
    ? schema.examples[0]
    : undefined;
}

/** A copy-paste curl command from the operation's own examples. */
function curlExample(doc: Doc, path: string, method: string, op: Json, body: Json | undefined): string {
  const lines = [`curl${method === "get" ? "" : " -X " + method.toUpperCase()} '${exampleServer(doc)}${path}'`];
  const security = op.security as Json[] | undefined;
  const required = security !== undefined && security.length > 0 && security.every((s) => "bearerAuth" in s);
  if (required) lines.push(`  -H "Authorization: Bearer $TOKEN"`);
  const example = firstExample(body?.schema as Json | undefined);
  if (method !== "get") {
    lines.push("  -H 'Content-Type: application/json'");
    if (example !== undefined) lines.push(`  -d '${JSON.stringify(example).replaceAll("'", "'\\''")}'`);
  }
  return `<h4>Example</h4><pre>${escapeHtml(lines.join(" \\\n"))}</pre>`;
}

function operation(doc: Doc, path: string, method: string, op: Json): string {
  const id = String(op.operationId ?? `${method}-${path}`);
  const out: string[] = [
    `<section class="op" id="${escapeHtml(id)}">`,
    `<h3><span class="method ${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>`,
    `<p><strong>${inline(String(op.summary ?? ""))}</strong> <span class="muted">operationId ` +
    `<code>${escapeHtml(id)}</code></span></p>`,
  ];
  const security = op.security as Json[] | undefined;
  const auth = security?.some((s) => "bearerAuth" in s);
  const optional = security?.some((s) => Object.keys(s).length === 0);
  out.push(
    `<p>Authentication: ${
      auth ? (optional ? "none needed; a bearer token, if sent, must be valid" : "bearer token required") : "none"
    }.</p>`,
  );
  if (typeof op.description === "string") out.push(markdown(op.description, 3));
  const parameters = op.parameters as Json[] | undefined;
  if (parameters?.length) {
    out.push(
      "<h4>Query parameters</h4><table><tr><th>Name</th><th>Type</th><th>Required</th><th>Description</th></tr>",
    );
    for (const p of parameters) {
      const s = (p.schema as Json | undefined) ?? {};
      const description = String(p.description ?? s.description ?? "");
      out.push(
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${typeOf(doc, s)}${constraints(s)}</td>` +
          `<td>${p.required ? "yes" : "no"}</td><td>${inline(description)}</td></tr>`,
      );
    }
    out.push("</table>");
  }
  const body = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.[
    "application/json"
  ];
  if (body?.schema) out.push("<h4>Request body (application/json)</h4>", schemaBlock(doc, body.schema as Json));
  out.push(curlExample(doc, path, method, op, body));
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const ok = (responses["200"]?.content as Record<string, Json> | undefined)?.["application/json"];
  if (ok?.schema) out.push("<h4>Response 200 (application/json)</h4>", schemaBlock(doc, ok.schema as Json));
  const errors = Object.entries(responses).filter(([status]) => Number(status) >= 300);
  if (errors.length) {
    out.push("<h4>Other responses</h4><table><tr><th>Status</th><th>Meaning</th></tr>");
    for (const [status, response] of errors) {
      out.push(`<tr><td>${escapeHtml(status)}</td><td>${inline(String(response.description ?? ""))}</td></tr>`);
    }
    out.push("</table>");
  }
  out.push("</section>");
  return out.join("\n");
}

export function renderReference(document: unknown): string {
  const doc = document as Doc;
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = ((op.tags as string[] | undefined) ?? ["Other"])[0]!;
      (byTag.get(tag) ?? byTag.set(tag, []).get(tag)!).push(operation(doc, path, method, op));
      (toc.get(tag) ?? toc.set(tag, []).get(tag)!).push(
        `<li><a href="#${escapeHtml(String(op.operationId))}">${method.toUpperCase()} ${escapeHtml(path)}</a> — ` +
          `${inline(String(op.summary ?? ""))}</li>`,
      );
    }
  }
  const tags = [...(doc.tags ?? []).map((t) => t.name), ...byTag.keys()].filter((t, i, all) =>
    byTag.has(t) && all.indexOf(t) === i
  );
  const tagDescription = (name: string) => doc.tags?.find((t) => t.name === name)?.description ?? "";
  const schemas = Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) =>
    `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>` +
    `${typeof schema.description === "string" ? `<p>${inline(schema.description)}</p>` : ""}` +
    `<p>Type: <span class="type">${escapeHtml(String(schema.type ?? "see below"))}</span>${constraints(schema)}</p>` +
    `${fields(doc, schema, 0)}${example(schema)}</section>`
  );
  const problems = PROBLEMS.map(([status, code, text]) =>
    `<tr id="problem-${code}"><td>${status}</td><td><code>${code}</code></td><td>${escapeHtml(text)}</td></tr>`
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} — reference</title><style>${STYLE}</style></head>
<body><nav><strong>${escapeHtml(doc.info.title)}</strong> <span class="muted">v${escapeHtml(doc.info.version)}</span>
 <a href="#operations">Operations</a><a href="#errors">Errors</a><a href="#schemas">Schemas</a>
 <a href="openapi.json">openapi.json</a></nav>
<main>
<h1>${escapeHtml(doc.info.title)}</h1>
<h2>Servers</h2><ul>${
    (doc.servers ?? []).map((s) => `<li><code>${escapeHtml(s.url)}</code> ${escapeHtml(s.description ?? "")}</li>`)
      .join("")
  }</ul>
${markdown(doc.info.description ?? "")}
<h2 id="operations">Operations</h2>
${
    tags.map((t) => `<h3>${escapeHtml(t)}</h3><p>${inline(tagDescription(t))}</p><ul>${toc.get(t)!.join("")}</ul>`)
      .join("\n")
  }
${tags.map((t) => `<h2 id="tag-${escapeHtml(t)}">${escapeHtml(t)}</h2>\n${byTag.get(t)!.join("\n")}`).join("\n")}
<h2 id="errors">Errors</h2>
<p>Every non-2xx response is <code>application/problem+json</code> (RFC 9457); see <a href="#schema-Problem">Problem</a>.
Its <code>type</code> points at the row below.</p>
<table><tr><th>Status</th><th>code</th><th>Meaning</th></tr>${problems.join("")}</table>
<h2 id="schemas">Schemas</h2>
${schemas.join("\n")}
</main></body></html>
`;
}
