import assert from "node:assert/strict";
import { windowCounter } from "./memory-window.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("memory window: points add up within a key's window, refused ones too; another key counts alone", () => {
  const counter = windowCounter(60_000, 10);
  assert.deepEqual(counter.add("ip:1", 1), { consumedPoints: 1, msBeforeNext: 60_000 });
  assert.equal(counter.add("ip:1", 3).consumedPoints, 4);
  assert.equal(counter.add("ip:1", 1).consumedPoints, 5);
  const b = counter.add("ip:2", 2);
  assert.equal(b.consumedPoints, 2);
  const again = counter.add("ip:1", 1);
  assert.equal(again.consumedPoints, 6);
  assert.ok(again.msBeforeNext > 59_000 && again.msBeforeNext <= 60_000, String(again.msBeforeNext));
  assert.equal(counter.size, 2);
});

Deno.test("memory window: past maxKeys a new key makes the oldest one forgotten", () => {
  const counter = windowCounter(60_000, 3);
  counter.add("a", 5);
  counter.add("b", 1);
  counter.add("c", 1);
  counter.add("d", 1); // forgets "a"
  assert.equal(counter.size, 3);
  assert.equal(counter.add("a", 1).consumedPoints, 1, "a forgotten key starts a fresh window");
  assert.equal(counter.add("c", 1).consumedPoints, 2, "a held key keeps its count");
});

Deno.test("memory window: a window ends after its time and the next points start a new one; memory is given back", async () => {
  const counter = windowCounter(100, 1000);
  for (let i = 0; i < 500; i++) counter.add(`ip:${i}`, 1);
  assert.equal(counter.add("ip:0", 1).consumedPoints, 2);
  await sleep(130);
  assert.equal(counter.add("ip:0", 1).consumedPoints, 1, "a new window after the old one ended");
  await sleep(150);
  assert.equal(counter.size, 0, "every ended window is swept without a request");
});

Deno.test("memory window: below `sweepFrom` keys no timer runs; reaching it starts the sweep", async () => {
  const counter = windowCounter(50, 1000, 3);
  counter.add("a", 1);
  counter.add("b", 1);
  await sleep(80);
  assert.equal(counter.size, 2, "two ended windows are held: no sweep below three keys");
  assert.equal(counter.add("a", 1).consumedPoints, 1, "an ended window is replaced when its key returns");
  counter.add("c", 1);
  assert.equal(counter.size, 3);
  await sleep(120);
  assert.equal(counter.size, 0, "from three keys on, every ended window is swept without a request");
});
