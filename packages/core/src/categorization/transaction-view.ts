/**
 * What a transaction gives the rules (API.md §10.1). Its `text` field is the counterparty when it is a non-empty
 * string, else the description (as the recurring key picks its source); categorize-one.ts reads it so.
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
