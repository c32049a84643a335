import assert from "node:assert/strict";
import { portableSchema } from "./portable-schema.ts";

Deno.test("portableSchema: a type list becomes anyOf, each type taking its own keywords", () => {
  const input = {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: {
      share: { type: ["number", "null"], minimum: 0, description: "Share." },
      label: { type: ["string", "integer"], maxLength: 3, maximum: 9, examples: [["a", 1]] },
    },
  };
  assert.deepEqual(portableSchema(input), {
    type: "object",
    properties: {
      share: { anyOf: [{ type: "number", minimum: 0 }, { type: "null" }], description: "Share." },
      label: { anyOf: [{ type: "string", maxLength: 3 }, { type: "integer", maximum: 9 }], examples: [["a", 1]] },
    },
  });
  assert.equal(input.$schema, "http://json-schema.org/draft-07/schema#", "the input is left as it was");
});

Deno.test("portableSchema: property names and enum values are data, left alone", () => {
  const input = { type: "object", properties: { type: { enum: [["x"]] }, $schema: { const: { type: ["a"] } } } };
  assert.deepEqual(portableSchema(input), input);
});

Deno.test("portableSchema: a type list beside an anyOf keeps both conditions", () => {
  assert.deepEqual(portableSchema({ type: ["string", "null"], anyOf: [{ minLength: 1 }, { type: "null" }] }), {
    allOf: [{ anyOf: [{ minLength: 1 }, { type: "null" }] }, { anyOf: [{ type: "string" }, { type: "null" }] }],
  });
});
