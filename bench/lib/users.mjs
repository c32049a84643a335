// How one user's reads grow with the number of users (issue 28): me_p50_growth_1000_users, measured by bench/users.ts
// on a fresh database (PostgreSQL at 127.0.0.1:5432, else embedded PGlite), dropped afterwards. The plans it records
// are written to bench/plans/users-*.txt (bench/out/plans with --only).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { denoDatabaseSection } from "./deno-db-section.mjs";
import { ROOT } from "./proc.mjs";

export async function usersSection(ctx) {
  await denoDatabaseSection(ctx, "bench/users.ts", "pfa_bench_users");
  const m = ctx.results.measurements.me_p50_growth_1000_users;
  if (!m?.plans) return;
  const dir = join(ROOT, "bench", ctx.plansDir);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(m.plans)) writeFileSync(join(dir, `${name}.txt`), text);
  m.plans = Object.keys(m.plans).map((name) => `bench/${ctx.plansDir.replace(/^\.\//, "")}/${name}.txt`);
}
