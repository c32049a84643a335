/**
 * @pfa/core: the runtime-agnostic finance core (Node and Deno; depends only on zod).
 * See docs/ARCHITECTURE.md for the seams: the operation registry, the AccountData port and LedgerEntry.
 */

// Contracts and the operation registry.
export type {
  AccountContext,
  AccountOperation,
  CalculationOperation,
  Operation,
  OperationBase,
} from "./contracts/operation.ts";
export type {
  AccountData,
  BudgetMonthRow,
  BudgetRow,
  GoalRow,
  Kind,
  LedgerTotalRow,
  MonthlySpendingRow,
  ProfileRow,
  StatementImportRow,
  StatementTransactionFilter,
  StatementTransactionRow,
} from "./contracts/account-data.ts";
export { DEFAULT_LIMITS, type Limits } from "./contracts/limits.ts";
export { createSchemas, type Schemas } from "./contracts/schemas.ts";
export { problemSchema } from "./contracts/problem.ts";
export { createOperations, type Operations } from "./operations/index.ts";

// Problems (RFC 9457).
export {
  type ErrorItem,
  type ErrorItemCode,
  makeProblem,
  type Problem,
  PROBLEM_STATUS,
  PROBLEM_TITLES,
  type ProblemCode,
  problemType,
} from "./problem/problem.ts";
export {
  InexactJsonError,
  InvalidJsonError,
  MAX_REPORTED_ERRORS,
  OverflowError,
  ValidationError,
} from "./problem/validation-error.ts";
export { problemFromZodError } from "./problem/from-zod.ts";
export { validateBody } from "./problem/validate-body.ts";
export { jsonPointer } from "./problem/json-pointer.ts";

// Exact JSON.
export { type ExactJson, MAX_OBJECT_MEMBERS, parseJsonBody, readExactJson } from "./json/parse-json-body.ts";

// Money.
export * from "./money/mod.ts";
export * from "./api/mod.ts";

// Calendar.
export * from "./calendar/mod.ts";

// Services.
export * from "./services/mod.ts";

// Categorization rules and suggestions (API.md §10).
export * from "./categorization/mod.ts";
// Currency conversion (API.md §11).
export * from "./conversion/mod.ts";
export { conversionInput, conversionOutput, exchangeRateInput } from "./contracts/conversion.ts";
export { CONVERSION_RULES, DISCLOSURE_RULES, RATE_CHOICE_RULES, ROUNDING_RULES } from "./contracts/rule-texts.ts";
