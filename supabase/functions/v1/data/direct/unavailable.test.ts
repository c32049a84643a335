import assert from "node:assert/strict";
import { DatabaseUnavailableError } from "../errors.ts";
import { classify, isUnavailable, markConnectionPhase } from "./unavailable.ts";

const err = (props: Record<string, unknown>) => Object.assign(new Error("x"), props);

Deno.test("unavailable: connection failures, shutdowns and timeouts", () => {
  for (
    const code of [
      "57014",
      "57P01",
      "57P03",
      "57P04",
      "53300",
      "53200",
      "55000",
      "08006",
      "08001",
      "ECONNREFUSED",
      "CONNECT_TIMEOUT",
    ]
  ) {
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

Deno.test("unavailable: any failure while a connection is opened (role refused, no such database, no CONNECT)", () => {
  for (const code of ["28000", "28P01", "3D000", "42501"]) {
    assert.ok(!isUnavailable(err({ code })), `${code} during a query is not`);
    assert.ok(isUnavailable(markConnectionPhase(err({ code }))), `${code} while connecting is`);
  }
});
