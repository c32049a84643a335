import assert from "node:assert/strict";
import { createLogBatch } from "./log-batch.ts";

/** Past the batch's 10 ms window. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 40));

Deno.test("log batch: entries are written later, together, one JSON line each, in order", async () => {
  const writes: string[] = [];
  const batch = createLogBatch<{ n: number; s?: string }>((text) => writes.push(text));
  batch.push({ n: 1 });
  batch.push({ n: 2, s: 'a "quoted"\nline' });
  assert.equal(writes.length, 0, "nothing is written on the request path");
  await tick();
  assert.equal(writes.length, 1, "one write for the batch");
  assert.deepEqual(writes[0]!.split("\n").map((line) => JSON.parse(line)), [{
    n: 1,
  }, { n: 2, s: 'a "quoted"\nline' }]);
  batch.push({ n: 3 });
  await tick();
  assert.deepEqual(
    writes.slice(1),
    ['{"n":3}'],
    "a later entry gets its own batch",
  );
});

Deno.test("log batch: a full queue is written at once, and flush writes what is queued", async () => {
  const writes: string[] = [];
  const batch = createLogBatch<number>((text) => writes.push(text), 3);
  batch.push(1);
  batch.push(2);
  batch.push(3);
  assert.deepEqual(writes, ["1\n2\n3"], "written when the queue is full");
  batch.push(4);
  batch.flush();
  assert.deepEqual(writes, ["1\n2\n3", "4"]);
  await tick();
  assert.equal(writes.length, 2, "the timer finds nothing left to write");
});

Deno.test("log batch: entries of several turns of the event loop within the window share one write", async () => {
  const writes: string[] = [];
  const batch = createLogBatch<number>((text) => writes.push(text), 512, 30);
  batch.push(1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  batch.push(2);
  await new Promise((resolve) => setTimeout(resolve, 0));
  batch.push(3);
  assert.equal(writes.length, 0, "nothing is written before the window ends");
  await new Promise((resolve) => setTimeout(resolve, 80));
  assert.deepEqual(writes, ["1\n2\n3"]);
});
