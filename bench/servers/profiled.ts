/**
 * The deployed entry (bench/servers/entry.ts, that is index.ts unchanged) for a fixed number of seconds, then a
 * normal exit, so that `deno run --cpu-prof` writes its profile (it does on exit, not on a signal). Used by
 * bench/lib/profile.mjs.
 *
 *   PROFILE_SECONDS=12 deno run -A --cpu-prof --cpu-prof-dir=<dir> bench/servers/profiled.ts <port>
 */
const seconds = Number(Deno.env.get("PROFILE_SECONDS") ?? 10);
setTimeout(() => Deno.exit(0), seconds * 1000);
// PROFILE_ENTRY: the entry.ts to run (another tree's with `--before`), profiled the same way.
const entry = Deno.env.get("PROFILE_ENTRY");
await import(entry ? new URL(`file://${entry}`).href : "./entry.ts");
