/** Database tooling: clients, migrator, demo and scale data, test databases. See docs/DATABASE.md. */
export * from "./sql-client.ts";
export { applyBootstrap, listMigrations, migrate, type MigrateResult } from "./migrate.ts";
export { DEMO_END_DATE, DEMO_MONTHS, DEMO_USERS, type DemoOptions, generateDemoData } from "./demo-data.ts";
export { seed, type SeedResult } from "./seed.ts";
export { type ScaleResult, seedScale } from "./seed-scale.ts";
export { generateScaleUsers, type ScaleOptions } from "./scale-data.ts";
export { createTestDatabase, type TestDatabase } from "./test-database.ts";
export { migrateWithSupabaseCli, runSupabase } from "./supabase-cli.ts";
export type * from "./dataset.ts";
