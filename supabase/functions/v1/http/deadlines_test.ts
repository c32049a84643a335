import assert from "node:assert/strict";
import { createDeadlines } from "./deadlines.ts";
import { runInFreshProcess } from "../../../../tests/helpers/fresh-process.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("deadlines: each fires once, at its time and not before, earliest first", async () => {
  const deadlines = createDeadlines();
  const fired: [string, number][] = [];
  const start = performance.now();
  deadlines.after(120, () => fired.push(["late", performance.now() - start]));
  deadlines.after(40, () => fired.push(["early", performance.now() - start]));
  assert.equal(deadlines.pending, 2);
  await sleep(20);
  assert.equal(fired.length, 0, "nothing fires before its time");
  await sleep(200);
  assert.deepEqual(fired.map(([name]) => name), ["early", "late"]);
  assert.ok(fired[0]![1] >= 39, `the 40 ms deadline fired at ${fired[0]![1].toFixed(1)} ms`);
  assert.ok(fired[1]![1] >= 119, `the 120 ms deadline fired at ${fired[1]![1].toFixed(1)} ms`);
  assert.equal(deadlines.pending, 0);
});

Deno.test("deadlines: a cancelled deadline never fires, and the next one still does on time", async () => {
  const deadlines = createDeadlines();
  const fired: string[] = [];
  const cancelFirst = deadlines.after(30, () => fired.push("cancelled"));
  deadlines.after(80, () => fired.push("kept"));
  cancelFirst();
  cancelFirst(); // idempotent
  assert.equal(deadlines.pending, 1);
  await sleep(55);
  assert.equal(fired.length, 0, "the timer armed for the cancelled deadline fires nothing");
  await sleep(100);
  assert.deepEqual(fired, ["kept"]);
});

Deno.test("deadlines: a callback that throws keeps neither the others nor later deadlines from firing", async () => {
  const deadlines = createDeadlines();
  const fired: string[] = [];
  deadlines.after(20, () => {
    throw new Error("boom");
  });
  deadlines.after(20, () => fired.push("same time"));
  deadlines.after(60, () => fired.push("later"));
  await sleep(120);
  assert.deepEqual(fired, ["same time", "later"]);
  assert.equal(deadlines.pending, 0);
});

Deno.test("deadlines: 10,000 reads that end in time leave nothing pending and fire nothing", async () => {
  const deadlines = createDeadlines();
  let fired = 0;
  for (let i = 0; i < 10_000; i++) deadlines.after(20, () => fired++)();
  assert.equal(deadlines.pending, 0);
  await sleep(50);
  assert.equal(fired, 0);
});

const runScript = (code: string) =>
  runInFreshProcess(new URL("./deadlines.ts", import.meta.url), "createDeadlines", code);

Deno.test("deadlines: a pending deadline keeps the process alive until it fires; a cancelled one does not", async () => {
  const pending = await runScript(`createDeadlines().after(300, () => console.log("fired"));`);
  assert.equal(pending.stdout.trim(), "fired");
  const cancelled = await runScript(
    `const d = createDeadlines(); d.after(8000, () => console.log("fired"))(); console.log("done");`,
  );
  assert.equal(cancelled.stdout.trim(), "done");
  assert.ok(cancelled.ms < 6000, `the process took ${cancelled.ms.toFixed(0)} ms to exit with no deadline pending`);
});
