/**
 * Fast embedded database for `npm start`. Creating a PGlite cluster (initdb in WebAssembly) plus migrating and
 * seeding takes several seconds. So the first start builds a migrated, seeded template data directory under
 * `.pglite/` (gitignored), and every start copies that template to a private temporary directory and opens the
 * copy. Opening an existing cluster skips initdb, and each process still gets its own database, discarded at exit.
 *
 * The template is keyed by a hash of everything that shapes its contents: the bootstrap SQL, the migrations,
 * the scripts/db sources (migrator, seed generator, statement file renderers), the import pipeline
 * (packages/importer), the PGlite version, and today's date (UTC): the demo data ends today, so each day builds
 * a new template. Any change builds a new template.
 */
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { migrate } from "../db/migrate.ts";
import { seed, todayUtc } from "../db/seed.ts";
import { createPgliteClient, type SqlClient } from "../db/sql-client.ts";
import { fromFileUrl } from "./paths.ts";

const ROOT = fromFileUrl(new URL("../../", import.meta.url));
export const DEFAULT_CACHE_DIR = join(ROOT, ".pglite");
const SEEDED_MARKER = "pfa-seeded.json";

function filesIn(dir: string, suffix: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith(suffix) && !/[_.]test\.ts$/.test(f)).sort().map((f) => join(dir, f));
}

/** Every non-test `.ts` file below `dir`, sorted. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !/[_.]test\.ts$/.test(f)).sort().map((f) => join(dir, f));
}

/** sha256 over the inputs that determine the template's contents. */
export async function templateKey(): Promise<string> {
  const inputs = [
    ...filesIn(join(ROOT, "supabase/bootstrap"), ".sql"),
    ...filesIn(join(ROOT, "supabase/migrations"), ".sql"),
    ...filesIn(join(ROOT, "scripts/db"), ".ts"),
    ...filesIn(join(ROOT, "scripts/db/statement-files"), ".ts"),
    ...sourcesUnder(join(ROOT, "packages/importer/src")),
    join(ROOT, "node_modules/@electric-sql/pglite/package.json"),
  ];
  const hash = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(
      [todayUtc(), ...inputs.map((p) => `${p.slice(ROOT.length)}\n${readFileSync(p, "utf8")}`)].join("\0"),
    ),
  );
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 20);
}

export interface TemplatedPglite {
  readonly client: SqlClient;
  readonly transactions: number;
  /** Whether this start had to build the template. */
  readonly built: boolean;
  /** Closes the database and removes the private copy. */
  close(): Promise<void>;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

async function buildTemplate(cacheDir: string, template: string): Promise<void> {
  await Deno.mkdir(cacheDir, { recursive: true });
  const building = `${template}.building-${crypto.randomUUID()}`;
  const client = await createPgliteClient({ dataDir: building });
  let transactions: number;
  try {
    await migrate(client);
    transactions = (await seed(client)).transactions;
  } finally {
    await client.close();
  }
  await Deno.writeTextFile(join(building, SEEDED_MARKER), JSON.stringify({ transactions }));
  try {
    await Deno.rename(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another process finished first: use its template
  }
  // Older templates are dead weight now.
  const current = template.slice(cacheDir.length + 1);
  for (const entry of readdirSync(cacheDir)) {
    if (entry.startsWith("template-") && entry !== current && !entry.includes(".building-")) {
      rmSync(join(cacheDir, entry), { recursive: true, force: true });
    }
  }
}

export async function openTemplatedPglite(cacheDir = DEFAULT_CACHE_DIR): Promise<TemplatedPglite> {
  const template = join(cacheDir, `template-${await templateKey()}`);
  const built = !(await exists(join(template, SEEDED_MARKER)));
  if (built) await buildTemplate(cacheDir, template);
  const { transactions } = JSON.parse(await Deno.readTextFile(join(template, SEEDED_MARKER)));
  const copy = await Deno.makeTempDir({ prefix: "pfa-pglite-" });
  cpSync(template, copy, { recursive: true, force: true });
  const client = await createPgliteClient({ dataDir: copy });
  return {
    client,
    transactions,
    built,
    async close() {
      await client.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}
