/**
 * Which lines of a file may repeat an earlier line (same date, amount and normalized text), found while the file
 * streams, in 5 bytes per distinct line: a 32-bit hash of each line's identity in an open-addressing table. A hash
 * seen a second time is recorded as repeated. The database then computes the occurrence index (write-statement.ts)
 * only for the lines whose hash repeated, instead of sorting the whole file: every line whose hash never repeated is
 * the only one of its kind (occurrence 1). A collision of two different lines only adds both to the few lines the
 * database numbers exactly, so the result never depends on the hash.
 */
export class RepeatSet {
  #hashes = new Int32Array(1 << 12);
  /** 0 = empty slot, 1 = seen once, 2 = repeated. */
  #state = new Uint8Array(1 << 12);
  #size = 0;

  /** The hash of a line's identity (FNV-1a over the UTF-16 code units of `date`, `amount` and `text`). */
  static hash(date: string, amount: number, text: string): number {
    let h = 0x811c9dc5;
    const key = date + "\u001f" + amount + "\u001f" + text;
    for (let i = 0; i < key.length; i++) {
      h ^= key.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    return h | 0;
  }

  /** Adds a line's hash (taken as a 32-bit integer). */
  add(value: number): void {
    const hash = value | 0;
    if ((this.#size + 1) * 2 > this.#hashes.length) this.#grow();
    const mask = this.#hashes.length - 1;
    let i = Math.imul(hash, 0x9e3779b1) >>> 0 & mask;
    while (this.#state[i] !== 0) {
      if (this.#hashes[i] === hash) {
        this.#state[i] = 2;
        return;
      }
      i = (i + 1) & mask;
    }
    this.#hashes[i] = hash;
    this.#state[i] = 1;
    this.#size++;
  }

  /** The hashes seen more than once. */
  repeated(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.#state.length; i++) if (this.#state[i] === 2) out.push(this.#hashes[i]!);
    return out;
  }

  #grow(): void {
    const hashes = this.#hashes;
    const state = this.#state;
    this.#hashes = new Int32Array(hashes.length * 2);
    this.#state = new Uint8Array(hashes.length * 2);
    const mask = this.#hashes.length - 1;
    for (let j = 0; j < hashes.length; j++) {
      if (state[j] === 0) continue;
      let i = Math.imul(hashes[j]!, 0x9e3779b1) >>> 0 & mask;
      while (this.#state[i] !== 0) i = (i + 1) & mask;
      this.#hashes[i] = hashes[j]!;
      this.#state[i] = state[j]!;
    }
  }
}
