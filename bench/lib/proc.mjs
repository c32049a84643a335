// Process and load-generation helpers for the bench orchestrator (Node).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const autocannon = require("autocannon");

/** The Deno binary shipped by the `deno` npm package (no npx wrapper: it would add ~100 ms to cold starts). */
export function denoPath() {
  const direct = join(ROOT, "node_modules/deno/deno");
  if (existsSync(direct)) return direct;
  return "deno";
}

export function denoVersion() {
  try {
    const r = require("node:child_process").spawnSync(denoPath(), ["--version"], { encoding: "utf8" });
    return r.stdout.split("\n")[0].trim();
  } catch {
    return null;
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Spawn `deno run -A <script> ...args`; stdout/stderr are kept (last 64 KiB) for error reports. */
export function spawnDeno(script, args = [], env = {}, denoFlags = [], { stdout = "pipe", cwd = ROOT } = {}) {
  const child = spawn(denoPath(), ["run", "-A", ...denoFlags, script, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: "1", ...env },
    // Servers under load write their request log to /dev/null ("ignore"), as cheap as a log collector gets.
    stdio: ["ignore", stdout, "pipe"],
  });
  child.output = "";
  const keep = (d) => {
    child.output = (child.output + d.toString()).slice(-65536);
  };
  child.stdout?.on("data", keep);
  child.stderr.on("data", keep);
  child.exited = new Promise((r) => child.on("exit", (code, signal) => r({ code, signal })));
  return child;
}

/** Run a Deno script to completion; resolves with its stdout, rejects with its output on a non-zero exit. */
export async function runDeno(script, args = [], env = {}, denoFlags = [], timeoutMs = 8 * 60 * 1000, cwd = ROOT) {
  const child = spawnDeno(script, args, env, denoFlags, { cwd });
  let stdout = "";
  child.stdout.on("data", (d) => (stdout += d));
  const t = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const { code, signal } = await child.exited;
  clearTimeout(t);
  if (code !== 0) throw new Error(`${script} failed (${code ?? signal}):\n${child.output}`);
  return stdout;
}

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const t = setTimeout(() => child.kill("SIGKILL"), 3000);
  await child.exited;
  clearTimeout(t);
}

/** Poll `fn` until it returns a truthy value (retrying on errors) or the deadline passes. */
export async function until(fn, { timeoutMs = 30000, everyMs = 2, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`process exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${child.output}`);
    }
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await sleep(everyMs);
  }
  throw new Error(
    `timed out after ${timeoutMs} ms${last ? `: ${last.message}` : ""}${child ? `\n${child.output}` : ""}`,
  );
}

/** Wait until a POST of `body` to `url` answers 200. Returns the response text. */
export async function waitFor200(url, { method = "POST", body, headers = {}, child, timeoutMs } = {}) {
  return await until(async () => {
    const res = await fetch(url, {
      method,
      body,
      headers: body ? { "content-type": "application/json", ...headers } : headers,
    });
    const text = await res.text();
    if (res.status === 200) return text;
    if (res.status >= 400 && res.status !== 503) {
      throw Object.assign(new Error(`HTTP ${res.status}: ${text.slice(0, 500)}`), { fatal: true });
    }
    return null;
  }, { child, timeoutMs });
}

/** Linux: resident set size figures of a process from /proc (MiB). */
export function procMemory(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (k) => Number((s.match(new RegExp(`^${k}:\\s+(\\d+) kB`, "m")) ?? [])[1] ?? NaN);
    return { rss_mb: kb("VmRSS") / 1024, peak_rss_mb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/** One autocannon run; returns the figures we report (non-2xx responses are counted and reported too). */
export function cannon({ url, method = "GET", body, headers = {}, connections = 10, duration = 5, warmup = 0 }) {
  return new Promise((resolve, reject) => {
    const opts = {
      url,
      method,
      body,
      headers: body ? { "content-type": "application/json", ...headers } : headers,
      connections,
      duration,
      pipelining: 1,
    };
    if (warmup) opts.warmup = { connections, duration: warmup };
    autocannon(opts, (err, r) => {
      if (err) return reject(err);
      resolve({
        requests_per_sec: r.requests.average,
        total_requests: r.requests.total,
        latency_ms: {
          p50: r.latency.p50,
          p90: r.latency.p90,
          p99: r.latency.p99,
          max: r.latency.max,
          avg: r.latency.average,
        },
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        duration_s: r.duration,
        connections,
      });
    });
  });
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (!n) return NaN;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

export function round(x, d = 2) {
  if (x === null || x === undefined || !Number.isFinite(x)) return x ?? null;
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

let nextPort = 18700 + Math.floor(Math.random() * 500);
export function freePort() {
  return nextPort++;
}
