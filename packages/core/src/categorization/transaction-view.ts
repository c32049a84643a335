/**
 * What a transaction gives the rules (API.md §10.1), and how its fields are read: `text` is the counterparty when
 * it is a non-empty string, else the description (as the recurring key picks its source).
 */
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

/** The raw text of field `f` (0 description, 1 counterparty, 2 text, 3 account), or null. */
export function fieldText(tx: CategorizeTransaction, f: number): string | null {
  switch (f) {
    case 0:
      return typeof tx.description === "string" ? tx.description : null;
    case 1:
      return typeof tx.counterparty === "string" ? tx.counterparty : null;
    case 2:
      return typeof tx.counterparty === "string" && tx.counterparty.length > 0
        ? tx.counterparty
        : typeof tx.description === "string"
        ? tx.description
        : null;
    default:
      return typeof tx.account === "string" ? tx.account : null;
  }
}
