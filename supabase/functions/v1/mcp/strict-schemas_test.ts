/**
 * Every MCP tool's input and output schema, from the real registry, passes strict JSON Schema validators: Ajv's
 * 2020-12 class (what the MCP specification assumes for a schema without `$schema`) and its draft-07 class (what
 * older clients use), both in strict mode, which refuses unknown keywords, keywords beside the wrong type,
 * ambiguous unions and `type` arrays. Money inputs are `anyOf` a patterned string and a number.
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { createOperations } from "@pfa/core";
import { MONEY_STRING_PATTERN } from "@pfa/core/contracts/primitives.ts";
import { toolsFromOperations } from "./tools.ts";

// ajv-formats is CommonJS: its default export is the plugin function itself, or an object holding it.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv | Ajv2020,
) => void;

const tools = toolsFromOperations(createOperations().list);

function strict(Validator: typeof Ajv2020 | typeof Ajv) {
  const ajv = new Validator({ strict: true, allowUnionTypes: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** Every JSON pointer at which `test` holds, for readable failures. */
function find(value: unknown, test: (node: Record<string, unknown>) => boolean, at = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  const here = !Array.isArray(value) && test(value as Record<string, unknown>) ? [at || "/"] : [];
  return here.concat(...Object.entries(value).map(([k, v]) => find(v, test, `${at}/${k}`)));
}

for (const [draft, Validator] of [["2020-12", Ajv2020], ["draft-07", Ajv]] as const) {
  Deno.test(`every tool's input and output schema compiles under Ajv ${draft} strict mode`, () => {
    assert.ok(tools.length > 0);
    for (const tool of tools) {
      for (const side of ["inputSchema", "outputSchema"] as const) {
        const ajv = strict(Validator);
        assert.doesNotThrow(() => ajv.compile(tool[side]), `${tool.name} ${side}`);
      }
    }
  });
}

Deno.test("no tool schema has a type array or a $schema", () => {
  for (const tool of tools) {
    for (const side of ["inputSchema", "outputSchema"] as const) {
      assert.deepEqual(find(tool[side], (node) => Array.isArray(node.type)), [], `${tool.name} ${side}: type arrays`);
      assert.equal("$schema" in tool[side], false, `${tool.name} ${side}`);
    }
  }
});

Deno.test("money inputs: anyOf a decimal string with a pattern and a number; the pattern is the accepted syntax", () => {
  const calculation = tools.find((t) => t.name === "calculate_cashflow")!;
  const amount = find(calculation.inputSchema, (node) => Array.isArray(node.anyOf) && "description" in node)
    .filter((pointer) => pointer.endsWith("/amount"));
  assert.deepEqual(amount, ["/properties/transactions/items/properties/amount"]);
  type Node = { properties: Record<string, Node>; items: Node; anyOf: unknown[] };
  const schema = (calculation.inputSchema as unknown as Node).properties.transactions!.items.properties.amount!;
  assert.deepEqual(schema.anyOf, [{ type: "string", pattern: MONEY_STRING_PATTERN }, { type: "number" }]);
  const validate = strict(Ajv2020).compile(schema);
  for (const ok of ["-12.30", "1200", "007.50", "-0", "1.250", 42, -12.3]) assert.equal(validate(ok), true, `${ok}`);
  for (const bad of ["+1", "1e3", "1E3", ".5", "5.", "1,000", " 1", "NaN", "", null, true]) {
    assert.equal(validate(bad), false, `${JSON.stringify(bad)}`);
  }
});
