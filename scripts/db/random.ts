/** A small deterministic pseudo-random generator (mulberry32) for repeatable demo and scale data. */
export class Random {
  #state: number;

  constructor(seed: number | string) {
    this.#state = typeof seed === "number" ? seed >>> 0 : hashString(seed);
  }

  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform integer in [min, max] (inclusive); integers only, so money never meets a fraction. */
  int(min: number, max: number): number {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
      throw new RangeError(`Random.int(${min}, ${max})`);
    }
    const span = max - min + 1;
    // Two draws give 64 bits, more than enough for any span used here (< 2^53).
    const draw = this.nextUint32() * 0x100000000 + this.nextUint32();
    return min + (draw % span);
  }

  /** True with probability `numerator / denominator`. */
  chance(numerator: number, denominator: number): boolean {
    return this.int(1, denominator) <= numerator;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Random.pick of an empty list");
    return items[this.int(0, items.length - 1)]!;
  }

  /** A random (version 4 layout) UUID, deterministic for the seed. */
  uuid(): string {
    const a = this.nextUint32();
    const b = ((this.nextUint32() & 0xffff0fff) | 0x00004000) >>> 0; // version 4
    const c = ((this.nextUint32() & 0x3fffffff) | 0x80000000) >>> 0; // RFC 4122 variant
    const d = this.nextUint32();
    return `${hex8(a)}-${hex4(b >>> 16)}-${hex4(b & 0xffff)}-${hex4(c >>> 16)}-${hex4(c & 0xffff)}${hex8(d)}`;
  }
}

/** FNV-1a 32-bit hash of a string, used to derive seeds from names. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

function hex4(x: number): string {
  return HEX[(x >>> 8) & 0xff]! + HEX[x & 0xff]!;
}

function hex8(x: number): string {
  return hex4(x >>> 16) + hex4(x & 0xffff);
}
