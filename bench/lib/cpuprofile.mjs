// Summarizes a V8 .cpuprofile (as written by `deno run --cpu-prof`): self and total time per function and per
// area of the code (app, core, hono, zod, runtime), so a flame graph can be read as a table.

/** The area a call frame belongs to, from its URL. */
export function areaOf(url, name) {
  if (!url) {
    if (name === "(garbage collector)") return "garbage collector";
    if (name === "(idle)" || name === "(program)" || name === "(root)") return name;
    return "V8 builtins";
  }
  if (url.includes("/supabase/functions/v1/")) return "function (supabase/functions/v1)";
  if (url.includes("/packages/core/src/json/")) return "core: exact JSON parser";
  if (url.includes("/packages/core/src/contracts/")) return "core: contracts and validation";
  if (url.includes("/packages/core/")) return "core: operations and money";
  if (url.includes("/node_modules/hono/")) return "hono";
  if (url.includes("/node_modules/zod/")) return "zod";
  if (url.startsWith("ext:") || url.startsWith("node:")) return "Deno runtime (HTTP server, streams, text)";
  if (url.includes("/bench/")) return "bench harness";
  return "other";
}

function shortUrl(url) {
  if (!url) return "";
  const i = url.search(/\/(packages|supabase|node_modules|bench)\//);
  return i >= 0 ? url.slice(i + 1) : url;
}

/**
 * Index of the first sample after the first run of idle samples lasting at least `gapMs`: the profile runner waits
 * that long between start-up (module loading, building the app, the first request) and the load, so the samples
 * after the gap are the load's alone. 0 when there is no such gap.
 */
function firstSampleAfterIdleGap(profile, nodes, gapMs) {
  const deltas = profile.timeDeltas ?? [];
  let idleUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const name = nodes.get(profile.samples[i]).callFrame.functionName;
    if (name === "(idle)" || name === "(program)") {
      idleUs += deltas[i + 1] ?? 0;
      if (idleUs >= gapMs * 1000) {
        while (i < profile.samples.length && nodes.get(profile.samples[i]).callFrame.functionName === "(idle)") i++;
        return i;
      }
    } else idleUs = 0;
  }
  return 0;
}

/**
 * `{ profiled_ms, busy_ms, by_area, top_self, top_total }`: times from the samples (sampling interval weighted).
 * With `afterIdleGapMs`, only the samples after the first idle gap that long count (the load, not start-up).
 */
export function summarizeProfile(profile, { top = 25, afterIdleGapMs = 0 } = {}) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map();
  const deltas = profile.timeDeltas ?? [];
  const first = afterIdleGapMs > 0 ? firstSampleAfterIdleGap(profile, nodes, afterIdleGapMs) : 0;
  for (let i = first; i < profile.samples.length; i++) {
    const dt = deltas[i + 1] ?? deltas[i] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + Math.max(0, dt));
  }
  const key = (n) => {
    const f = n.callFrame;
    return `${f.functionName || "(anonymous)"} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
  };
  const fnSelf = new Map();
  const fnTotal = new Map();
  const areaSelf = new Map();
  let busy = 0;
  let total = 0;
  for (const [id, us] of selfUs) {
    const n = nodes.get(id);
    total += us;
    const name = n.callFrame.functionName;
    if (name === "(idle)" || name === "(program)") continue;
    busy += us;
    fnSelf.set(key(n), (fnSelf.get(key(n)) ?? 0) + us);
    const area = areaOf(n.callFrame.url, name);
    areaSelf.set(area, (areaSelf.get(area) ?? 0) + us);
    // Total time: every distinct function on the stack gets the sample once.
    const seen = new Set();
    for (let p = id; p !== undefined; p = parent.get(p)) {
      const k = key(nodes.get(p));
      if (seen.has(k)) continue;
      seen.add(k);
      fnTotal.set(k, (fnTotal.get(k) ?? 0) + us);
    }
  }
  const ms = (us) => Math.round(us / 10) / 100;
  const pct = (us) => Math.round((us / busy) * 1000) / 10;
  return {
    profiled_ms: ms(total),
    busy_ms: ms(busy),
    by_area: [...areaSelf].sort((a, b) => b[1] - a[1]).map(([area, us]) => ({ area, self_ms: ms(us), pct: pct(us) })),
    top_self: [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, top).map(([fn, us]) => ({
      fn,
      self_ms: ms(us),
      self_pct: pct(us),
      total_pct: pct(fnTotal.get(fn) ?? 0),
    })),
    top_total: [...fnTotal].filter(([fn]) => !fn.startsWith("(root)")).sort((a, b) => b[1] - a[1]).slice(0, top)
      .map(([fn, us]) => ({ fn, total_pct: pct(us) })),
  };
}
