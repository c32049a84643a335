/**
 * Writing a large response body straight as UTF-8 bytes, in chunks of about 64 KiB, for reports whose text would cost
 * more than the calculation. A string built by joining 50,000 rows is a rope that the server must first flatten and
 * then encode into one fresh buffer (together about 9 ms for the 7.9 MB of POST categorize's 50,000 rows on the
 * benchmark machine, where touching 8 MB of fresh memory alone costs 3–7 ms); chunks of this size come from memory the
 * allocator has already handed out and taken back, and the server writes them out one by one.
 *
 * The writer is a set of functions over a chunk and a position (`put…` returns the new position), used by the
 * caller's own loop with its own local variables: a writer object would be a shape of its own, which V8 forgets at a
 * full GC once no writer is alive, throwing away the optimized code of the loop that embedded it (measured: the
 * 50,000-row report then took 10–13 ms instead of about 2). Pieces that repeat are encoded once (`encode`) and copied.
 */
const encoder = new TextEncoder();

/** Bytes per chunk: a caller ends a chunk at the first row past this size. */
export const CHUNK_BYTES = 64 * 1024;

/** Most digits a counter (newCounter) has: every safe integer fits. */
export const MAX_DIGITS = 16;

/** A new chunk with room for at least `n` bytes: a little over CHUNK_BYTES, so that it holds whole rows. */
export function newChunk(n: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Math.max(n, CHUNK_BYTES + 8 * 1024));
}

/** Most bytes `s` takes in UTF-8 (3 per UTF-16 code unit), the room putText needs. */
export function utf8Bound(s: string): number {
  return s.length * 3;
}

/** Writes `piece` at `at` (the caller made room); the position after it. */
export function putBytes(target: Uint8Array, at: number, piece: Uint8Array): number {
  const n = piece.length;
  if (n <= 16) {
    // Short pieces: a loop costs less than TypedArray#set's own overhead.
    for (let i = 0; i < n; i++) target[at + i] = piece[i]!;
  } else target.set(piece, at);
  return at + n;
}

/**
 * A decimal counter for a report's row indexes, which count up from 0 one by one: its ASCII digits, kept as they are
 * and stepped with a carry, so that writing an index copies a few bytes instead of dividing by ten per digit (that took
 * a quarter of POST categorize's report on 50,000 rows). A Uint8Array, not an object of its own (see above): entry 0
 * holds the number of digits, entries 1…MAX_DIGITS the digits, right-aligned, with zeros before them.
 */
export function newCounter(): Uint8Array {
  const counter = new Uint8Array(MAX_DIGITS + 1);
  counter[0] = 1;
  counter[MAX_DIGITS] = ZERO;
  return counter;
}

/** Writes the counter's value in decimal at `at` (room for MAX_DIGITS); the position after it. */
export function putCounter(target: Uint8Array, at: number, counter: Uint8Array): number {
  const width = counter[0]!;
  const first = MAX_DIGITS + 1 - width;
  for (let i = 0; i < width; i++) target[at + i] = counter[first + i]!;
  return at + width;
}

/** Adds one to the counter (at most 10^MAX_DIGITS - 1 steps from 0). */
export function stepCounter(counter: Uint8Array): void {
  let i = MAX_DIGITS;
  // Nines become zeros, carrying left; the zeros before the digits stop the carry (entry 0 is the width, never a 9).
  while (counter[i] === NINE) counter[i--] = ZERO;
  if (counter[i] === 0) {
    counter[i] = ONE; // carried past the first digit: one digit more
    counter[0]!++;
  } else counter[i]!++;
}

const ZERO = 48;
const ONE = 49;
const NINE = 57;

/** Writes `s` as UTF-8 at `at` (room for utf8Bound(s); a lone surrogate becomes U+FFFD); the position after it. */
export function putText(target: Uint8Array, at: number, s: string): number {
  return at + encoder.encodeInto(s, target.subarray(at)).written;
}

/** `s` as UTF-8 bytes, for a piece written many times. */
export function encode(s: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(s);
}
