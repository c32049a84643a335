import assert from "node:assert/strict";
import { renderReference } from "./render.ts";

const document = {
  openapi: "3.1.0",
  info: { title: "T <&>", version: "1.0.0", description: '## Conventions\n- **Money** is `"12.30"`' },
  servers: [{ url: "http://127.0.0.1:54321/functions/v1", description: "Local" }],
  tags: [{ name: "Calculations", description: "No sign-in." }],
  paths: {
    "/v1/x": {
      post: {
        operationId: "calc_x",
        summary: "Does <x>",
        description: "Rules: `a < b`.",
        tags: ["Calculations"],
        security: [{}, { bearerAuth: [] }],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["amount"],
                properties: {
                  amount: { type: "string", description: "Money", examples: ["1.00"] },
                  items: {
                    type: "array",
                    maxItems: 3,
                    items: { type: "object", properties: { d: { type: "string", format: "date" } } },
                  },
                },
                examples: [{ amount: "1.00" }],
              },
            },
          },
        },
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Out" } } },
          },
          "422": { description: "validation_failed: bad" },
        },
      },
    },
  },
  components: { schemas: { Out: { type: "object", properties: { total: { type: "integer", minimum: 0 } } } } },
};

Deno.test("reference: operations, parameters, schemas, examples and errors, all escaped", () => {
  const html = renderReference(document);
  assert.ok(html.startsWith("<!doctype html>"));
  assert.ok(html.includes('<section class="op" id="calc_x">'));
  assert.ok(html.includes("Does &lt;x&gt;"));
  assert.ok(html.includes("<title>T &lt;&amp;&gt; — reference</title>"));
  assert.ok(html.includes("Authentication: none needed; a bearer token, if sent, must be valid."));
  assert.ok(html.includes("<code>amount</code>"));
  assert.ok(html.includes('<span class="req">required</span>'));
  assert.ok(html.includes("max items 3"));
  assert.ok(html.includes("string (date)"), "nested array items are expanded");
  assert.ok(html.includes('<a href="#schema-Out">Out</a>'), "named schemas are linked");
  assert.ok(html.includes('id="schema-Out"'));
  assert.ok(html.includes("&quot;amount&quot;: &quot;1.00&quot;"), "the example is shown");
  assert.ok(html.includes("<td>422</td><td>validation_failed: bad</td>"));
  assert.ok(html.includes('id="problem-payload_too_large"'));
  assert.ok(html.includes("<strong>Money</strong>"));
  assert.ok(!html.includes("<x>"));
  assert.ok(
    html.includes(
      "curl -X POST &#39;http://127.0.0.1:54321/functions/v1/v1/x&#39; \\\n  -H &#39;Content-Type: application/json&#39; " +
        "\\\n  -d &#39;{&quot;amount&quot;:&quot;1.00&quot;}&#39;",
    ),
    "a curl example built from the schema's example",
  );
});
