/**
 * The importer applies the user's stored categorization rules (API.md §10.3), on both engines (the embedded PGlite,
 * and TEST_DATABASE_URL's PostgreSQL when set): hand-worked rows and counts for the rules, `--no-rules` and
 * `--overwrite`; and a property: for random lines, rules and `overwrite`, what the import stored (listed by
 * GET /v1/me/statements/transactions) equals POST /v1/analytics/categorize on the file's lines with the rules that
 * GET /v1/me/categorization/rules lists.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedRuleId } from "../../core/src/categorization/stored-rule-id.ts";
import type { AccountData } from "../../core/src/contracts/account-data.ts";
import { createOperations } from "../../core/src/operations/index.ts";
import { get, post } from "../../core/src/testing/run.ts";
import { importFile } from "../src/mod.ts";
import { actingAs, migratedDatabase } from "../../../supabase/tests/helpers.ts";
import { createAccountData } from "../../../supabase/functions/v1/data/account-data.ts";
import { readFunctionSql } from "../../../supabase/functions/v1/data/direct/read-function-sql.ts";
import type { Row } from "../../../supabase/functions/v1/data/values.ts";
import type { TestDatabase } from "../../../scripts/db/test-database.ts";
import { replaceRules } from "../../../scripts/rules/store-rules.ts";
import { validateRules } from "../../core/src/categorization/validate-rules.ts";
import { createUser } from "./helpers.ts";

const { byName } = createOperations();
const ENGINES = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] as const : ["pglite"] as const;

const RULES = [
  {
    id: "groceries",
    conditions: [{ field: "text", op: "starts_with", value: "rewe" }],
    set: { category: "Groceries" },
  },
  {
    id: "salary",
    conditions: [{ field: "text", op: "key_equals", value: "acme gmbh" }, { field: "amount", op: "gt", value: "0" }],
    set: { category: "Salary", kind: "income" },
  },
  {
    id: "savings",
    conditions: [{ field: "description", op: "matches", value: "^übertrag" }],
    set: { kind: "transfer" },
  },
  {
    id: "giro-only",
    conditions: [{ field: "account", op: "equals", value: "girokonto" }, { field: "amount", op: "lt", value: "-1000" }],
    set: { category: "Big" },
  },
  { id: "off", enabled: false, conditions: [{ field: "text", op: "contains", value: "e" }], set: { category: "X" } },
];

// A REWE line with the file's own category, a salary the file calls a transfer, a big payment, a savings transfer.
const CSV = `date,amount,description,counterparty,category,kind
2026-02-01,-23.10,REWE SAGT DANKE,,,
2026-02-02,-4.99,REWE Bistro,,Snacks,
2026-02-03,2500.00,Lohn,ACME GmbH,,transfer
2026-02-04,-1200.00,Miete,Hausverwaltung,,
2026-02-05,-300.00,Übertrag Tagesgeld,,,
2026-02-06,-9.99,Netflix,,,
`;

interface Stored {
  description: string;
  category: string | null;
  kind: string;
  category_source: string | null;
  category_rule_id: string | null;
  kind_source: string;
  kind_rule_id: string | null;
}

describe.each(ENGINES)("import with stored rules on %s", (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await migratedDatabase({ seed: false, pglite: engine === "pglite" });
  });
  afterAll(async () => {
    await db?.close();
  });

  function as<T>(userId: string, fn: (data: AccountData) => Promise<T>): Promise<T> {
    return actingAs(
      db.client,
      { role: "authenticated", sub: userId },
      (tx) =>
        fn(createAccountData(async (name, args) => {
          const { text, params } = readFunctionSql(name, args);
          return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
        })),
    );
  }

  async function listed(userId: string): Promise<Stored[]> {
    const page = await as(
      userId,
      (data) => get(byName.list_statement_transactions, { limit: 200 }, { data, subject: userId }),
    );
    return page.data.toReversed().map((t) => ({
      description: t.description!,
      category: t.category,
      kind: t.kind,
      category_source: t.category_source,
      category_rule_id: t.category_rule_id,
      kind_source: t.kind_source,
      kind_rule_id: t.kind_rule_id,
    }));
  }

  async function userWithRules(rules: unknown[]): Promise<string> {
    const userId = await createUser(db.client);
    const checked = validateRules(rules);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    await db.client.transaction((tx) => replaceRules(tx, userId, checked.rules));
    return userId;
  }

  const row = (
    description: string,
    category: string | null,
    kind: string,
    categorySource: string | null,
    categoryRule: string | null,
    kindSource: string,
    kindRule: string | null,
  ): Stored => ({
    description,
    category,
    kind,
    category_source: categorySource,
    category_rule_id: categoryRule,
    kind_source: kindSource,
    kind_rule_id: kindRule,
  });

  it("applies the enabled rules before storing, keeps the file's own values, and counts", async () => {
    const userId = await userWithRules(RULES);
    const id = (rule: string) => storedRuleId(userId, rule);
    const [report] = await importFile(db.client, { name: "feb.csv", content: CSV }, {
      userId,
      accountName: "Girokonto",
      currency: "EUR",
    });
    expect(report!.status).toBe("completed");
    expect([report!.categorized_by_rule_count, report!.kind_set_by_rule_count]).toEqual([3, 1]);
    expect(await listed(userId)).toEqual([
      row("REWE SAGT DANKE", "Groceries", "expense", "rule", id("groceries"), "default", null),
      row("REWE Bistro", "Snacks", "expense", "file", null, "default", null),
      // The file's kind (transfer) is kept; the salary rule still sets the category.
      row("Lohn", "Salary", "transfer", "rule", id("salary"), "file", null),
      // "girokonto" folds to the account name "Girokonto".
      row("Miete", "Big", "expense", "rule", id("giro-only"), "default", null),
      row("Übertrag Tagesgeld", null, "transfer", null, null, "rule", id("savings")),
      row("Netflix", null, "expense", null, null, "default", null),
    ]);
  });

  it("stores the file's values only with --no-rules (applyRules: false)", async () => {
    const userId = await userWithRules(RULES);
    const [report] = await importFile(db.client, { name: "feb.csv", content: CSV }, {
      userId,
      accountName: "Girokonto",
      currency: "EUR",
      applyRules: false,
    });
    expect([report!.categorized_by_rule_count, report!.kind_set_by_rule_count]).toEqual([0, 0]);
    expect(await listed(userId)).toEqual([
      row("REWE SAGT DANKE", null, "expense", null, null, "default", null),
      row("REWE Bistro", "Snacks", "expense", "file", null, "default", null),
      row("Lohn", null, "transfer", null, null, "file", null),
      row("Miete", null, "expense", null, null, "default", null),
      row("Übertrag Tagesgeld", null, "expense", null, null, "default", null),
      row("Netflix", null, "expense", null, null, "default", null),
    ]);
  });

  it("lets the rules replace the file's values with --overwrite", async () => {
    const userId = await userWithRules(RULES);
    const id = (rule: string) => storedRuleId(userId, rule);
    const [report] = await importFile(db.client, { name: "feb.csv", content: CSV }, {
      userId,
      accountName: "Other account",
      currency: "EUR",
      overwrite: true,
    });
    expect([report!.categorized_by_rule_count, report!.kind_set_by_rule_count]).toEqual([3, 2]);
    expect(await listed(userId)).toEqual([
      row("REWE SAGT DANKE", "Groceries", "expense", "rule", id("groceries"), "default", null),
      row("REWE Bistro", "Groceries", "expense", "rule", id("groceries"), "default", null),
      row("Lohn", "Salary", "income", "rule", id("salary"), "rule", id("salary")),
      // Another account: the giro-only rule does not match.
      row("Miete", null, "expense", null, null, "default", null),
      row("Übertrag Tagesgeld", null, "transfer", null, null, "rule", id("savings")),
      row("Netflix", null, "expense", null, null, "default", null),
    ]);
  });

  it("stores what POST /v1/analytics/categorize gives for the same lines and the listed rules (property)", async () => {
    const MERCHANTS = [
      "REWE Markt",
      "Lidl",
      "ACME GmbH",
      "Netflix",
      "Miete Januar",
      "Übertrag Tagesgeld",
      "ＮＥＴＦＬＩＸ",
    ];
    const textCondition = fc.record({
      field: fc.constantFrom("description", "counterparty", "text"),
      op: fc.constantFrom("contains", "starts_with", "ends_with", "equals"),
      value: fc.constantFrom("rewe", "lidl", "acme gmbh", "netflix", "miete", "übertrag tagesgeld", "e", "markt"),
    });
    const condition = fc.oneof(
      textCondition,
      fc.record({
        field: fc.constantFrom("text", "counterparty"),
        op: fc.constant("one_of"),
        value: fc.subarray(["Lidl", "netflix", "ACME GMBH", "rewe markt"], { minLength: 1 }),
      }),
      fc.record({
        field: fc.constantFrom("text", "description"),
        op: fc.constant("key_equals"),
        value: fc.constantFrom("acme gmbh", "netflix", "rewe markt", "miete januar"),
      }),
      fc.record({
        field: fc.constantFrom("text", "description"),
        op: fc.constant("matches"),
        value: fc.constantFrom("^(rewe|lidl)", "net.?flix", "tages?geld$", "[0-9]"),
      }),
      fc.record({
        field: fc.constant("amount"),
        op: fc.constantFrom("lt", "gt", "lte", "gte", "eq"),
        value: fc.constantFrom("0", "-100.00", "25.5", "-12.34"),
      }),
      fc.record({ field: fc.constant("amount"), op: fc.constant("between"), value: fc.constant(["-100", "100"]) }),
      fc.record({ field: fc.constant("account"), op: fc.constant("equals"), value: fc.constantFrom("girokonto", "x") }),
    );
    const set = fc.oneof(
      fc.record({ category: fc.constantFrom("Groceries", "Salary", "Fun") }),
      fc.record({ kind: fc.constantFrom("income", "expense", "transfer") }),
      fc.record({
        category: fc.constantFrom("Groceries", "Rent"),
        kind: fc.constantFrom("income", "expense", "transfer"),
      }),
    );
    const rules = fc.array(
      fc.record({
        enabled: fc.boolean(),
        match: fc.constantFrom("all", "any"),
        conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
        set,
      }),
      { maxLength: 6 },
    ).map((list) => list.map((r, i) => ({ id: `rule-${i}`, ...r })));
    const lines = fc.array(
      fc.record({
        day: fc.integer({ min: 1, max: 28 }),
        cents: fc.integer({ min: -3000, max: 3000 }),
        description: fc.constantFrom(...MERCHANTS),
        counterparty: fc.constantFrom("", ...MERCHANTS),
        category: fc.constantFrom("", "Snacks", "Food"),
        kind: fc.constantFrom("", "expense", "income", "transfer"),
      }),
      { minLength: 1, maxLength: 25 },
    );
    await fc.assert(
      fc.asyncProperty(rules, lines, fc.boolean(), async (ruleList, lineList, overwrite) => {
        const userId = await userWithRules(ruleList);
        // Unique amounts (cents × 100 + index) tell the stored rows apart.
        const file = lineList.map((l, i) => ({
          ...l,
          date: `2026-03-${String(l.day).padStart(2, "0")}`,
          amount: ((l.cents * 100 + (l.cents < 0 ? -i : i)) / 100).toFixed(2),
        }));
        const csv = "date,amount,description,counterparty,category,kind\n" +
          file.map((l) => [l.date, l.amount, l.description, l.counterparty, l.category, l.kind].join(",")).join("\n") +
          "\n";
        const [report] = await importFile(db.client, { name: "p.csv", content: csv }, {
          userId,
          accountName: "Girokonto",
          currency: "EUR",
          overwrite,
        });
        expect(report!.status).toBe("completed");
        const listedRules = await as(
          userId,
          (data) => get(byName.list_categorization_rules, {}, { data, subject: userId }),
        );
        const answer = post(byName.categorize_transactions, {
          rules: listedRules.data,
          overwrite,
          transactions: file.map((l) => ({
            date: l.date,
            amount: l.amount,
            currency: "EUR",
            description: l.description,
            ...(l.counterparty ? { counterparty: l.counterparty } : {}),
            ...(l.category ? { category: l.category } : {}),
            ...(l.kind ? { kind: l.kind } : {}),
            account: "Girokonto",
          })),
        });
        const page = await as(
          userId,
          (data) => get(byName.list_statement_transactions, { limit: 200 }, { data, subject: userId }),
        );
        const byAmount = new Map(page.data.map((t) => [t.amount, t]));
        const source = (s: string | null) => (s === "input" ? "file" : s);
        for (const [i, l] of file.entries()) {
          const t = answer.transactions[i]!;
          const s = byAmount.get(l.amount)!;
          expect([s.category, s.kind, s.category_source, s.category_rule_id, s.kind_source, s.kind_rule_id]).toEqual([
            t.category,
            t.kind,
            source(t.category_source),
            t.category_rule_id,
            source(t.kind_source),
            t.kind_rule_id,
          ]);
        }
        expect([report!.categorized_by_rule_count, report!.kind_set_by_rule_count]).toEqual([
          answer.totals.categorized_by_rule_count,
          answer.totals.kind_set_by_rule_count,
        ]);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
