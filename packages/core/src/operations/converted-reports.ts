/**
 * The reports with currency conversion of the four calculations that take `conversion`, as one module: with the
 * conversion machinery they import (conversion/*: rate parsing, rate choice, day groups, the tally), about forty
 * modules that a body without `conversion` never needs. converted-on-demand.ts loads it.
 */
export { convertedBudget } from "./converted-budget.ts";
export { convertedCashflow } from "./converted-cashflow.ts";
export { convertedNetWorth } from "./converted-net-worth.ts";
export { convertedSpending } from "./converted-spending.ts";
