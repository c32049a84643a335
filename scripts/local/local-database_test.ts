import assert from "node:assert/strict";
import { describeSeeding } from "./local-database.ts";

Deno.test("start-up banner: what the seed did, and that restarts keep data", () => {
  assert.equal(
    describeSeeding({ seeded: ["alice@example.com", "bob@example.com"], kept: [] }),
    "seeded alice@example.com, bob@example.com afresh, dated up to today (nothing there but the seed's own rows). " +
      "Restarts never replace data the seed did not write.",
  );
  assert.equal(
    describeSeeding({
      seeded: ["bob@example.com"],
      kept: [{
        email: "alice@example.com",
        reason: "it holds data the seed did not write (statement_imports 90 -> 91)",
      }],
    }),
    "seeded bob@example.com afresh, dated up to today (nothing there but the seed's own rows); kept alice@example.com " +
      "as it is: it holds data the seed did not write (statement_imports 90 -> 91). Restarts never replace data the " +
      "seed did not write (DATABASE_URL=... npm run db:seed -- --replace re-seeds them anyway).",
  );
});
