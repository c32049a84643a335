/** Request limits (API.md §5). Every schema is built from these, so they are configurable per deployment. */
export interface Limits {
  /** Transactions per request. */
  readonly transactions: number;
  /** Budgets per request. */
  readonly budgets: number;
  /** Goals per request. */
  readonly goals: number;
  /** Contributions per goal. */
  readonly contributionsPerGoal: number;
  /** Statements per net-worth request. */
  readonly statements: number;
  /** Characters per text field (ids, categories, names, descriptions). */
  readonly text: number;
  /** Largest page size of the statement lists. */
  readonly pageMax: number;
  /** Default page size of the statement lists. */
  readonly pageDefault: number;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({
  transactions: 50_000,
  budgets: 1_000,
  goals: 1_000,
  contributionsPerGoal: 10_000,
  statements: 1_000,
  text: 200,
  pageMax: 200,
  pageDefault: 50,
});

/** Longest `from`…`to` span of a net-worth series, in months (10 years: at most 121 points). */
export const NET_WORTH_MAX_MONTHS = 120;

/** The contract's fixed limits of a rule list. */
export const RULE_LIMITS = Object.freeze({
  rules: 200,
  conditions: 10,
  oneOfValues: 100,
  text: 200,
  idLength: 64,
  /** Transactions × the conditions of all rules (enabled or not) in one POST. */
  work: 5_000_000,
});
