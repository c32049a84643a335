/** The largest accepted magnitude of one money value, in minor units (API.md §1): 10^15 − 1. */
export const MAX_MONEY_MINOR = 999_999_999_999_999;

/** 10^0 .. 10^4: the minor-unit factors of the supported scales. */
export const POWERS_OF_TEN: readonly number[] = [1, 10, 100, 1000, 10000];
