import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { suggestCategories } from "./suggest-categories.ts";
import { suggestionGroups, type SuggestionTransaction } from "./suggestion-groups.ts";
import { suggestionId } from "./suggestion-id.ts";

const tx = (
  id: string,
  date: string,
  amountMinor: number,
  description: string,
  category?: string,
  extra: Partial<SuggestionTransaction> = {},
): SuggestionTransaction => ({ id, date, amountMinor, description, category, ...extra });

describe("suggestion ids", () => {
  it("are sg_ + the first 16 hex digits of SHA-256 over direction \\n key", () => {
    // Independent computation of the same digest.
    const expected = "sg_" + bytesToHex(sha256(utf8ToBytes("outflow\nnetflix com"))).slice(0, 16);
    expect(suggestionId("outflow", "netflix com")).toBe(expected);
    expect(suggestionId("outflow", "netflix com")).not.toBe(suggestionId("inflow", "netflix com"));
    expect(suggestionId("outflow", "netflix com")).toMatch(/^sg_[0-9a-f]{16}$/);
  });
});

describe("suggestions: 3 of the latest 5 (API.md §10.4)", () => {
  const from = "2026-03-01";
  const to = "2026-03-31";

  it("suggests the category that 3 of the latest 5 share, with evidence and a ready rule", () => {
    const txs = [
      tx("h1", "2026-01-05", -999, "SPOTIFY P1", "music"),
      tx("h2", "2026-01-20", -999, "Spotify p2", "fun"),
      tx("h3", "2026-02-05", -999, "SPOTIFY*P3", "music"),
      tx("h4", "2026-02-10", -999, "spotify", "music"), // key "spotify": another group
      tx("h5", "2026-02-20", -999, "SPOTIFY P4", "music"),
      tx("c1", "2026-03-05", -999, "SPOTIFY P5"),
      tx("c2", "2026-03-06", -999, "SPOTIFY P6", ""),
    ];
    expect(suggestCategories(suggestionGroups(txs, from, to))).toEqual([{
      key: "spotify p",
      direction: "outflow",
      category: "music",
      uncategorized_count: 2,
      evidence: { considered: 4, agreeing: 3, transaction_ids: ["h5", "h3", "h2", "h1"] },
      rule: {
        id: suggestionId("outflow", "spotify p"),
        name: "spotify p",
        enabled: true,
        match: "all",
        conditions: [
          { field: "text", op: "key_equals", value: "spotify p" },
          { field: "amount", op: "lt", value: "0" },
        ],
        set: { category: "music" },
      },
    }]);
  });

  it("considers only the latest 5: older agreement does not count", () => {
    const txs = [
      tx("o1", "2025-01-01", -100, "GYM", "sport"),
      tx("o2", "2025-02-01", -100, "GYM", "sport"),
      tx("o3", "2025-03-01", -100, "GYM", "sport"),
      tx("n1", "2025-04-01", -100, "GYM", "health"),
      tx("n2", "2025-05-01", -100, "GYM", "health"),
      tx("n3", "2025-06-01", -100, "GYM", "fitness"),
      tx("n4", "2025-07-01", -100, "GYM", "fitness"),
      tx("n5", "2025-08-01", -100, "GYM", "sport"),
      tx("c", "2026-03-10", -100, "GYM"),
    ];
    // Latest 5: n5 sport, n4 fitness, n3 fitness, n2 health, n1 health: no category reaches 3.
    expect(suggestCategories(suggestionGroups(txs, from, to))).toEqual([]);
    // One more "health" makes the latest 5: health, n5 sport, n4 fitness, n3 fitness, n2 health → still 2.
    const more = [...txs, tx("n6", "2025-09-01", -100, "GYM", "health")];
    expect(suggestCategories(suggestionGroups(more, from, to))).toEqual([]);
    // And another: n7 health, n6 health, n5 sport, n4 fitness, n3 fitness → health 2. Then n8 health → 3.
    const three = [
      ...more,
      tx("n7", "2025-10-01", -100, "GYM", "health"),
      tx("n8", "2025-11-01", -100, "GYM", "health"),
    ];
    const [s] = suggestCategories(suggestionGroups(three, from, to));
    expect(s?.category).toBe("health");
    expect(s?.evidence).toEqual({ considered: 5, agreeing: 3, transaction_ids: ["n8", "n7", "n6", "n5", "n4"] });
  });

  it("breaks date ties by input position, latest position first; ids only where given", () => {
    const txs = [
      tx("a", "2026-02-01", -100, "CAFE", "coffee"),
      tx("b", "2026-02-01", -100, "CAFE", "coffee"),
      tx("x", "2026-02-01", -100, "CAFE", "lunch"),
      { date: "2026-02-01", amountMinor: -100, description: "CAFE", category: "coffee" },
      tx("c", "2026-03-02", -100, "CAFE"),
    ];
    const [s] = suggestCategories(suggestionGroups(txs, from, to));
    expect(s?.evidence).toEqual({ considered: 4, agreeing: 3, transaction_ids: ["x", "b", "a"] });
  });

  it("case-sensitive categories: Music and music do not agree", () => {
    const txs = [
      tx("1", "2026-01-01", -1, "SHOP", "Music"),
      tx("2", "2026-01-02", -1, "SHOP", "music"),
      tx("3", "2026-01-03", -1, "SHOP", "music"),
      tx("4", "2026-03-03", -1, "SHOP"),
    ];
    expect(suggestCategories(suggestionGroups(txs, from, to))).toEqual([]);
  });

  it("keeps directions apart, leaves out transfers, zero amounts and empty keys, and reads the effective kind", () => {
    const txs = [
      tx("i1", "2026-01-01", 500, "ACME", "salary"),
      tx("i2", "2026-02-01", 500, "ACME", "salary"),
      tx("i3", "2026-02-15", 500, "ACME", "salary"),
      tx("o1", "2026-01-01", -500, "ACME", "refund"),
      tx("t1", "2026-01-02", -500, "ACME", "refund", { kind: "transfer" }),
      tx("c1", "2026-03-01", 500, "ACME"),
      tx("c2", "2026-03-01", -500, "ACME"),
      tx("c3", "2026-03-01", 0, "ACME"),
      tx("c4", "2026-03-01", -5, "1234 5678"),
      tx("c5", "2026-03-01", 500, "ACME", undefined, { kind: "transfer" }),
    ];
    const out = suggestCategories(suggestionGroups(txs, from, to));
    expect(out.map((s) => [s.key, s.direction, s.category, s.uncategorized_count])).toEqual([
      ["acme", "inflow", "salary", 1],
    ]);
    expect(out[0]?.rule.conditions[1]).toEqual({ field: "amount", op: "gt", value: "0" });
  });

  it("counts candidates only inside from…to, but history from any date of the input", () => {
    const txs = [
      tx("h1", "2026-04-10", -1, "BAR", "drinks"), // after `to`: still history on POST
      tx("h2", "2026-04-11", -1, "BAR", "drinks"),
      tx("h3", "2026-04-12", -1, "BAR", "drinks"),
      tx("c0", "2026-02-28", -1, "BAR"), // before `from`: not a candidate
      tx("c1", "2026-03-31", -1, "BAR"),
    ];
    const [s] = suggestCategories(suggestionGroups(txs, from, to));
    expect(s?.uncategorized_count).toBe(1);
  });

  it("orders by uncategorized_count desc, then key by code point, then outflow first", () => {
    const history = (key: string, amount: number) =>
      [1, 2, 3].map((d) => tx(`${key}${amount}${d}`, `2026-01-0${d}`, amount, key, "c"));
    const txs = [
      ...history("beta", -1),
      ...history("beta", 1),
      ...history("Zed", -1),
      ...history("alpha", -1),
      ...history("Ärger", -1),
      tx("c1", "2026-03-01", 1, "beta"),
      tx("c2", "2026-03-01", -1, "beta"),
      tx("c3", "2026-03-01", -1, "zed"),
      tx("c4", "2026-03-01", -1, "alpha"),
      tx("c5", "2026-03-02", -1, "alpha"),
      tx("c6", "2026-03-01", -1, "ärger"),
    ];
    expect(suggestCategories(suggestionGroups(txs, from, to)).map((s) => `${s.key}/${s.direction}`)).toEqual([
      "alpha/outflow",
      "beta/outflow",
      "beta/inflow",
      "zed/outflow",
      "ärger/outflow", // U+00E4 after "z"
    ]);
  });
});
