/**
 * packages/core/src/generated/structure-scan-wasm.ts is the assembled json/structure-scan.wat (`npm run -s
 * wasm:generate`): the committed module is what the generator writes now.
 */
import assert from "node:assert/strict";
import { assembleStructureScan, renderStructureScan, SOURCE } from "./generate-structure-scan.ts";
import { STRUCTURE_SCAN_WASM } from "../packages/core/src/generated/structure-scan-wasm.ts";

Deno.test("generated/structure-scan-wasm.ts is json/structure-scan.wat assembled now", async () => {
  const binary = await assembleStructureScan(await Deno.readTextFile(SOURCE));
  const committed = Uint8Array.from(atob(STRUCTURE_SCAN_WASM), (c) => c.charCodeAt(0));
  assert.deepEqual(
    committed,
    binary,
    "generated/structure-scan-wasm.ts is stale: run `npm run -s wasm:generate` and commit the result",
  );
  // The renderer writes exactly that base64 (the module's text is formatted by deno fmt afterwards).
  assert.ok(renderStructureScan(binary).includes(STRUCTURE_SCAN_WASM.slice(0, 100)));
});
