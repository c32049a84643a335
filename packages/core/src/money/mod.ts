export { CURRENCY_SCALES, currencyScale, normalizeCurrency } from "./currencies.ts";
export { type Calculator, numberCalculator } from "./calculator.ts";
export { MAX_MONEY_MINOR } from "./limits.ts";
export { type MoneyIssue, moneyIssueMessage, parseMinor } from "./parse-minor.ts";
export { formatMinor } from "./format-minor.ts";
