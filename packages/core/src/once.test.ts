import { describe, expect, it } from "vitest";
import { once } from "./once.ts";

/** A promise settled from outside, and how many times its maker was called. */
function deferredMaker<T>() {
  const settle: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const make = () =>
    new Promise<T>((resolve, reject) => {
      settle.push({ resolve, reject });
    });
  return { make, settle, calls: () => settle.length };
}

describe("once", () => {
  it("calls the maker once for concurrent callers, who all get its value", async () => {
    const { make, settle, calls } = deferredMaker<string>();
    const load = once(make);
    const first = load();
    const second = load();
    expect(calls()).toBe(1);
    expect(second).toBe(first);
    settle[0]!.resolve("loaded");
    expect(await Promise.all([first, second, load()])).toEqual(["loaded", "loaded", "loaded"]);
    expect(calls()).toBe(1);
  });

  it("answers a fulfilled value again without calling the maker", async () => {
    let calls = 0;
    const load = once(() => Promise.resolve({ made: ++calls }));
    const value = await load();
    expect(value).toEqual({ made: 1 });
    expect(await load()).toBe(value);
    expect(await load()).toBe(value);
    expect(calls).toBe(1);
  });

  it("passes a rejection to the callers of that attempt, and the next call calls the maker again", async () => {
    const { make, settle, calls } = deferredMaker<number>();
    const load = once(make);
    const first = load();
    const second = load();
    const failure = new Error("import failed");
    settle[0]!.reject(failure);
    await expect(first).rejects.toBe(failure);
    await expect(second).rejects.toBe(failure);
    expect(load.value).toBeUndefined();

    const retry = load();
    expect(calls()).toBe(2);
    expect(retry).not.toBe(first);
    settle[1]!.resolve(7);
    expect(await retry).toBe(7);
    expect(await load()).toBe(7);
    expect(calls()).toBe(2);
  });

  it("tries again after a maker that throws instead of rejecting", async () => {
    let calls = 0;
    const load = once(() => {
      if (++calls === 1) throw new Error("thrown");
      return Promise.resolve("second");
    });
    expect(() => load()).toThrow("thrown");
    expect(await load()).toBe("second");
    expect(calls).toBe(2);
  });

  it("reads the value synchronously: undefined before and while pending, the value once fulfilled", async () => {
    const { make, settle } = deferredMaker<{ id: number }>();
    const load = once(make);
    expect(load.value).toBeUndefined();
    const pending = load();
    expect(load.value).toBeUndefined();
    const value = { id: 1 };
    settle[0]!.resolve(value);
    await pending;
    // The first caller's await resumes with the value already readable.
    expect(load.value).toBe(value);
  });
});
