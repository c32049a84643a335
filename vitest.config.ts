import { defineConfig } from "vitest/config";

// Node suites. The edge function's suites run under Deno (`deno test`), see scripts/run-tests.mjs.
export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "packages/*/test/**/*.test.ts", "supabase/tests/**/*.test.ts"],
    // With TEST_DATABASE_URL: the migrated and the seeded template databases the database suites copy.
    globalSetup: ["supabase/tests/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
