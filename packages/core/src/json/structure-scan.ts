/**
 * The exact JSON parser's fast pass on WebAssembly SIMD (json/structure-scan.wat, 64 bytes at a time): the same count
 * of colons outside strings as the byte loop of parse-json-body.ts (escapes read the same way), and whether a number
 * token might need the slow pass (a superset of the byte loop's `suspicious` for valid JSON). It answers `undefined`
 * whenever the byte loop must decide (a backslash outside strings, a possibly over-long member name, deep nesting, an
 * object near the member limit, or no WebAssembly SIMD in this runtime), so the byte loop remains the one that
 * refuses a body, with the same errors.
 *
 * The body is copied into the module's memory a window of WINDOW_BYTES at a time, each scanned while it is still in
 * the cache (the .wat carries the state from one window to the next): the module's memory stays one 64 KiB page
 * whatever the body's size, and the pass reads no byte from main memory twice (copying a 4.9 MB body whole and then
 * scanning it took 3.3 ms on the benchmark machine; window by window, 2.0 ms).
 */
import { STRUCTURE_SCAN_WASM } from "../generated/structure-scan-wasm.ts";

/** Where the body starts in the module's memory (below: the object member counts). */
const BASE = 256;
/** Zero bytes after the body: the last 64-byte block's padding. */
const PADDING = 64;
/** Bytes of the body per window (a multiple of the 64-byte block; with BASE and PADDING within the first page). */
export const WINDOW_BYTES = 32 * 1024;

interface ScanExports {
  readonly memory: WebAssembly.Memory;
  readonly suspicious: WebAssembly.Global;
  readonly start: () => void;
  readonly scan: (length: number) => number;
}

/** The module's instance, made on first use; null when this runtime cannot run it. */
let instance: ScanExports | null | undefined;
let bytes: Uint8Array | undefined;

function load(): ScanExports | null {
  try {
    const binary = Uint8Array.from(atob(STRUCTURE_SCAN_WASM), (c) => c.charCodeAt(0));
    return new WebAssembly.Instance(new WebAssembly.Module(binary)).exports as unknown as ScanExports;
  } catch {
    return null; // no WebAssembly, or no SIMD: the byte loop does it all
  }
}

/**
 * The colon count and the numbers' alarm of `body` (never refused: a body the byte loop could refuse is left to it),
 * or `undefined` when the byte loop must decide. `window`: bytes per window (tests choose small ones so that strings,
 * escapes and numbers straddle windows), a positive multiple of 64 up to WINDOW_BYTES.
 */
export function scanStructure(
  body: Uint8Array,
  window = WINDOW_BYTES,
): { colons: number; suspicious: boolean; refused: false } | undefined {
  if (!(window > 0 && window <= WINDOW_BYTES && window % 64 === 0)) {
    throw new RangeError(`scanStructure: a window of ${window} bytes is not a multiple of 64 up to ${WINDOW_BYTES}`);
  }
  if (instance === undefined) instance = load();
  if (instance === null) return undefined;
  const { memory, start, scan, suspicious } = instance;
  bytes ??= new Uint8Array(memory.buffer); // one page, never grown: the view stays valid
  start();
  let colons = 0;
  for (let offset = 0; offset < body.length; offset += window) {
    const n = Math.min(window, body.length - offset);
    bytes.set(n === body.length ? body : body.subarray(offset, offset + n), BASE);
    // The last window's last block reads up to 64 bytes past its end: zeros, as after the body.
    if (n < window) bytes.fill(0, BASE + n, BASE + n + PADDING);
    colons = scan(n);
    if (colons < 0) return undefined;
  }
  return { colons, suspicious: suspicious.value !== 0, refused: false };
}
