/**
 * Re-seeding never loses data of your own (seed.ts): a demo user holding only what the seed wrote is seeded afresh;
 * one with a statement imported on top, or seeded by something else (no fingerprint), is kept exactly as it is;
 * `replace: true` replaces it. On PGlite, or on a fresh database of TEST_DATABASE_URL's server.
 */
import assert from "node:assert/strict";
import { importFile } from "@pfa/importer";
import { createMigratedTestDatabase } from "../../tests/helpers/migrated-database.ts";
import { DEMO_USERS } from "./demo-data.ts";
import { seed, SEED_MARKER_KEY } from "./seed.ts";

const ALICE = DEMO_USERS.alice.id;
const BOB = DEMO_USERS.bob.id;
const CSV = "date,amount,description,currency\n2026-04-01,-3.20,My own coffee,EUR\n2026-04-02,1500.00,My salary,EUR\n";

Deno.test({
  name: "seed: a second run re-seeds; a demo user with an import of one's own is kept; --replace replaces it",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const db = await createMigratedTestDatabase();
    const { client } = db;
    const imports = async (user: string) =>
      (await client.query<{ account_name: string }>(
        "select account_name from public.statement_imports where user_id = $1::text::uuid order by account_name",
        [user],
      )).map((r) => r.account_name);
    try {
      const first = await seed(client, { endDate: "2026-11-30" });
      assert.deepEqual(first.seeded, ["alice@example.com", "bob@example.com"]);
      assert.deepEqual(first.kept, []);
      const aliceImports = await imports(ALICE);
      assert.ok(aliceImports.length > 10);

      // Nothing added: the next run replaces both, with the same rows.
      const second = await seed(client, { endDate: "2026-11-30" });
      assert.deepEqual(second.seeded, ["alice@example.com", "bob@example.com"]);
      assert.equal(second.transactions, first.transactions);
      assert.deepEqual(await imports(ALICE), aliceImports);

      // A statement of one's own for alice: alice is kept, bob (untouched) is seeded again.
      const [report] = await importFile(client, { name: "mine.csv", content: CSV }, {
        userId: ALICE,
        accountName: "My bank",
        currency: "EUR",
      });
      assert.equal(report?.status, "completed");
      const third = await seed(client, { endDate: "2026-11-30" });
      assert.deepEqual(third.seeded, ["bob@example.com"]);
      assert.equal(third.kept.length, 1);
      assert.equal(third.kept[0]!.email, "alice@example.com");
      assert.match(third.kept[0]!.reason, /statement_imports \d+ -> \d+/);
      assert.match(third.kept[0]!.reason, /statement_transactions \d+ -> \d+/);
      assert.ok((await imports(ALICE)).includes("My bank"), "alice's own import is still there");
      assert.equal(third.transactions, first.transactions + 2, "alice's 2 lines on top of the demo's");

      // Still kept on every later run.
      assert.deepEqual((await seed(client, { endDate: "2026-11-30" })).kept.map((k) => k.email), ["alice@example.com"]);
      assert.ok((await imports(ALICE)).includes("My bank"));

      // --replace: alice is the demo again.
      const replaced = await seed(client, { endDate: "2026-11-30", replace: true });
      assert.deepEqual(replaced.seeded, ["alice@example.com", "bob@example.com"]);
      assert.deepEqual(await imports(ALICE), aliceImports);

      // A demo user without the seed's fingerprint (written by something else) is kept too.
      await client.query(
        `update auth.users set raw_app_meta_data = raw_app_meta_data - '${SEED_MARKER_KEY}' where id = $1::text::uuid`,
        [BOB],
      );
      const fifth = await seed(client, { endDate: "2026-11-30" });
      assert.deepEqual(fifth.seeded, ["alice@example.com"]);
      assert.deepEqual(fifth.kept.map((k) => k.email), ["bob@example.com"]);
      assert.match(fifth.kept[0]!.reason, /not written by this seed/);
    } finally {
      await db.drop();
    }
  },
});
