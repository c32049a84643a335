// Calling the API with supabase-js from Node.js 22 or later (supabase-js 2.119's createClient needs Node 22's
// native WebSocket; on Node 20 it throws "Node.js detected but native WebSocket not found").
//
//   Local (npm start):  SUPABASE_URL=http://127.0.0.1:54321 ACCESS_TOKEN=$(npm run -s token -- alice@example.com) \
//                         node examples/supabase-js.mjs
//   Hosted:             SUPABASE_URL=https://<project-ref>.supabase.co SUPABASE_ANON_KEY=<anon key> \
//                         ACCESS_TOKEN=<a signed-in user's access token> node examples/supabase-js.mjs
import process from "node:process";
import { createClient } from "@supabase/supabase-js";

const supabase = createClient(process.env.SUPABASE_URL, process.env.SUPABASE_ANON_KEY ?? "local-anon-key", {
  // In an app, sign in with supabase.auth instead: supabase-js then sends the session's access token by itself.
  global: { headers: { Authorization: `Bearer ${process.env.ACCESS_TOKEN}` } },
});

// A calculation: POST, the body as an object (a string body is sent as text/plain and gets 415).
const cashflow = await supabase.functions.invoke("v1/analytics/cashflow", {
  body: {
    currency: "EUR",
    year: 2026,
    transactions: [
      { date: "2026-01-15", amount: "2500.00", category: "Salary" },
      { date: "2026-01-20", amount: "-950.00", category: "Rent" },
    ],
  },
});
if (cashflow.error) throw cashflow.error;
console.log(JSON.stringify(cashflow.data.months[0])); // January: income "2500.00", expenses "950.00", net "1550.00"

// Your own data: GET, with the query string in the name. Defaults: your currency, this month in your time zone.
const budget = await supabase.functions.invoke("v1/me/budget/summary", { method: "GET" });
if (budget.error) throw budget.error;
const { currency, year, month, budgeted, spent } = budget.data;
console.log(JSON.stringify({ currency, year, month, budgeted, spent }));
