/**
 * The exact JSON parser's fast pass on WebAssembly SIMD (json/structure-scan.wat, 64 bytes at a time): the same count
 * of colons outside strings as the byte loop of parse-json-body.ts (escapes read the same way), and whether a number
 * token might need the slow pass (a superset of the byte loop's `suspicious` for valid JSON). It answers `undefined`
 * whenever the byte loop must decide (a backslash outside strings, a possibly over-long member name, deep nesting, an
 * object near the member limit, or no WebAssembly SIMD in this runtime), so the byte loop remains the one that
 * refuses a body, with the same errors.
 *
 * The body is copied into the module's memory, which grows to the largest body scanned (bounded by the body limit)
 * and is kept for the next one: growing it is a fresh allocation, reusing it is not.
 */
import { STRUCTURE_SCAN_WASM } from "../generated/structure-scan-wasm.ts";

/** Where the body starts in the module's memory (below: the object member counts). */
const BASE = 256;
/** Zero bytes after the body: the last 64-byte block's padding. */
const PADDING = 64;
const PAGE = 65536;

interface ScanExports {
  readonly memory: WebAssembly.Memory;
  readonly suspicious: WebAssembly.Global;
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
 * or `undefined` when the byte loop must decide.
 */
export function scanStructure(body: Uint8Array): { colons: number; suspicious: boolean; refused: false } | undefined {
  if (instance === undefined) instance = load();
  if (instance === null) return undefined;
  const { memory, scan, suspicious } = instance;
  const needed = BASE + body.length + PADDING;
  if (memory.buffer.byteLength < needed) {
    try {
      memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
    } catch {
      return undefined; // no memory for it now: the byte loop reads the body where it is
    }
  }
  if (bytes === undefined || bytes.buffer !== memory.buffer) bytes = new Uint8Array(memory.buffer);
  bytes.set(body, BASE);
  bytes.fill(0, BASE + body.length, needed);
  const colons = scan(body.length);
  return colons < 0 ? undefined : { colons, suspicious: suspicious.value !== 0, refused: false };
}
