/**
 * One transaction as the conditions read it (API.md §10.1): each field's folded text, NFKC text and recurring key,
 * computed at most once per transaction and only when a condition asks. Conditions read the transaction as given,
 * never another rule's output (§10.2 rule 2).
 */
import { recurringKey } from "../services/recurring-key.ts";
import { foldText } from "./fold.ts";
import type { PatternGroup } from "./pattern-group.ts";

export const DESCRIPTION = 0;
export const COUNTERPARTY = 1;
export const TEXT = 2;
export const ACCOUNT = 3;
export type FieldIndex = 0 | 1 | 2 | 3;

/** What a transaction gives the rules. */
export interface CategorizeTransaction {
  readonly description?: string | null | undefined;
  readonly counterparty?: string | null | undefined;
  readonly account?: string | null | undefined;
  /** Signed amount in minor units of `scale` decimals (`-1230` with scale 2 is -12.30). */
  readonly amountMinor: number | bigint;
  /** Decimals of `amountMinor`: the currency's ISO 4217 minor unit (0–4). */
  readonly scale: number;
  /** The transaction's own category; null, missing or "" is none. */
  readonly category?: string | null | undefined;
  /** The transaction's own kind; null or missing is none (the sign decides after the rules). */
  readonly kind?: "income" | "expense" | "transfer" | null | undefined;
}

export class TransactionView {
  readonly #raw: (string | null)[];
  readonly #folded: (string | undefined)[] = [undefined, undefined, undefined, undefined];
  readonly #nfkc: (string | undefined)[] = [undefined, undefined, undefined];
  readonly #key: (string | undefined)[] = [undefined, undefined, undefined];
  readonly #hits: (Uint8Array | undefined)[] = [undefined, undefined, undefined];
  /** The amount as a safe integer, or null when only the bigint is exact. */
  readonly amount: number | null;
  readonly bigAmount: bigint;
  readonly scale: number;

  constructor(tx: CategorizeTransaction, readonly groups: readonly PatternGroup[]) {
    const description = typeof tx.description === "string" ? tx.description : null;
    const counterparty = typeof tx.counterparty === "string" ? tx.counterparty : null;
    const text = counterparty !== null && counterparty.length > 0 ? counterparty : description;
    this.#raw = [description, counterparty, text, typeof tx.account === "string" ? tx.account : null];
    const a = tx.amountMinor;
    if (typeof a === "number") {
      this.amount = a;
      this.bigAmount = 0n;
    } else {
      const safe = a >= -9007199254740991n && a <= 9007199254740991n;
      this.amount = safe ? Number(a) : null;
      this.bigAmount = a;
    }
    this.scale = tx.scale;
  }

  /** The folded field; "" when the field is missing, empty or all white space. */
  folded(f: FieldIndex): string {
    let v = this.#folded[f];
    if (v === undefined) {
      const raw = this.#raw[f];
      v = raw === null || raw === undefined ? "" : foldText(raw);
      this.#folded[f] = v;
    }
    return v;
  }

  /** The field's recurring-stream key (API.md §9.1 rule 2). */
  key(f: FieldIndex): string {
    let v = this.#key[f];
    if (v === undefined) {
      const raw = this.#raw[f];
      v = raw === null || raw === undefined ? "" : recurringKey(raw);
      this.#key[f] = v;
    }
    return v;
  }

  /** The `matches` answers of the field's pattern group. */
  hits(f: FieldIndex): Uint8Array {
    let v = this.#hits[f];
    if (v === undefined) {
      let nfkc = this.#nfkc[f];
      if (nfkc === undefined) {
        nfkc = (this.#raw[f] ?? "").normalize("NFKC");
        this.#nfkc[f] = nfkc;
      }
      v = this.groups[f]!.search(nfkc);
      this.#hits[f] = v;
    }
    return v;
  }
}
