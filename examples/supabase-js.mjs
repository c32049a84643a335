// Calling the API with supabase-js from Node.js 22 or later (supabase-js 2.119's createClient needs Node 22's
// native WebSocket; on Node 20 this example says so in one line and exits 1).
//
//   Local (npm start):  SUPABASE_URL=http://127.0.0.1:54321 ACCESS_TOKEN=$(npm run -s token -- alice@example.com) \
//                         node examples/supabase-js.mjs
//   Hosted:             SUPABASE_URL=https://<project-ref>.supabase.co SUPABASE_ANON_KEY=<anon key> \
//                         ACCESS_TOKEN=<a signed-in user's access token> node examples/supabase-js.mjs
// Without ACCESS_TOKEN nobody is signed in: the calculation works, the account call gets a 401 "Sign in first: …".
import process from "node:process";

// Before supabase-js is loaded: on Node 20 its createClient would throw a stack trace about WebSocket.
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(
    `examples/supabase-js.mjs needs Node.js 22 or later (supabase-js needs its native WebSocket); this is Node ${process.version}.`,
  );
  process.exit(1);
}
const { createClient } = await import("@supabase/supabase-js");

const token = process.env.ACCESS_TOKEN;
const supabase = createClient(process.env.SUPABASE_URL, process.env.SUPABASE_ANON_KEY ?? "local-anon-key", {
  // In an app, sign in with supabase.auth instead: supabase-js then sends the session's access token by itself.
  global: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
});

// The data of a call, or an Error with the API's problem (RFC 9457): on a 4xx or 5xx, supabase-js returns a
// FunctionsHttpError whose `context` is the Response.
async function unwrap({ data, error }) {
  if (!error) return data;
  const problem = error.context instanceof Response ? await error.context.json() : undefined;
  throw new Error(problem ? `${problem.status} ${problem.code}: ${problem.detail}` : error.message);
}

// A calculation: POST, the body as an object (a string body is sent as text/plain and gets 415).
const cashflow = await unwrap(
  await supabase.functions.invoke("v1/analytics/cashflow", {
    body: {
      currency: "EUR",
      year: 2026,
      transactions: [
        { date: "2026-01-15", amount: "2500.00", category: "Salary" },
        { date: "2026-01-20", amount: "-950.00", category: "Rent" },
      ],
    },
  }),
);
console.log(JSON.stringify(cashflow.months[0])); // January: income "2500.00", expenses "950.00", net "1550.00"

// Your own data: GET, with the query string in the name. Defaults: your currency, this month in your time zone.
const budget = await unwrap(await supabase.functions.invoke("v1/me/budget/summary", { method: "GET" }));
const { currency, year, month, budgeted, spent } = budget;
console.log(JSON.stringify({ currency, year, month, budgeted, spent }));
