/**
 * examples/import-from-script.ts, the documented way an app's backend imports statements: its `importStatement`
 * on a migrated database (PGlite, or a fresh database on TEST_DATABASE_URL's server), and, with a server, the script
 * itself as a user runs it. Both import a 3-line CSV for a user and read the rows back as that user sees them.
 */
import assert from "node:assert/strict";
import { addLocalUser } from "../../scripts/local/local-users.ts";
import { createMigratedTestDatabase } from "../helpers/migrated-database.ts";
import { importStatement } from "../../examples/import-from-script.ts";

const ROOT = new URL("../../", import.meta.url);
const CSV = [
  "date,amount,description,category",
  "2026-03-01,2500.00,Salary,Salary",
  "2026-03-03,-45.10,Supermarket,Groceries",
  "2026-03-03,-45.10,Supermarket,Groceries",
].join("\n") + "\n";

async function rows(db: Awaited<ReturnType<typeof createMigratedTestDatabase>>, userId: string) {
  return await db.client.query<{ date: string; amount_minor: number; category: string }>(
    `select date::text as date, amount_minor::int as amount_minor, category from public.statement_transactions
     where user_id = $1::text::uuid order by date, amount_minor desc`,
    [userId],
  );
}

Deno.test({
  name: "example import-from-script: importStatement imports a CSV for a user; importing it again adds nothing",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const db = await createMigratedTestDatabase();
    try {
      const user = await addLocalUser(db.client, { email: "me@example.com", currency: "EUR" });
      const upload = {
        user: "me@example.com",
        account: "My bank",
        currency: "EUR",
        file: { name: "march.csv", content: CSV },
      };
      const [report] = await importStatement(db.client, upload);
      assert.equal(report?.status, "completed");
      assert.equal(report?.transaction_count, 3, "two equal lines on one day are both kept");
      assert.deepEqual((await rows(db, user.id)).map((r) => ({ ...r })), [
        { date: "2026-03-01", amount_minor: 250000, category: "Salary" },
        { date: "2026-03-03", amount_minor: -4510, category: "Groceries" },
        { date: "2026-03-03", amount_minor: -4510, category: "Groceries" },
      ]);
      const [again] = await importStatement(db.client, upload);
      assert.equal(again?.transaction_count, 0);
      assert.equal(again?.duplicate_count, 3);
      await assert.rejects(importStatement(db.client, { ...upload, user: "nobody@example.com" }), /no user/);
    } finally {
      await db.drop();
    }
  },
});

Deno.test({
  name: "example import-from-script: run as a script with DATABASE_URL, it prints one JSON report",
  ignore: !Deno.env.get("TEST_DATABASE_URL"),
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const db = await createMigratedTestDatabase();
    const dir = await Deno.makeTempDir({ prefix: "pfa-example-import-" });
    try {
      const user = await addLocalUser(db.client, { email: "me@example.com" });
      await Deno.writeTextFile(`${dir}/march.csv`, CSV);
      const r = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          "--no-check",
          "examples/import-from-script.ts",
          "me@example.com",
          "My bank",
          "EUR",
          `${dir}/march.csv`,
        ],
        cwd: ROOT,
        env: { DATABASE_URL: db.url! },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(r.code, 0, new TextDecoder().decode(r.stderr));
      const report = JSON.parse(new TextDecoder().decode(r.stdout));
      assert.equal(report.status, "completed");
      assert.equal(report.currency, "EUR");
      assert.equal(report.transaction_count, 3);
      assert.equal((await rows(db, user.id)).length, 3);
    } finally {
      await db.drop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
