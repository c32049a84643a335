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
