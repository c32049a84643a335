/**
 * The database's currency list (private.currency_minor_units, used by every currency column's check constraint) is
 * the core's (CURRENCY_SCALES), exponents included: every one of the 17,576 three-letter upper-case codes is looked
 * up in the database and compared with the core. A stored row therefore always has a currency the API can convert.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENCY_SCALES, currencyScale } from "../../packages/core/src/money/currencies.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { migratedDatabase } from "./helpers.ts";

let db: TestDatabase;

beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
});
afterAll(async () => {
  await db?.close();
});

describe("private.currency_minor_units", () => {
  it("knows exactly the core's currencies, with the core's exponents", async () => {
    const rows = await db.client.query<{ code: string; minor_units: number }>(
      `select a || b || c as code, private.currency_minor_units(a || b || c) as minor_units
       from (select chr(n) as a from generate_series(65, 90) n) x,
            (select chr(n) as b from generate_series(65, 90) n) y,
            (select chr(n) as c from generate_series(65, 90) n) z
       where private.currency_minor_units(a || b || c) is not null
       order by 1`,
    );
    const known = Object.fromEntries(rows.map((r) => [r.code, Number(r.minor_units)]));
    expect(Object.keys(CURRENCY_SCALES).length, "The core should list the ISO 4217 currencies").toBeGreaterThan(150);
    expect(known, "The database should know exactly the core's currencies and exponents").toEqual(CURRENCY_SCALES);
  });

  it("knows nothing else: other case, other length, codes without a minor unit, withdrawn codes", async () => {
    for (const code of ["eur", "Eur", "EURO", "EU", "", "XAU", "XDR", "XXX", "ANG", "HRK", "XYZ"]) {
      const [row] = await db.client.query<{ minor_units: number | null }>(
        "select private.currency_minor_units($1) as minor_units",
        [code],
      );
      expect(row!.minor_units, `${JSON.stringify(code)} should not be a currency`).toBeNull();
      if (code.length === 3) expect(currencyScale(code), `the core should agree on ${code}`).toBeUndefined();
    }
  });
});
