/**
 * Loads the demo's shipped exchange-rate sample (supabase/rates/demo-rates.csv: synthetic EUR-based rates, see
 * supabase/rates/README.md) into public.exchange_rates with source `demo`, through the loader of `npm run rates`.
 * Idempotent: a reseed leaves the rates unchanged. Refuses loudly if the file were broken.
 */
import { loadRatesFile } from "@pfa/importer";
import { DEMO_RATES_PATH } from "../rates/generate-demo-rates.ts";
import type { SqlClient } from "./sql-client.ts";

export async function loadDemoRates(client: SqlClient): Promise<number> {
  const report = await loadRatesFile(client, { path: DEMO_RATES_PATH }, { source: "demo" });
  if (report.errors.length > 0) {
    throw new Error(`demo rates ${DEMO_RATES_PATH}: ${JSON.stringify(report.errors.slice(0, 3))}`);
  }
  return report.rate_count;
}
