// A bench section measured by a Deno script on a fresh database (PostgreSQL at 127.0.0.1:5432, else embedded
// PGlite), dropped afterwards. The script prints one `BENCH:{json}` line with `values` and `measurements`.
import { ADMIN_URL, dropFreshDatabase, postgresAvailable } from "./db.mjs";
import { spawnDeno } from "./proc.mjs";

export async function denoDatabaseSection(ctx, script, dbPrefix) {
  const { results, quick, log } = ctx;
  const pg = await postgresAvailable();
  const env = { BENCH_QUICK: quick ? "1" : "" };
  const dbName = `${dbPrefix}_${Date.now()}_${process.pid}`;
  if (pg) {
    results.environment.engine ??= "postgres";
    results.environment.postgres ??= pg.version;
    await pg.sql.unsafe(`create database ${dbName}`);
    env.BENCH_DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
    log(`  fresh database ${dbName}`);
  } else {
    results.environment.engine ??= "pglite";
    log("  no PostgreSQL at 127.0.0.1:5432: using embedded PGlite");
  }
  try {
    const child = spawnDeno(script, [], env, ["--v8-flags=--max-old-space-size=4096"]);
    const timer = setTimeout(() => child.kill("SIGKILL"), 20 * 60 * 1000);
    const { code, signal } = await child.exited;
    clearTimeout(timer);
    const line = child.output.split("\n").find((l) => l.startsWith("BENCH:"));
    if (code !== 0 || line === undefined) {
      throw new Error(`${script} failed (${code ?? signal}):\n${child.output}`);
    }
    const measured = JSON.parse(line.slice(6));
    Object.assign(results.measurements, measured.measurements);
    for (const [k, v] of Object.entries(measured.values)) results[k] = v;
  } finally {
    if (pg) await dropFreshDatabase(pg, dbName, log);
  }
}
