/**
 * vitest globalSetup. With TEST_DATABASE_URL, builds two template databases on that server once per run: one
 * migrated, one migrated and seeded with the demo data (through the importer, as `npm run db:seed` does). The
 * database suites then get their fresh database as a copy of one of them (`migratedDatabase` in helpers.ts:
 * `create database ... template`, well under a second), instead of migrating and seeding it themselves (15-20 s per
 * file, most of it the seed's 144 statement imports). Every file still gets its own database, dropped at its end; the
 * templates are dropped when the run ends. Without TEST_DATABASE_URL nothing is built: each file migrates and seeds
 * its own PGlite. migrate.test.ts and the seed's own tests still migrate and seed from scratch.
 */
import process from "node:process";
import type { TestProject } from "vitest/node";
import { migrate } from "../../scripts/db/migrate.ts";
import { seed } from "../../scripts/db/seed.ts";
import { createPostgresClient } from "../../scripts/db/sql-client.ts";

export interface DatabaseTemplates {
  /** Migrated, no data. */
  readonly migrated: string;
  /** Migrated and seeded with the demo users. */
  readonly seeded: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  project.provide("databaseTemplates", undefined);
  if (!serverUrl) return undefined;
  const stamp = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  const templates: DatabaseTemplates = { migrated: `pfa_template_${stamp}_m`, seeded: `pfa_template_${stamp}_s` };
  const admin = createPostgresClient(serverUrl, { max: 1 });
  const drop = async () => {
    for (const name of [templates.seeded, templates.migrated]) {
      await admin.exec(`drop database if exists ${name} with (force)`);
    }
  };
  try {
    await admin.exec(`create database ${templates.migrated}`);
    const migrated = createPostgresClient(databaseUrl(serverUrl, templates.migrated), { max: 1 });
    try {
      await migrate(migrated);
    } finally {
      await migrated.close();
    }
    await admin.exec(`create database ${templates.seeded} template ${templates.migrated}`);
    const seeded = createPostgresClient(databaseUrl(serverUrl, templates.seeded), { max: 1 });
    try {
      await seed(seeded);
    } finally {
      await seeded.close();
    }
  } catch (error) {
    await drop();
    await admin.close();
    throw error;
  }
  project.provide("databaseTemplates", templates);
  return async () => {
    await drop();
    await admin.close();
  };
}
