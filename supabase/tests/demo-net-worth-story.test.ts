/**
 * The demo data's net-worth story (scripts/db/demo-data.ts, netWorthStory) holds for any end date: alice has a
 * checking account, a savings account and a credit card with a negative balance; one savings statement reports a
 * closing balance 1.50 too high; one savings statement is missing, so the next one opens 300.00 above the previous
 * closing balance. bob's credit card is negative too. Checked through the core operations (the AccountData
 * contract over the generated rows).
 */
import { describe, expect, it } from "vitest";
import { createOperations } from "../../packages/core/src/operations/index.ts";
import { InMemoryAccountData } from "../../packages/core/src/testing/in-memory-account-data.ts";
import { get } from "../../packages/core/src/testing/run.ts";
import { DEMO_USERS, generateDemoData } from "../../scripts/db/demo-data.ts";

const { byName } = createOperations();
const END_DATES = ["2026-11-30", "2026-12-01", "2028-02-29", "2025-07-15"];

describe.each(END_DATES)("the net-worth story ending %s", (endDate) => {
  const data = generateDemoData({ endDate });
  const contract = (userId: string) =>
    new InMemoryAccountData({
      profile: { default_currency: null, timezone: "UTC", today: endDate },
      imports: data.statement_imports.filter((i) => i.user_id === userId).map(({ user_id: _, ...i }) => i),
      transactions: data.statement_transactions.filter((t) => t.user_id === userId).map(({ user_id: _, ...t }) => t),
    });
  const ctx = (userId: string) => ({ data: contract(userId), subject: userId });

  it("alice: checking, savings, a negative credit card, one statement off by 1.50 and one gap of 300.00", async () => {
    const accounts = await get(byName.list_accounts, {}, ctx(DEMO_USERS.alice.id));
    expect(accounts.accounts.map((a) => [a.account_name, a.currency])).toEqual([
      ["Girokonto", "EUR"],
      ["Haushaltskonto", "EUR"], // the recurring-streams story's household account
      ["Kreditkarte", "EUR"],
      ["Sparkonto CHF", "CHF"], // the currency-conversion demo's franc account (scripts/db/demo-currencies.ts)
      ["Tagesgeld", "EUR"],
      ["USD Travel Card", "USD"],
    ]);
    const byAccount = new Map(accounts.accounts.map((a) => [a.account_name, a]));
    expect(Number(byAccount.get("Kreditkarte")!.balance), "The credit card is in debt").toBeLessThan(0);
    expect(Number(byAccount.get("Tagesgeld")!.balance)).toBeGreaterThan(0);
    expect(byAccount.get("Tagesgeld")!.reconciled, "The latest savings statement adds up").toBe(true);

    // Every statement is listed whatever the window.
    const netWorth = await get(byName.get_net_worth, { currency: "EUR", to: endDate }, ctx(DEMO_USERS.alice.id));
    const savings = netWorth.accounts.find((a) => a.account_name === "Tagesgeld")!;
    expect(savings.statements).toHaveLength(23); // 24 months, one never imported
    expect(savings.statements.filter((s) => s.difference !== "0.00").map((s) => s.difference)).toEqual(["1.50"]);
    // The statement after the one that is off opens at the true balance: −1.50 against the reported closing. The
    // statement after the gap opens 300.00 (the missing month's transfer) above the previous closing.
    expect(savings.statements.map((s) => s.continuity_difference).filter((d) => d !== null && d !== "0.00"))
      .toEqual(["-1.50", "300.00"]);
  });

  it("bob: checking, brokerage cash and a credit card with a negative balance", async () => {
    const accounts = await get(byName.list_accounts, { currency: "usd" }, ctx(DEMO_USERS.bob.id));
    expect(accounts.accounts.map((a) => a.account_name)).toEqual([
      "Brokerage Cash", // the MT940 account of the statement-import demo (issue 17)
      "Everyday Checking",
      "Visa Signature",
    ]);
    expect(Number(accounts.accounts.find((a) => a.account_name === "Visa Signature")!.balance)).toBeLessThan(0);
    expect(accounts.accounts.every((a) => a.reconciled === true && a.balance_date === endDate)).toBe(true);
  });
});
