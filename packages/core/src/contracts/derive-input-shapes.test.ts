import { describe, expect, it } from "vitest";
import { z } from "zod";
import { deriveInputShapes } from "./derive-input-shapes.ts";
import type { Limits } from "./limits.ts";
import type { Operation } from "./operation.ts";

/** A calculation operation with the given input; the rest is never read. */
const calculation = (name: string, input: z.ZodType) => ({ name, kind: "calculation", input }) as unknown as Operation;

describe("deriveInputShapes", () => {
  it("describes each calculation's input with its limits symbolic, skips account operations and unusable inputs", () => {
    const operations = (limits: Limits) => [
      calculation("sum", z.strictObject({ items: z.array(z.number()).max(limits.transactions) })),
      { name: "list", kind: "account", input: z.strictObject({}) } as unknown as Operation,
      calculation("opaque", z.strictObject({}).refine(() => true)),
    ];
    expect(deriveInputShapes(operations)).toEqual({
      sum: {
        type: "object",
        unknownKeys: "reject",
        fields: {
          items: {
            type: "array",
            element: { type: "number", integer: false, checks: [] },
            checks: [{ kind: "max_length", value: { limit: "transactions" } }],
          },
        },
      },
    });
  });
});
