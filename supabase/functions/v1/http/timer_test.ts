import assert from "node:assert/strict";
import { later } from "./timer.ts";
import { runInFreshProcess } from "../../../../tests/helpers/fresh-process.ts";

const wait = (ms: number) => new Promise((resolve) => later(ms, () => resolve(undefined)));

Deno.test("timer: the callback runs once, after the time has passed", async () => {
  const started = performance.now();
  const ran: number[] = [];
  later(30, () => ran.push(performance.now() - started));
  await wait(80);
  assert.equal(ran.length, 1);
  assert.ok(ran[0]! >= 29, `it ran after ${ran[0]} ms`);
});

Deno.test("timer: a paused callback does not run; resumed in time, it runs at the original time", async () => {
  let ran = 0;
  later(10, () => ran++).pause();
  const resumed = later(40, () => ran += 10);
  resumed.pause();
  assert.equal(resumed.resume(), true);
  await wait(80);
  assert.equal(ran, 10);
});

Deno.test("timer: a timer resumed after its time does nothing and says so", async () => {
  let ran = 0;
  const timer = later(5, () => ran++);
  timer.pause();
  await wait(40);
  assert.equal(timer.resume(), false);
  await wait(20);
  assert.equal(ran, 0);
});

Deno.test("timer: fractional and negative times are accepted", async () => {
  let ran = 0;
  later(-5, () => ran++);
  later(0.4, () => ran++);
  await wait(30);
  assert.equal(ran, 2);
});

const runScript = (code: string) => runInFreshProcess(new URL("./timer.ts", import.meta.url), "later", code);

Deno.test("timer: a pending timer keeps the process alive until it runs; a paused one does not", async () => {
  const pending = await runScript(`later(300, () => console.log("ran"));`);
  assert.equal(pending.stdout.trim(), "ran");
  const paused = await runScript(`later(8000, () => console.log("ran")).pause(); console.log("done");`);
  assert.equal(paused.stdout.trim(), "done");
  assert.ok(paused.ms < 6000, `the process took ${paused.ms.toFixed(0)} ms to exit with only a paused timer`);
});
