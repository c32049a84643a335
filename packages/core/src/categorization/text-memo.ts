/**
 * The condition slots one field's clean text met, kept per text for texts that repeat (counterparties, accounts,
 * merchant names): a repeated text is answered by one hash lookup instead of its searches. It judges itself: after
 * every JUDGE_EVERY lookups, if fewer than a quarter hit (descriptions with card references rarely repeat), it drops
 * what it holds and stops, so unique texts cost a lookup only until then. It holds at most MAX_TEXTS texts.
 */
const JUDGE_EVERY = 2048;
const MAX_TEXTS = 4096;

export class TextMemo {
  readonly #slots = new Map<string, Int32Array>();
  #lookups = 0;
  #hits = 0;
  /** Whether the memo is in use (false once judged not worth it). */
  on = true;

  /** The slots remembered for `text`, or undefined. */
  get(text: string): Int32Array | undefined {
    const slots = this.#slots.get(text);
    if (slots !== undefined) this.#hits++;
    if (++this.#lookups % JUDGE_EVERY === 0 && this.#hits * 4 < this.#lookups) {
      this.on = false;
      this.#slots.clear();
    }
    return slots;
  }

  /** Forgets every text and starts judging afresh (a compiled rule list reused for another request). */
  clear(): void {
    this.#slots.clear();
    this.#lookups = 0;
    this.#hits = 0;
    this.on = true;
  }

  /** Remembers `slots` for `text` (while there is room). */
  set(text: string, slots: Int32Array): void {
    if (this.on && this.#slots.size < MAX_TEXTS) this.#slots.set(text, slots);
  }
}
