/** Bounds that keep every import's memory and work in proportion to what it may legitimately need. */
export const LIMITS = {
  /** Longest accepted line of a text file (CSV record, QIF/MT940 line), in characters. */
  maxLineChars: 64 * 1024,
  /** Files read as a whole (OFX, CAMT.053, MT940, QIF) may not exceed this many bytes; CSV is streamed. */
  maxWholeFileBytes: 16 * 1024 * 1024,
  /** Longest description / counterparty / category the database accepts. */
  maxDescription: 500,
  maxCounterparty: 200,
  maxCategory: 200,
  /** Longest bank transaction id kept for deduplication. */
  maxBankId: 200,
  /** At most this many line errors are listed (all are counted). */
  maxListedErrors: 100,
  /** XML nesting deeper than this is refused. */
  maxXmlDepth: 64,
} as const;
