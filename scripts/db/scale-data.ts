/**
 * Scale data for benchmarks: N users × M statement transactions each, spread over the 24 months ending at
 * `endDate`, one statement import per user and month, plus a profile, six budgets for the last month and two goals
 * with monthly contributions per user. Deterministic for (seed, users, transactionsPerUser, endDate). Rows are
 * produced lazily, so a million transactions never sit in memory at once.
 *
 * Kinds follow the demo mix: about 3 % salary income, 2 % transfers, 3 % refunds (positive expenses), 10 % with no
 * kind (sign rule), 0.5 % reversals (negative income), the rest expenses in ten categories plus uncategorized.
 */
import { addDays, dayOfMonth, minDate, monthEnd, monthsEndingWith } from "./dates.ts";
import type {
  BudgetRow,
  GoalContributionRow,
  GoalRow,
  Kind,
  ProfileRow,
  StatementImportRow,
  StatementTransactionRow,
  UserRow,
} from "./dataset.ts";
import { DEMO_END_DATE } from "./demo-data.ts";
import { Random } from "./random.ts";

export interface ScaleOptions {
  readonly users: number;
  readonly transactionsPerUser: number;
  /** Seed of the generator; default "scale". */
  readonly seed?: string;
  readonly endDate?: string;
}

const MONTHS = 24;
const CATEGORIES = [
  "Groceries",
  "Dining",
  "Transport",
  "Utilities",
  "Shopping",
  "Health",
  "Entertainment",
  "Subscriptions",
  "Travel",
  "Education",
];
const CURRENCIES = ["EUR", "USD", "GBP", "JPY"];
const TIMEZONES = ["Europe/Berlin", "America/New_York", "Europe/London", "Asia/Tokyo", "UTC"];

export interface ScaleUser {
  readonly user: UserRow;
  readonly profile: ProfileRow;
  readonly imports: StatementImportRow[];
  readonly budgets: BudgetRow[];
  readonly goals: GoalRow[];
  readonly contributions: GoalContributionRow[];
  /** The transactions, produced on demand. */
  transactions(): Generator<StatementTransactionRow>;
}

/** The users of a scale dataset, one at a time. */
export function* generateScaleUsers(options: ScaleOptions): Generator<ScaleUser> {
  const endDate = options.endDate ?? DEMO_END_DATE;
  const months = monthsEndingWith(endDate, MONTHS);
  const perMonth = Math.ceil(options.transactionsPerUser / MONTHS);
  for (let u = 0; u < options.users; u++) {
    const rng = new Random(`${options.seed ?? "scale"}:${u}`);
    const userId = rng.uuid();
    const currency = CURRENCIES[u % CURRENCIES.length]!;
    const imports: StatementImportRow[] = months.map((month, m) => {
      const count = Math.max(0, Math.min(perMonth, options.transactionsPerUser - m * perMonth));
      const end = minDate(monthEnd(month), endDate);
      return {
        id: rng.uuid(),
        user_id: userId,
        account_name: "Main account",
        file_name: `main_${month.slice(0, 7)}.csv`,
        format: "csv",
        status: "completed",
        statement_start: month,
        statement_end: end,
        currency,
        opening_balance_minor: null,
        closing_balance_minor: null,
        transaction_count: count,
        duplicate_count: 0,
        error_count: 0,
        imported_at: `${addDays(end, 1)}T06:00:00Z`,
      };
    });
    const lastMonth = months[months.length - 1]!;
    const budgets: BudgetRow[] = CATEGORIES.slice(0, 6).map((category) => ({
      id: rng.uuid(),
      user_id: userId,
      month: lastMonth,
      category,
      amount_minor: rng.int(100, 800) * 100,
      currency,
    }));
    const goals: GoalRow[] = [0, 1].map((g) => ({
      id: rng.uuid(),
      user_id: userId,
      name: g === 0 ? "Emergency fund" : "Holiday",
      currency,
      target_minor: rng.int(1000, 20000) * 100,
      target_date: g === 0 ? null : addDays(endDate, rng.int(30, 700)),
      created_at: `${months[0]}T00:00:00Z`,
    }));
    const contributions: GoalContributionRow[] = goals.flatMap((goal) =>
      months.map((month) => ({
        id: rng.uuid(),
        user_id: userId,
        goal_id: goal.id,
        date: dayOfMonth(month, 28),
        amount_minor: rng.int(50, 500) * 100,
      })).filter((c) => c.date <= endDate)
    );
    const txSeed = `${options.seed ?? "scale"}:${u}:transactions`;
    yield {
      user: { id: userId, email: `user${u}@scale.example.com`, created_at: `${months[0]}T00:00:00Z` },
      profile: { user_id: userId, default_currency: currency, timezone: TIMEZONES[u % TIMEZONES.length]! },
      imports,
      budgets,
      goals,
      contributions,
      *transactions() {
        const tx = new Random(txSeed);
        for (let m = 0; m < MONTHS; m++) {
          const imp = imports[m]!;
          const days = Array.from(
            { length: 28 },
            (_, d) => minDate(dayOfMonth(imp.statement_start!, d + 1), imp.statement_end!),
          );
          for (let i = 0; i < imp.transaction_count; i++) {
            const roll = tx.int(1, 1000);
            let amount: number;
            let kind: Kind | null = "expense";
            let category: string | null = tx.pick(CATEGORIES);
            if (roll <= 30) [amount, kind, category] = [tx.int(200000, 600000), "income", "Salary"];
            else if (roll <= 50) [amount, kind, category] = [-tx.int(10000, 100000), "transfer", null];
            else if (roll <= 80) amount = tx.int(500, 20000); // refund
            else if (roll <= 85) [amount, kind, category] = [-tx.int(1000, 30000), "income", "Salary"]; // reversal
            else if (roll <= 185) [amount, kind] = [tx.int(-20000, 5000), null];
            else if (roll <= 250) [amount, category] = [-tx.int(100, 20000), null];
            else amount = -tx.int(100, 30000);
            yield {
              id: tx.uuid(),
              user_id: userId,
              statement_import_id: imp.id,
              date: days[tx.int(0, 27)]!,
              amount_minor: amount,
              currency,
              description: "Card payment",
              counterparty: null,
              category,
              kind,
            };
          }
        }
      },
    };
  }
}
