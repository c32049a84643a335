import assert from "node:assert/strict";
import { DatabaseUnavailableError } from "../errors.ts";
import { createGate } from "./gate.ts";

Deno.test("gate: at most max holders; a waiter gets the slot when one is released", async () => {
  const gate = createGate(2);
  const a = await gate.acquire(1000);
  const b = await gate.acquire(1000);
  assert.equal(gate.active, 2);
  const c = gate.acquire(1000);
  assert.equal(gate.waiting, 1);
  a();
  a(); // releasing twice frees one slot only
  const releaseC = await c;
  assert.equal(gate.active, 2);
  assert.equal(gate.waiting, 0);
  b();
  releaseC();
  assert.equal(gate.active, 0);
});

Deno.test("gate: a waiter that times out gets DatabaseUnavailableError and leaves the queue", async () => {
  const gate = createGate(1);
  const release = await gate.acquire(1000);
  await assert.rejects(gate.acquire(10), DatabaseUnavailableError);
  assert.equal(gate.waiting, 0);
  release();
  const again = await gate.acquire(10);
  assert.equal(gate.active, 1);
  again();
});

Deno.test("gate: tryAcquire takes a free slot at once and answers undefined when none is free", async () => {
  const gate = createGate(1);
  const release = gate.tryAcquire();
  assert.ok(release);
  assert.equal(gate.active, 1);
  assert.equal(gate.tryAcquire(), undefined);
  const waiting = gate.acquire(1000);
  release();
  (await waiting)();
  assert.equal(gate.active, 0);
});
