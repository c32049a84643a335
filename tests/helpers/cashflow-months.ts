/** A month of a CashflowReport (API.md §2) with no activity, as the e2e suites expect it (EUR, two decimals). */
export const zeroMonth = (month: number, cumulative: string) => ({
  month,
  income: "0.00",
  expenses: "0.00",
  net: "0.00",
  cumulative_net: cumulative,
  transaction_count: 0,
});
