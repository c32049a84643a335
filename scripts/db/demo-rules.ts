/**
 * The demo users' categorization rules (API.md §10.3; issue 25), stored at seed time before the statements are
 * imported, so the demo import applies them as a real import does. Their statement files from banks that carry no
 * categories (OFX, CAMT.053, MT940) arrive uncategorized; these rules categorize them as their owners would:
 * groceries, rent, salary, and transfers between their own accounts (the savings account, the travel card's
 * top-ups, the credit card's payment, the brokerage account). Lines the CSV and QIF files categorize keep their
 * category (the file's counts as given). Some card merchants are deliberately left to the learned suggestions:
 * bob's Visa card purchases at Shake Shack and Amazon stay uncategorized, and his checking account's history
 * (Dining, Shopping) suggests their rules in GET /v1/me/categorization/suggestions.
 */
import { type Rule, storedRuleId, validateRules } from "@pfa/core";
import { replaceRules } from "../rules/store-rules.ts";
import { DEMO_USERS } from "./demo-data.ts";
import type { SqlClient } from "./sql-client.ts";

/** Rules files as `npm run rules -- --set` takes them, per demo user id. */
export const DEMO_RULES: Readonly<Record<string, readonly unknown[]>> = {
  [DEMO_USERS.alice.id]: [
    {
      id: "rent",
      name: "Rent",
      conditions: [{ field: "counterparty", op: "starts_with", value: "Hausverwaltung" }],
      set: { category: "Rent", kind: "expense" },
    },
    {
      id: "salary",
      name: "Salary from Acme",
      conditions: [{ field: "text", op: "key_equals", value: "acme gmbh" }, { field: "amount", op: "gt", value: "0" }],
      set: { category: "Salary", kind: "income" },
    },
    {
      id: "groceries",
      name: "Supermarkets",
      conditions: [{ field: "counterparty", op: "one_of", value: ["REWE", "Lidl", "Edeka", "Aldi"] }],
      set: { category: "Groceries" },
    },
    {
      id: "savings-account",
      name: "Transfers with the savings account",
      match: "any",
      conditions: [
        { field: "account", op: "equals", value: "Tagesgeld" },
        { field: "counterparty", op: "one_of", value: ["Alice Tagesgeld", "Alice Girokonto"] },
      ],
      set: { category: "Savings", kind: "transfer" },
    },
    {
      id: "travel-card-top-up",
      name: "Travel card top-ups",
      conditions: [{ field: "description", op: "matches", value: "^top-?up from girokonto" }],
      set: { category: "Transfers", kind: "transfer" },
    },
    {
      id: "hotels",
      name: "Hotels",
      conditions: [{ field: "counterparty", op: "one_of", value: ["Hilton", "Marriott"] }],
      set: { category: "Travel" },
    },
    {
      id: "old-gym",
      name: "Old gym (cancelled)",
      enabled: false,
      conditions: [{ field: "text", op: "contains", value: "McFit" }],
      set: { category: "Sport" },
    },
  ],
  [DEMO_USERS.bob.id]: [
    {
      id: "rent",
      name: "Rent",
      conditions: [{ field: "counterparty", op: "equals", value: "Park Slope Properties" }],
      set: { category: "Rent", kind: "expense" },
    },
    {
      id: "salary",
      name: "Payroll from Globex",
      conditions: [{ field: "text", op: "key_equals", value: "globex corp" }, {
        field: "amount",
        op: "gt",
        value: "0",
      }],
      set: { category: "Salary", kind: "income" },
    },
    {
      id: "groceries",
      name: "Groceries",
      conditions: [{
        field: "counterparty",
        op: "one_of",
        value: ["Trader Joe's", "Whole Foods", "Costco", "Safeway"],
      }],
      set: { category: "Groceries" },
    },
    {
      id: "card-payment",
      name: "Credit card payments",
      conditions: [{ field: "description", op: "starts_with", value: "Payment - thank you" }],
      set: { category: "Transfers", kind: "transfer" },
    },
    {
      id: "brokerage",
      name: "Transfers with the brokerage account",
      // MT940 puts the counterparty in the transaction details (the description), so this reads `text`.
      conditions: [{ field: "text", op: "matches", value: "bob (everyday checking|brokerage)" }],
      set: { category: "Investments", kind: "transfer" },
    },
    {
      id: "dividends",
      name: "Dividends",
      conditions: [{ field: "text", op: "contains", value: "Vanguard" }, { field: "amount", op: "gt", value: "0" }],
      set: { category: "Dividends", kind: "income" },
    },
    {
      id: "restaurants",
      name: "Restaurants",
      conditions: [{ field: "counterparty", op: "one_of", value: ["Blue Ribbon", "Joe's Pizza"] }],
      set: { category: "Dining" },
    },
  ],
};

/** The demo rules, validated with the schema of POST `rules` (a bad demo rule is a bug: it throws). */
export function demoRules(userId: string): Rule[] {
  const checked = validateRules(DEMO_RULES[userId] ?? []);
  if (!checked.ok) throw new Error(`demo rules of ${userId}: ${JSON.stringify(checked.errors)}`);
  return checked.rules;
}

/**
 * Stores the rules of the demo users in `only` (every demo user without it), as `npm run rules -- --set` does,
 * inside the seed's transaction.
 */
export async function storeDemoRules(tx: SqlClient, only?: ReadonlySet<string>): Promise<void> {
  for (const user of Object.values(DEMO_USERS)) {
    if (!only || only.has(user.id)) await replaceRules(tx, user.id, demoRules(user.id));
  }
}

/** The stored rows of the demo rules (as `npm run rules -- --set` writes them), for supabase/seed.sql. */
export function demoRuleRows(): Record<string, unknown>[] {
  return Object.values(DEMO_USERS).flatMap((user) =>
    demoRules(user.id).map((rule, position) => ({
      user_id: user.id,
      id: storedRuleId(user.id, rule.id),
      position,
      name: rule.name ?? rule.id,
      enabled: String(rule.enabled ?? true),
      match: rule.match ?? "all",
      conditions: JSON.stringify(rule.conditions),
      '"set"': JSON.stringify(rule.set),
    }))
  );
}
