/**
 * Without `conversion`, the four POST operations that accept it answer byte for byte as before conversion existed:
 * every case of fixtures/no-conversion-cases.ts against the response (or the problem) captured from the code before
 * the change (fixtures/no-conversion-snapshots.json, written with WRITE_NO_CONVERSION_SNAPSHOTS=1 on that code).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { snapshotCases } from "./fixtures/no-conversion-cases.ts";
import { type CaseResult, runCase } from "./fixtures/run-case.ts";

const file = new URL("./fixtures/no-conversion-snapshots.json", import.meta.url);
const cases = snapshotCases();

if (process.env.WRITE_NO_CONVERSION_SNAPSHOTS === "1") {
  const out = cases.map((c) => ({ name: c.name, ...runCase(c) }));
  writeFileSync(file, JSON.stringify(out, null, 1) + "\n");
}

const snapshots = JSON.parse(readFileSync(file, "utf8")) as ({ name: string } & CaseResult)[];

describe("POST without conversion: byte for byte as before", () => {
  it("has one snapshot per case", () => {
    expect(snapshots.map((s) => s.name)).toEqual(cases.map((c) => c.name));
    expect(snapshots.filter((s) => s.response !== undefined).length).toBeGreaterThan(90);
  });
  for (const [i, c] of cases.entries()) {
    it(c.name, () => {
      const { name: _, ...expected } = snapshots[i]!;
      expect(runCase(c)).toEqual(expected);
    });
  }
});
