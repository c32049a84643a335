/**
 * The error codes of docs/API-GUIDE.md agree with the code: its Errors table lists exactly the top-level problem codes, each
 * with its status, and wherever it writes "422 `<code>`" the code is `validation_failed` or a code of an `errors[]`
 * item (the convention the Errors section states), never a top-level code of its own.
 */
import assert from "node:assert/strict";
import { problemSchema } from "@pfa/core";

const README = await Deno.readTextFile(
  new URL("../../docs/API-GUIDE.md", import.meta.url),
);
const shape = problemSchema.shape;
const topLevelCodes: readonly string[] = shape.code.options;
const itemCodes: readonly string[] = shape.errors.unwrap().element.shape.code.options;

Deno.test("API-GUIDE.md: the Errors table lists every top-level problem code once, 422 being validation_failed", () => {
  const rows = [...README.matchAll(/^\| (\d{3}) +\| `([a-z_]+)` +\|/gm)].map((
    m,
  ) => [Number(m[1]), m[2]!] as const);
  assert.deepEqual(
    rows.map(([, code]) => code).sort(),
    [...topLevelCodes].sort(),
  );
  assert.deepEqual(rows.find(([status]) => status === 422), [
    422,
    "validation_failed",
  ]);
});

Deno.test('API-GUIDE.md: every "422 `code`" names validation_failed or an errors[] item code', () => {
  const mentioned = [...README.matchAll(/422 `([a-z_]+)`/g)].map((m) => m[1]!);
  assert.ok(
    mentioned.includes("invalid_cursor"),
    "the guide mentions the cursor error",
  );
  const unknown = mentioned.filter((code) => code !== "validation_failed" && !itemCodes.includes(code));
  assert.deepEqual(
    unknown,
    [],
    "codes written after 422 that are neither validation_failed nor an item code",
  );
  assert.match(
    README,
    /A 422 is always `code: "validation_failed"` at the top level/,
  );
  assert.ok(
    !itemCodes.includes("validation_failed") &&
      !topLevelCodes.includes("invalid_cursor"),
  );
});
