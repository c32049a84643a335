/**
 * Stores checked rates in public.exchange_rates inside the caller's transaction, on either engine: the rates stream
 * (COPY) into a temporary staging table, then one INSERT ... ON CONFLICT (base, quote, date) DO UPDATE moves them
 * over. A rate equal to the stored one (numerically: 1.085 = 1.0850) is unchanged and not written; a different one
 * replaces the stored rate and its source. The rate goes from the file's text to numeric: never a float.
 */
import type { ImportSql } from "../db/import-sql.ts";
import type { RateLine } from "./types.ts";

export interface WrittenRates {
  readonly inserted: number;
  readonly replaced: number;
  readonly unchanged: number;
}

const CHUNK = 5000;

function* csvChunks(rates: readonly RateLine[]): Generator<string> {
  // Every field is checked (a date, three capital letters, a plain decimal): nothing needs quoting.
  for (let i = 0; i < rates.length; i += CHUNK) {
    let chunk = "";
    const end = Math.min(rates.length, i + CHUNK);
    for (let j = i; j < end; j++) {
      const r = rates[j]!;
      chunk += `${r.base},${r.quote},${r.date},${r.rate}\n`;
    }
    yield chunk;
  }
}

export async function writeRates(tx: ImportSql, source: string, rates: readonly RateLine[]): Promise<WrittenRates> {
  if (rates.length === 0) return { inserted: 0, replaced: 0, unchanged: 0 };
  await tx.exec(
    `create temporary table if not exists rates_stage (base text, quote text, date date, rate numeric) on commit drop;
     truncate pg_temp.rates_stage`,
  );
  await tx.copyInto("pg_temp.rates_stage (base, quote, date, rate)", csvChunks(rates));
  const [counts] = await tx.query<{ inserted: number; replaced: number }>(
    `with written as (
       insert into public.exchange_rates as r (source, base, quote, date, rate)
       select $1, s.base, s.quote, s.date, s.rate from pg_temp.rates_stage as s
       on conflict (base, quote, date) do update set source = excluded.source, rate = excluded.rate
         where r.rate <> excluded.rate
       returning (r.xmax = 0) as inserted
     )
     select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as replaced
     from written`,
    [source],
  );
  const inserted = Number(counts!.inserted);
  const replaced = Number(counts!.replaced);
  return { inserted, replaced, unchanged: rates.length - inserted - replaced };
}
