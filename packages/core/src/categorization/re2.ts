/**
 * The RE2 engine (re2js), kept off the function's start-up path: nothing imports it statically. The function awaits
 * `ensureRe2()` before it validates a body that may hold patterns (the operation's `prepare`); elsewhere (the CLIs,
 * the importer, tests) the first use loads it synchronously through Node's `require`, which Node and Deno both offer.
 */
import type * as Re2Module from "re2js";
import { once } from "../once.ts";

type Re2 = typeof Re2Module;

let engine: Re2 | undefined;
const load = once(() =>
  import("re2js").then((m) => {
    engine ??= m;
  })
);

/**
 * Loads re2js once (an ES module import); resolves when `re2()` is ready. A failed import is forgotten: the next call
 * tries again.
 */
export function ensureRe2(): Promise<void> {
  return load();
}

interface NodeModuleBuiltin {
  createRequire(from: string): (id: string) => unknown;
}

/** The loaded engine: by `ensureRe2`, else loaded now through `require`. */
export function re2(): Re2 {
  if (engine !== undefined) return engine;
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const builtin = proc?.getBuiltinModule?.("node:module") as NodeModuleBuiltin | undefined;
  if (builtin === undefined) throw new Error("re2js is not loaded: await ensureRe2() before compiling patterns");
  engine = builtin.createRequire(import.meta.url)("re2js") as Re2;
  return engine;
}
