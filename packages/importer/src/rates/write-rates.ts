/**
 * Stores checked rates in public.exchange_rates inside the caller's transaction, on either engine: the rates stream
 * (COPY) into a temporary staging table; then, holding a lock that lets one loader write at a time, one UPDATE
 * join replaces the stored rates that differ (and their source) and one INSERT anti-join adds the new ones. A rate
 * equal to the stored one (numerically: 1.085 = 1.0850) is unchanged and not written. The rate goes from the file's text to numeric: never a float.
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
    `create temporary table if not exists rates_stage (base text collate "C", quote text collate "C", date date,
       rate numeric) on commit drop;
     truncate pg_temp.rates_stage`,
  );
  await tx.copyInto("pg_temp.rates_stage (base, quote, date, rate)", csvChunks(rates));
  // Set-based, not row by row: one loader at a time (the lock), the changed rates updated by one join, the new
  // ones inserted by one anti-join in index order. The file's keys are unique (checked while parsing).
  await tx.exec(
    `analyze pg_temp.rates_stage;
     lock table public.exchange_rates in share row exclusive mode`,
  );
  const [replaced] = await tx.query<{ n: number }>(
    `with changed as (
       update public.exchange_rates as r set source = $1, rate = s.rate
       from pg_temp.rates_stage as s
       where r.quote = s.quote and r.base = s.base and r.date = s.date and r.rate <> s.rate
       returning 1
     )
     select count(*)::int as n from changed`,
    [source],
  );
  const [inserted] = await tx.query<{ n: number }>(
    `with added as (
       insert into public.exchange_rates (source, base, quote, date, rate)
       select $1, s.base, s.quote, s.date, s.rate from pg_temp.rates_stage as s
       where not exists (
         select 1 from public.exchange_rates as r where r.quote = s.quote and r.base = s.base and r.date = s.date
       )
       order by s.base, s.quote, s.date
       returning 1
     )
     select count(*)::int as n from added`,
    [source],
  );
  const ins = Number(inserted!.n);
  const rep = Number(replaced!.n);
  return { inserted: ins, replaced: rep, unchanged: rates.length - ins - rep };
}
