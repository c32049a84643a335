/**
 * SQL for one call of a read function, with named arguments, returning each row as one JSON object: the same
 * JSON encoding PostgREST uses (bigint as a number, date as YYYY-MM-DD, timestamptz ISO 8601 with an offset), so
 * both drivers feed the same row mappers. `with ordinality` keeps the function's own row order.
 */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function readFunctionSql(
  name: string,
  args: Readonly<Record<string, unknown>>,
): { text: string; params: unknown[] } {
  const keys = Object.keys(args);
  for (const id of [name, ...keys]) {
    if (!IDENTIFIER.test(id)) throw new Error(`not an SQL identifier: ${JSON.stringify(id)}`);
  }
  const list = keys.map((k, i) => `${k} => $${i + 1}`).join(", ");
  return {
    text:
      `select to_jsonb(t) - 'ordinality' as row from public.${name}(${list}) with ordinality as t order by t.ordinality`,
    params: keys.map((k) => args[k] ?? null),
  };
}
