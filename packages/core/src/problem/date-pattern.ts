/**
 * The regex source that marks a calendar-date field (see contracts/primitives.ts), in a module of its own so that
 * the zod-free fast array loop (contracts/flat-items.ts) reads it without loading the problem mapping (from-zod.ts).
 */
export const DATE_PATTERN_SOURCE = "^\\d{4}-\\d{2}-\\d{2}$";
