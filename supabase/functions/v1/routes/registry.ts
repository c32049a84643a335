/**
 * The core's operation registry as the function serves it: every operation's route (name, kind, method, path) is
 * known at start-up, and the operation itself (its module, its schemas, its description) is loaded on the first
 * request that needs it. A cold function answering its first calculation loads only that operation's module and
 * what it imports, not the core's other 22 operations (categorization, conversion, recurring streams, ...).
 *
 * A calculation's first request does not even load zod or the core's schemas: `fast(name)` gives the operation
 * built over schemas that are not loaded yet, and the acceptor of its input shape, generated ahead of time from the
 * declared schema (core contracts/accept-input.ts, generated/input-shapes.ts). A valid body is accepted and run
 * with nothing more; an invalid one (or one the acceptor is unsure of) loads the schemas, and zod's validation
 * answers it, errors and all. The operations' modules import neither zod nor a schema module
 * (routes/zod-free_test.ts).
 *
 * `ROUTES` lists the operations in the core registry's order (packages/core/src/operations/index.ts) with a loader
 * of each one's factory; routes/registry_test.ts checks it against `createOperations()` (same routes in the same
 * order, and each loaded operation the same as the core's). Every loader is a dynamic `import()` of a literal
 * specifier, so a bundle (Supabase's deploy) still holds every module. A failed load rejects that request only (a
 * 500 problem through the app's error handler) and is retried by the next one.
 */
import { DEFAULT_LIMITS, type Limits } from "@pfa/core/contracts/limits.ts";
import type { CalculationOperation, Operation } from "@pfa/core/contracts/operation.ts";
import type { Schemas } from "@pfa/core/contracts/schemas.ts";
import { once } from "@pfa/core/once.ts";
import type { Operations } from "@pfa/core/operations/index.ts";

type OperationName = keyof Operations["byName"];
type Factory = (schemas: Schemas) => Operation;

/** What registering an operation's route needs, known without loading the operation. */
export interface OperationRoute {
  readonly name: string;
  readonly kind: Operation["kind"];
  readonly method: Operation["method"];
  readonly path: Operation["path"];
}

interface Entry extends OperationRoute {
  readonly load: () => Promise<Factory>;
}

const calculation = (name: OperationName, path: Operation["path"], load: () => Promise<Factory>): Entry => ({
  name,
  kind: "calculation",
  method: "post",
  path,
  load,
});
const account = (name: OperationName, path: Operation["path"], load: () => Promise<Factory>): Entry => ({
  name,
  kind: "account",
  method: "get",
  path,
  load,
});

/** The core registry's operations in its order, each with the import of its factory. */
const ROUTES: readonly Entry[] = [
  calculation(
    "calculate_cashflow",
    "/v1/analytics/cashflow",
    () => import("@pfa/core/operations/calculate-cashflow.ts").then((m) => m.calculateCashflowOperation),
  ),
  calculation(
    "calculate_spending_by_category",
    "/v1/analytics/spending-by-category",
    () =>
      import("@pfa/core/operations/calculate-spending-by-category.ts").then((m) =>
        m.calculateSpendingByCategoryOperation
      ),
  ),
  calculation(
    "calculate_budget_summary",
    "/v1/budget/summary",
    () => import("@pfa/core/operations/calculate-budget-summary.ts").then((m) => m.calculateBudgetSummaryOperation),
  ),
  calculation(
    "calculate_goal_progress",
    "/v1/goals/progress",
    () => import("@pfa/core/operations/calculate-goal-progress.ts").then((m) => m.calculateGoalProgressOperation),
  ),
  account(
    "get_budget_summary",
    "/v1/me/budget/summary",
    () => import("@pfa/core/operations/get-budget-summary.ts").then((m) => m.getBudgetSummaryOperation),
  ),
  account(
    "get_cashflow",
    "/v1/me/analytics/cashflow",
    () => import("@pfa/core/operations/get-cashflow.ts").then((m) => m.getCashflowOperation),
  ),
  account(
    "get_spending_by_category",
    "/v1/me/analytics/spending-by-category",
    () => import("@pfa/core/operations/get-spending-by-category.ts").then((m) => m.getSpendingByCategoryOperation),
  ),
  account(
    "get_goal_progress",
    "/v1/me/goals/progress",
    () => import("@pfa/core/operations/get-goal-progress.ts").then((m) => m.getGoalProgressOperation),
  ),
  account(
    "list_statement_imports",
    "/v1/me/statements/imports",
    () => import("@pfa/core/operations/list-statement-imports.ts").then((m) => m.listStatementImportsOperation),
  ),
  account(
    "list_statement_transactions",
    "/v1/me/statements/transactions",
    () =>
      import("@pfa/core/operations/list-statement-transactions.ts").then((m) => m.listStatementTransactionsOperation),
  ),
  calculation(
    "calculate_trends",
    "/v1/analytics/trends",
    () => import("@pfa/core/operations/calculate-trends.ts").then((m) => m.calculateTrendsOperation),
  ),
  account(
    "get_trends",
    "/v1/me/analytics/trends",
    () => import("@pfa/core/operations/get-trends.ts").then((m) => m.getTrendsOperation),
  ),
  calculation(
    "calculate_net_worth",
    "/v1/analytics/net-worth",
    () => import("@pfa/core/operations/calculate-net-worth.ts").then((m) => m.calculateNetWorthOperation),
  ),
  account(
    "get_net_worth",
    "/v1/me/analytics/net-worth",
    () => import("@pfa/core/operations/get-net-worth.ts").then((m) => m.getNetWorthOperation),
  ),
  account(
    "list_accounts",
    "/v1/me/accounts",
    () => import("@pfa/core/operations/list-accounts.ts").then((m) => m.listAccountsOperation),
  ),
  calculation(
    "calculate_recurring",
    "/v1/analytics/recurring",
    () => import("@pfa/core/operations/calculate-recurring.ts").then((m) => m.calculateRecurringOperation),
  ),
  account(
    "get_recurring",
    "/v1/me/analytics/recurring",
    () => import("@pfa/core/operations/get-recurring.ts").then((m) => m.getRecurringOperation),
  ),
  calculation(
    "calculate_forecast",
    "/v1/analytics/forecast",
    () => import("@pfa/core/operations/calculate-forecast.ts").then((m) => m.calculateForecastOperation),
  ),
  account(
    "get_forecast",
    "/v1/me/analytics/forecast",
    () => import("@pfa/core/operations/get-forecast.ts").then((m) => m.getForecastOperation),
  ),
  calculation(
    "categorize_transactions",
    "/v1/analytics/categorize",
    () => import("@pfa/core/operations/categorize-transactions.ts").then((m) => m.categorizeTransactionsOperation),
  ),
  calculation(
    "calculate_categorization_suggestions",
    "/v1/analytics/categorization/suggestions",
    () =>
      import("@pfa/core/operations/calculate-categorization-suggestions.ts").then((m) =>
        m.calculateCategorizationSuggestionsOperation
      ),
  ),
  account(
    "list_categorization_rules",
    "/v1/me/categorization/rules",
    () => import("@pfa/core/operations/list-categorization-rules.ts").then((m) => m.listCategorizationRulesOperation),
  ),
  account(
    "get_categorization_suggestions",
    "/v1/me/categorization/suggestions",
    () =>
      import("@pfa/core/operations/get-categorization-suggestions.ts").then((m) =>
        m.getCategorizationSuggestionsOperation
      ),
  ),
];

/** The operations the app serves: their routes now, each operation when first needed. */
export interface OperationSource {
  /** Every operation's route, in registry order. */
  readonly routes: readonly OperationRoute[];
  /** The operation named `name` (one of `routes`), loaded once. */
  get(name: string): Promise<Operation>;
  /** Every operation, in registry order (the OpenAPI document, the MCP tools). */
  all(): Promise<readonly Operation[]>;
  /** The operation named `name` when it is already built, without waiting: route handlers are then built at once. */
  built(name: string): Operation | undefined;
  /**
   * A calculation's fast start (absent when the source has none): the operation before its schemas are loaded, and
   * the acceptor of its input. Its `input` and `output` may be read only once `get(name)` has resolved.
   */
  fast?(name: string): Promise<FastCalculation>;
}

/** A calculation operation whose body may be accepted without zod (see the header). */
export interface FastCalculation {
  readonly op: CalculationOperation;
  /**
   * The body's value as zod's validation would give it, when it is certainly valid; `undefined` when only the
   * schema can tell (then ask `get(name)` and validate with `op.input`).
   */
  readonly accept: (value: unknown) => unknown;
}

/** Operations already built (tests, or a registry of one's own): nothing is loaded. */
export function operationsOf(list: readonly Operation[]): OperationSource {
  const byName = new Map(list.map((op) => [op.name, op]));
  const all = Promise.resolve(list);
  return {
    routes: list,
    get: (name) => {
      const op = byName.get(name);
      return op ? Promise.resolve(op) : Promise.reject(new Error(`no operation ${name}`));
    },
    all: () => all,
    built: (name) => byName.get(name),
  };
}

/**
 * The core's operations with the given limits (as `createOperations(limits)` builds them, from one set of schemas),
 * each loaded on first use. Every factory is given the same schemas object: its `limits` are known at once, and the
 * rest reads the real schemas once they are loaded (`get`, `all`) and throws before; the fast path (`fast`) never
 * reads them.
 */
export function coreOperations(limits: Partial<Limits> = {}): OperationSource {
  const effective: Limits = { ...DEFAULT_LIMITS, ...limits };
  const schemas = once(async () => (await import("@pfa/core/contracts/schemas.ts")).createSchemas(effective));
  const schemasOnceLoaded = new Proxy({} as Schemas, {
    get(_target, key) {
      // The limits are known without the schemas (some factories quote them in their descriptions).
      if (key === "limits") return effective;
      const loaded = schemas.value;
      if (loaded === undefined) throw new Error("the schemas were read before they were loaded");
      return loaded[key as keyof Schemas];
    },
  });
  const acceptors = once(() =>
    Promise.all([import("@pfa/core/contracts/accept-input.ts"), import("@pfa/core/generated/input-shapes.ts")])
  );
  const operations = new Map(
    ROUTES.map((entry) => [entry.name, once(async () => (await entry.load())(schemasOnceLoaded))]),
  );
  const loaders = new Map(
    ROUTES.map((entry) => [
      entry.name,
      once(async () => (await Promise.all([operations.get(entry.name)!(), schemas()]))[0]),
    ]),
  );
  const all = once(() => Promise.all(ROUTES.map((entry) => loaders.get(entry.name)!())));
  const fast = async (name: string): Promise<FastCalculation> => {
    const [op, [{ acceptInput }, { INPUT_SHAPES }]] = await Promise.all([
      operations.get(name)?.() ?? Promise.reject(new Error(`no operation ${name}`)),
      acceptors(),
    ]);
    if (op.kind !== "calculation") throw new Error(`${name} is not a calculation`);
    const shape = INPUT_SHAPES[name];
    return { op, accept: shape ? (value) => acceptInput(shape, value, effective) : () => undefined };
  };
  return {
    routes: ROUTES.map(({ name, kind, method, path }) => ({ name, kind, method, path })),
    get: (name) => loaders.get(name)?.() ?? Promise.reject(new Error(`no operation ${name}`)),
    all,
    built: () => undefined,
    fast,
  };
}
