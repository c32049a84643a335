import { describe, expect, it } from "vitest";
import { deriveInputShapes } from "../contracts/derive-input-shapes.ts";
import { createOperations } from "../operations/index.ts";
import { INPUT_SHAPES } from "./input-shapes.ts";

describe("generated/input-shapes.ts", () => {
  it("is the input shapes derived from the operations' schemas now", () => {
    const derived = deriveInputShapes((limits) => createOperations(limits).list);
    expect(
      INPUT_SHAPES,
      "generated/input-shapes.ts is stale: run `npm run -s shapes:generate` and commit the result",
    ).toEqual(derived);
    // The same operations, in the same (registry) order.
    expect(Object.keys(INPUT_SHAPES)).toEqual(Object.keys(derived));
  });
});
