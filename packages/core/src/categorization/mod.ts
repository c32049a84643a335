/** Categorization rules and suggestions (API.md §10): the pure engine shared by the API, the importer and the CLIs. */
export { foldText } from "./fold.ts";
export {
  ACCOUNT_OPS,
  AMOUNT_OPS,
  type Condition,
  type Field,
  FIELDS,
  type Op,
  OPS,
  type Rule,
  rulesArraySchema,
  ruleSchemaOf,
  TEXT_FIELDS,
  TEXT_OPS,
} from "./rule-schema.ts";
export { CONDITION_RULES, RULE_SHAPE_RULES } from "../contracts/rule-texts.ts";
export { RULE_LIMITS } from "../contracts/limits.ts";
export { type RuleError, validateRules, type ValidateRulesResult } from "./validate-rules.ts";
export { compilePattern, MAX_PROGRAM_SIZE, type PatternResult } from "./compile-pattern.ts";
export { ensureRe2 } from "./re2.ts";
export { type CompiledRule, type CompiledRules, compileRules } from "./compile-rules.ts";
export type { CategorizeTransaction } from "./transaction-view.ts";
export { categorizeOne, type CategorizeOptions, type CategorizeResult } from "./categorize-one.ts";
export { categorizeMany, RuleCounter, type RuleCounts } from "./categorize-many.ts";
export { storedRuleId, uuidV5 } from "./stored-rule-id.ts";
export { suggestionId } from "./suggestion-id.ts";
export {
  AGREEING,
  CONSIDERED,
  type Direction,
  suggestCategories,
  type SuggestedRule,
  type Suggestion,
  type SuggestionGroup,
} from "./suggest-categories.ts";
export { suggestionGroups, type SuggestionTransaction } from "./suggestion-groups.ts";
export { compareDecimals, type Decimal, parseDecimal } from "./decimal-range.ts";
