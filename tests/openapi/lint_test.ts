/**
 * `/v1/openapi.json` lints clean: zero problems of any severity under Redocly's `recommended` rules and Spectral's
 * `spectral:oas` ruleset (both run in process from node_modules, offline). The document is the one the function
 * serves, built in process (scripts/openapi/document.ts), so every operation added to the registry is linted too.
 */
import assert from "node:assert/strict";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import spectralCore from "@stoplight/spectral-core";
import { Json } from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import { openApiDocumentText } from "../../scripts/openapi/document.ts";

const text = await openApiDocumentText();

Deno.test("openapi.json: zero problems under Redocly's recommended rules", async () => {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: text, absoluteRef: "/v1/openapi.json", config });
  const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`);
  assert.deepEqual(found, []);
});

Deno.test("openapi.json: zero problems under Spectral's spectral:oas", async () => {
  // spectral-core is CommonJS; its named exports sit on the default export.
  const { Spectral, Document } = spectralCore as unknown as typeof import("@stoplight/spectral-core");
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, "recommended"]] });
  const results = await spectral.run(new Document(text, Json, "/v1/openapi.json"));
  const found = results.map((r) => `${r.severity} ${r.code}: ${r.message} at ${r.path.join(".")}`);
  assert.deepEqual(found, []);
});
