// The body of POST /v1/analytics/categorize for post_categorize_50k_vs_parse: 50,000 bank-statement-like
// transactions (descriptions with card references, so most are distinct; half with a counterparty; two accounts;
// several currencies) and 100 one-condition rules (the work bound: 50,000 × 100 conditions = 5,000,000) with mixed
// operators, 10 of them regular expressions. Deterministic (seeded).
import { prng } from "./payload.mjs";

const MERCHANTS = [
  "Tesco",
  "Sainsbury's",
  "Aldi",
  "Lidl",
  "Rewe",
  "Edeka",
  "Carrefour",
  "Monoprix",
  "Shell",
  "BP",
  "Esso",
  "Uber",
  "Bolt",
  "Deutsche Bahn",
  "SNCF",
  "Ryanair",
  "Netflix",
  "Spotify",
  "Apple.com/bill",
  "Amazon Mktp",
  "Zalando",
  "H&M",
  "IKEA",
  "Decathlon",
  "Boots",
  "dm-drogerie",
  "Starbucks",
  "Pret A Manger",
  "McDonald's",
  "Deliveroo",
  "Vodafone",
  "Telekom",
  "EDF",
  "E.ON",
  "Thames Water",
  "Allianz",
  "AXA",
  "Gym Group",
  "Urban Sports",
  "Steam",
];
const PREFIXES = ["CARD", "DD", "SEPA", "POS", "NFC", "WEB"];
const CURRENCIES = [["EUR", 2], ["EUR", 2], ["EUR", 2], ["GBP", 2], ["JPY", 0]];

export function categorizeTransactions(count, seed = 25) {
  const rnd = prng(seed);
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const merchant = MERCHANTS[Math.floor(rnd() * MERCHANTS.length)];
    const [currency, scale] = CURRENCIES[Math.floor(rnd() * CURRENCIES.length)];
    const cents = 100 + Math.floor(rnd() * 30000);
    const incoming = rnd() < 0.1;
    const magnitude = scale === 0 ? String(cents) : (cents / 100).toFixed(2);
    const month = String(1 + Math.floor(rnd() * 12)).padStart(2, "0");
    const day = String(1 + Math.floor(rnd() * 28)).padStart(2, "0");
    const tx = {
      date: `2025-${month}-${day}`,
      amount: incoming ? magnitude : `-${magnitude}`,
      description: `${PREFIXES[Math.floor(rnd() * PREFIXES.length)]} ${merchant.toUpperCase()} ${
        Math.floor(rnd() * 1e6)
      }`,
    };
    if (currency !== "EUR") tx.currency = currency;
    if (rnd() < 0.4) tx.counterparty = merchant;
    if (rnd() < 0.3) tx.account = "Card";
    if (rnd() < 0.05) tx.category = "manual";
    out[i] = tx;
  }
  return out;
}

/** 100 rules of one condition each, mixed operators; 10 `matches`. */
export function categorizeRules() {
  const rules = [];
  const add = (field, op, value, set) =>
    rules.push({ id: `r${rules.length}`, conditions: [{ field, op, value }], set });
  const cat = (c) => ({ category: c });
  for (let i = 0; i < 20; i++) {
    const m = MERCHANTS.slice((i * 2) % MERCHANTS.length, ((i * 2) % MERCHANTS.length) + 3);
    add("text", "one_of", m, cat(`group ${i}`));
  }
  for (let i = 0; i < 20; i++) add("description", "contains", MERCHANTS[i].toLowerCase(), cat(`contains ${i}`));
  for (let i = 0; i < 10; i++) add("description", "starts_with", PREFIXES[i % PREFIXES.length], cat(`prefix ${i}`));
  for (let i = 0; i < 5; i++) add("description", "ends_with", `${i}${i}`, cat(`suffix ${i}`));
  for (let i = 0; i < 5; i++) add("counterparty", "equals", MERCHANTS[20 + i], cat(`equals ${i}`));
  for (let i = 0; i < 10; i++) {
    add("text", "key_equals", MERCHANTS[10 + i].toLowerCase().replace(/[^a-z]+/g, " ").trim(), cat(`key ${i}`));
  }
  add("amount", "gt", "0", { kind: "income" });
  add("amount", "lt", "-250", cat("large"));
  add("amount", "between", ["-10", "-0.01"], cat("small"));
  add("amount", "lte", "-100.005", cat("lte"));
  add("amount", "gte", "200", cat("gte"));
  add("amount", "eq", "-12.34", cat("exact"));
  for (let i = 0; i < 4; i++) {
    add("account", i % 2 ? "equals" : "one_of", i % 2 ? "card" : ["Savings", "Joint"], { kind: "expense" });
  }
  for (let i = 0; i < 10; i++) add("text", "contains", MERCHANTS[30 + i].slice(0, 4), cat(`fragment ${i}`));
  const patterns = [
    ["description", "^(card|pos) (tesco|aldi|lidl)\\b"],
    ["description", "\\b(uber|bolt)\\b.*\\d{6}$"],
    ["description", " 1\\d{5}$"],
    ["description", "^sepa (vodafone|telekom|edf)"],
    ["description", "(netflix|spotify|apple\\.com/bill)"],
    ["text", "^deutsche bahn|^sncf|ryanair"],
    ["text", "gym|sports"],
    ["text", "^(h&m|zalando|ikea)$"],
    ["text", "mc ?donald'?s|starbucks|pret"],
    ["text", "e\\.?on|thames water"],
  ];
  for (const [field, value] of patterns) add(field, "matches", value, cat(`pattern ${rules.length}`));
  if (rules.length !== 100) throw new Error(`expected 100 rules, made ${rules.length}`);
  return rules;
}

export function categorizeBody(count = 50000) {
  return JSON.stringify({ rules: categorizeRules(), transactions: categorizeTransactions(count) });
}
