import assert from "node:assert/strict";
import { DatabaseUnavailableError } from "../errors.ts";
import { classify, isUnavailable } from "./unavailable.ts";

const err = (props: Record<string, unknown>) => Object.assign(new Error("x"), props);

Deno.test("unavailable: connection failures, shutdowns and timeouts", () => {
  for (const code of ["57014", "57P01", "57P03", "53300", "08006", "08001", "ECONNREFUSED", "CONNECT_TIMEOUT"]) {
    assert.ok(isUnavailable(err({ code })), code);
  }
  assert.ok(isUnavailable(err({ name: "ConnectionRefused" })));
  assert.ok(isUnavailable(new Error("PGlite is closed")));
  assert.ok(isUnavailable(new Error("wrapped", { cause: err({ code: "ECONNRESET" }) })));
});

Deno.test("unavailable: bugs and data errors are not", () => {
  for (const code of ["42883", "42501", "22P02", "23505", "P0001", undefined]) {
    assert.ok(!isUnavailable(err({ code })), String(code));
  }
  const bug = new TypeError("x is undefined");
  assert.equal(classify(bug), bug);
});

Deno.test("classify: a statement timeout says so", () => {
  const e = classify(err({ code: "57014" }));
  assert.ok(e instanceof DatabaseUnavailableError);
  assert.match(e.message, /statement timeout/);
});
