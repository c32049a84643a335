/** Where the database files live, resolved from this module so it works from any working directory. */
import { fileURLToPath } from "node:url";

export const SUPABASE_DIR = fileURLToPath(new URL("../../supabase/", import.meta.url));
export const BOOTSTRAP_DIR = fileURLToPath(new URL("../../supabase/bootstrap/", import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../supabase/migrations/", import.meta.url));
export const SEED_SQL_FILE = fileURLToPath(new URL("../../supabase/seed.sql", import.meta.url));
export const PROJECT_DIR = fileURLToPath(new URL("../../", import.meta.url));
