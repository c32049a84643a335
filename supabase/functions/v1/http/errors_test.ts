import assert from "node:assert/strict";
import { ValidationError } from "@pfa/core";
import { AuthError, KeySetUnavailableError } from "../auth/errors.ts";
import { DatabaseUnavailableError } from "../data/errors.ts";
import { toProblemError } from "./errors.ts";
import { ProblemError } from "./problem.ts";

Deno.test("errors map to their status; anything unknown is a 500 that says nothing about the cause", () => {
  const items = [{ pointer: "/a", code: "required" as const, message: "`/a` is required." }];
  const validation = toProblemError(new ValidationError(items));
  assert.equal(validation.status, 422);
  assert.deepEqual(validation.options.errors, items);
  assert.equal(toProblemError(new AuthError("expired", "The token has expired.")).status, 401);
  const db = toProblemError(new DatabaseUnavailableError());
  assert.equal(db.status, 503);
  assert.equal(db.options.headers?.["Retry-After"], "5");
  assert.equal(toProblemError(new KeySetUnavailableError()).status, 503);
  const own = new ProblemError(415, "x");
  assert.equal(toProblemError(own), own);
  const internal = toProblemError(new TypeError("cannot read secret_column of undefined"));
  assert.equal(internal.status, 500);
  assert.doesNotMatch(internal.detail, /secret_column|TypeError/);
});
