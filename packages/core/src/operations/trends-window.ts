import { monthStart } from "../calendar/months.ts";
import { ValidationError } from "../problem/validation-error.ts";

/**
 * First day of the first month of a trends window (`months` months ending with `year`/`month`); 422
 * `out_of_range` on the `months` field (`/months` pointer on POST, `months` parameter on GET) when the window would
 * start before year 0001.
 */
export function trendsWindowStart(year: number, month: number, months: number, on: "body" | "query"): string {
  const first = year * 12 + month - months;
  if (first < 12) {
    const ending = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
    const message = `The ${months}-month window ending ${ending} would start before ` +
      "year 0001; ask for fewer months.";
    throw new ValidationError([
      on === "body"
        ? { pointer: "/months", code: "out_of_range", message: `\`/months\`: ${message}` }
        : { parameter: "months", code: "out_of_range", message: `Parameter \`months\`: ${message}` },
    ]);
  }
  const startYear = Math.floor(first / 12);
  return monthStart(startYear, first - startYear * 12 + 1);
}
