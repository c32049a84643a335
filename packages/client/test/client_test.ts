/**
 * The typed client against `npm start` (a child process on a free port, PGlite or TEST_DATABASE_URL's server),
 * with a token from `npm run token`: a calculation, an account route, and the typed problem of a bad request.
 */
import assert from "node:assert/strict";
import { createPfaClient } from "../src/index.ts";
import { demoToken, withLocalServer } from "../../../tests/helpers/npm-start.ts";

Deno.test({
  name: "client: a calculation, an account read with a token, and a 422 problem, through npm start",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    withLocalServer(async (server, env) => {
      const token = await demoToken(env, "alice@example.com");
      assert.equal(token.code, 0, token.err);

      const anonymous = createPfaClient({ baseUrl: server.base });
      const cashflow = await anonymous.POST("/v1/analytics/cashflow", {
        body: {
          currency: "EUR",
          transactions: [
            { id: "t1", date: "2026-03-01", amount: "2500.00", category: "salary" },
            { id: "t2", date: "2026-03-03", amount: "-0.10", category: "fees" },
            { id: "t3", date: "2026-03-04", amount: -0.2, category: "fees" },
          ],
        },
      });
      assert.equal(cashflow.response.status, 200, JSON.stringify(cashflow.error));
      assert.equal(cashflow.data?.year, 2026);
      const march = cashflow.data?.months.find((m) => m.month === 3);
      assert.equal(march?.income, "2500.00");
      assert.equal(march?.expenses, "0.30", "0.10 + 0.20 exactly");
      assert.equal(march?.net, "2499.70");

      const signedIn = createPfaClient({ baseUrl: server.base, accessToken: () => token.out.trim() });
      const goals = await signedIn.GET("/v1/me/goals/progress");
      assert.equal(goals.response.status, 200, JSON.stringify(goals.error));
      assert.ok(Array.isArray(goals.data?.goals) && goals.data.goals.length > 0, "alice's demo goals");

      const refused = await anonymous.GET("/v1/me/goals/progress");
      assert.equal(refused.response.status, 401);
      assert.equal(refused.error?.code, "unauthorized");

      const invalid = await anonymous.POST("/v1/analytics/cashflow", {
        body: { currency: "EUR", transactions: [{ id: "t1", date: "2026-03-01", amount: "1.005" }] },
      });
      assert.equal(invalid.response.status, 422);
      assert.equal(invalid.error?.code, "validation_failed");
      assert.equal(invalid.error?.errors?.[0]?.code, "too_many_decimals");
    }),
});
