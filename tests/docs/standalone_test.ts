/**
 * The repository's docs, the OpenAPI document (every description and error text in it), the reference page and the
 * generated client stand alone: none of them sends the reader to a file they do not have (the team's contract file,
 * a `../shared` folder) or to its section numbers ("§9.4"). RFC sections ("RFC 9728 §3.1") are fine. Code comments
 * are not checked: they may cite the contract.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { openApiDocumentText } from "../../scripts/openapi/document.ts";
import { referencePage } from "../../supabase/functions/v1/reference/page.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What a reader cannot follow: the contract file's name, the team folder, and bare section signs. */
const FORBIDDEN: readonly { name: string; pattern: RegExp }[] = [
  { name: "the contract file", pattern: /\bAPI\.md\b/ },
  { name: "the team's shared folder", pattern: /\.\.\/shared\b/ },
  { name: "a section sign that is not an RFC's", pattern: /(?<!RFC \d{3,5},? )§/ },
];

function offences(text: string): string[] {
  const found: string[] = [];
  for (const { name, pattern } of FORBIDDEN) {
    const global = new RegExp(pattern.source, "g");
    for (const m of text.matchAll(global)) {
      const at = m.index!;
      found.push(`${name}: …${text.slice(Math.max(0, at - 40), at + 20).replace(/\s+/g, " ")}…`);
    }
  }
  return found;
}

function markdownFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...markdownFiles(path));
    else if (entry.name.endsWith(".md")) files.push(path);
  }
  return files;
}

Deno.test("docs stand alone: no Markdown file of the repository cites the contract file or its sections", () => {
  const files = markdownFiles(ROOT);
  assert.ok(files.some((f) => f.endsWith("docs/ARCHITECTURE.md")) && files.some((f) => f.endsWith("README.md")));
  const found = files.flatMap((f) => offences(readFileSync(f, "utf8")).map((o) => `${relative(ROOT, f)}: ${o}`));
  assert.deepEqual(found, []);
});

Deno.test("docs stand alone: the OpenAPI document, the reference page and the generated client cite neither", async () => {
  const document = await openApiDocumentText();
  assert.ok(document.includes('"paths"'));
  const page = (await referencePage("Personal Finance API")).html;
  const client = await Deno.readTextFile(`${ROOT}packages/client/src/generated.ts`);
  assert.deepEqual(offences(document), [], "/v1/openapi.json");
  assert.deepEqual(offences(page), [], "/v1/docs");
  assert.deepEqual(offences(client), [], "packages/client/src/generated.ts");
});

Deno.test("docs stand alone: the check finds what it must", () => {
  assert.equal(offences("see API.md §9.4 and ../shared/API.md").length, 4);
  assert.deepEqual(offences("RFC 9728 §3.1 and RFC 6750 §3"), []);
});

/** Guides being written alongside this change; the link to them is right, the file lands with them. */
const LANDING_SEPARATELY = new Set(["docs/CATEGORIZATION.md", "docs/CURRENCIES.md"]);

Deno.test("docs stand alone: every relative link of the README and the guides leads to a file of the repository", () => {
  const broken: string[] = [];
  for (const file of markdownFiles(ROOT).filter((f) => !f.includes("/packages/") && !f.includes("/bench/"))) {
    const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!.split("#")[0]!;
      if (!target || /^[a-z]+:/.test(target)) continue;
      const resolved = relative(ROOT, join(file, "..", target));
      if (LANDING_SEPARATELY.has(resolved)) continue;
      if (!existsSync(join(ROOT, resolved))) broken.push(`${relative(ROOT, file)}: ${m[1]}`);
    }
  }
  assert.deepEqual(broken, []);
});
