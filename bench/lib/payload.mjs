// Deterministic request bodies for the calculation benchmarks. Plain JavaScript so that both the Node
// orchestrator and the Deno bench scripts import the very same generator.

const CATEGORIES = [
  "groceries",
  "rent",
  "transport",
  "dining",
  "utilities",
  "health",
  "entertainment",
  "travel",
  "clothing",
  "education",
  null,
];
const DESCRIPTIONS = ["Card payment", "Direct debit", "Transfer", "Salary", "Refund", "Cash withdrawal"];

/** Mulberry32: small, fast, deterministic PRNG. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pad(n) {
  return n < 10 ? `0${n}` : `${n}`;
}

/** `count` realistic transactions of one year (EUR, 2 decimals): mostly expenses (kind
 * inferred from the sign), salaries, transfers and refunds; half carry a description. 50,000 of them are ~4 MB. */
export function transactions(count, { seed = 42, year = 2025 } = {}) {
  const rnd = prng(seed);
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    const month = 1 + Math.floor(rnd() * 12);
    const day = 1 + Math.floor(rnd() * 28);
    const r = rnd();
    const tx = { date: `${year}-${pad(month)}-${pad(day)}` };
    if (r < 0.08) {
      const cents = 150000 + Math.floor(rnd() * 300000);
      tx.amount = (cents / 100).toFixed(2);
      tx.kind = "income";
      tx.category = "salary";
    } else if (r < 0.12) {
      const cents = 1000 + Math.floor(rnd() * 50000);
      tx.amount = (-(cents / 100)).toFixed(2);
      tx.kind = "transfer";
    } else {
      const cents = 100 + Math.floor(rnd() * 20000);
      const refund = rnd() < 0.02;
      tx.amount = ((refund ? 1 : -1) * (cents / 100)).toFixed(2);
      if (refund) tx.kind = "expense";
      tx.category = CATEGORIES[Math.floor(rnd() * CATEGORIES.length)];
    }
    if (rnd() < 0.5) tx.description = DESCRIPTIONS[Math.floor(rnd() * DESCRIPTIONS.length)];
    out[i] = tx;
  }
  return out;
}

/** The JSON body of POST /v1/analytics/cashflow with `count` transactions. */
export function cashflowBody(count, opts = {}) {
  return JSON.stringify({ currency: "EUR", year: opts.year ?? 2025, transactions: transactions(count, opts) });
}
