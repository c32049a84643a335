import assert from "node:assert/strict";

/**
 * Runs `code` in a fresh Deno process with `names` imported from `module` (a file URL): its stdout and wall time.
 * For tests of what keeps a process alive (timers).
 */
export async function runInFreshProcess(
  module: URL,
  names: string,
  code: string,
): Promise<{ stdout: string; ms: number }> {
  const started = performance.now();
  const { stdout, success } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", `import { ${names} } from "${module.href}"; ${code}`],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(success);
  return { stdout: new TextDecoder().decode(stdout), ms: performance.now() - started };
}
