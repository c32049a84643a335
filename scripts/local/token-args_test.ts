import assert from "node:assert/strict";
import { parseTokenArgs, TokenUsageError } from "./token-args.ts";

Deno.test("token args: an email, with an optional --expires-in in seconds, either side of it", () => {
  assert.deepEqual(parseTokenArgs(["alice@example.com"]), { email: "alice@example.com", expiresIn: 3600 });
  assert.deepEqual(parseTokenArgs(["--expires-in", "86400", "bob@example.com"]), {
    email: "bob@example.com",
    expiresIn: 86400,
  });
  assert.deepEqual(parseTokenArgs(["bob@example.com", "--expires-in=604800"]), {
    email: "bob@example.com",
    expiresIn: 604800,
  });
});

Deno.test("token args: a lifetime that is not 1 to 604800 whole seconds, a missing or extra email, are refused", () => {
  for (const bad of ["0", "604801", "1.5", "-5", "1e3", "", "1h"]) {
    assert.throws(
      () => parseTokenArgs([`--expires-in=${bad}`, "alice@example.com"]),
      (e) => e instanceof TokenUsageError && e.message.includes("--expires-in must be a whole number of seconds"),
      bad,
    );
  }
  assert.throws(() => parseTokenArgs([]), TokenUsageError);
  assert.throws(() => parseTokenArgs(["a@example.com", "b@example.com"]), TokenUsageError);
  assert.throws(() => parseTokenArgs(["--expires", "5", "a@example.com"]), TokenUsageError);
});
