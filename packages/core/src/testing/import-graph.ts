/**
 * The modules a module reaches through value imports, from `deno info --json` (type-only imports have no `code`):
 * for tests that keep a path free of a dependency (the zod-free acceptor, the function's start-up). Runs in Node
 * (vitest) and Deno alike.
 */
import { execFileSync } from "node:child_process";

interface Info {
  readonly roots: string[];
  readonly modules: {
    readonly specifier: string;
    readonly dependencies?: { readonly code?: { readonly specifier: string }; readonly isDynamic?: boolean }[];
  }[];
  readonly redirects?: Record<string, string>;
}

/** Every module reached from `entry`; `dynamic: false` leaves out what is imported only by `import()`. */
export function importGraph(entry: string, options: { readonly dynamic?: boolean; readonly cwd?: string } = {}) {
  const output = execFileSync("npx", ["--no-install", "deno", "info", "--json", entry], {
    cwd: options.cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const info = JSON.parse(output) as Info;
  const modules = new Map(info.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [...info.roots];
  while (stack.length > 0) {
    const specifier = stack.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dependency of modules.get(specifier)?.dependencies ?? []) {
      if (dependency.code === undefined || (dependency.isDynamic && options.dynamic === false)) continue;
      stack.push(info.redirects?.[dependency.code.specifier] ?? dependency.code.specifier);
    }
  }
  return [...seen];
}
