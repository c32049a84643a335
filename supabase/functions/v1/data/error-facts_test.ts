import assert from "node:assert/strict";
import { DatabaseUnavailableError } from "./errors.ts";
import { errorFacts } from "./error-facts.ts";

const driverError = (code: string, message: string) => Object.assign(new Error(message), { code });

Deno.test("errorFacts: the SQLSTATE and the driver's message, through the cause chain", () => {
  const refused = driverError("55000", 'database "x" is not currently accepting connections');
  assert.deepEqual(errorFacts(new DatabaseUnavailableError(undefined, { cause: refused })), {
    sqlstate: "55000",
    driver_message: 'database "x" is not currently accepting connections',
  });
  assert.deepEqual(errorFacts(driverError("57014", "canceling statement due to statement timeout")), {
    sqlstate: "57014",
    driver_message: "canceling statement due to statement timeout",
  });
});

Deno.test("errorFacts: a socket code when there is no SQLSTATE; nothing invented for a plain bug", () => {
  const refused = driverError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:1");
  assert.deepEqual(errorFacts(new Error("wrapped", { cause: refused })), {
    driver_code: "ECONNREFUSED",
    driver_message: "connect ECONNREFUSED 127.0.0.1:1",
  });
  assert.deepEqual(errorFacts(new TypeError("x is undefined")), {});
  assert.deepEqual(errorFacts(undefined), {});
  assert.deepEqual(errorFacts(new Error("outer", { cause: new Error("inner") })), { driver_message: "inner" });
});
