/**
 * The `from`…`to` checks of a net-worth series (API.md §9.6): `from` after `to` is 422 `invalid_range`; a span
 * longer than NET_WORTH_MAX_MONTHS months is 422 `out_of_range`. `where` names body pointers or query parameters.
 */
import { addMonths } from "../calendar/months.ts";
import { NET_WORTH_MAX_MONTHS } from "../contracts/limits.ts";
import type { ErrorItem } from "../problem/problem.ts";
import { ValidationError } from "../problem/validation-error.ts";

export function checkNetWorthRange(from: string, to: string, where: "body" | "query", toDefaulted = false): void {
  const at = (field: "from" | "to"): Pick<ErrorItem, "pointer" | "parameter"> =>
    where === "body" ? { pointer: `/${field}` } : { parameter: field };
  const name = (field: string) => (where === "body" ? `\`/${field}\`` : `Parameter \`${field}\``);
  if (to < from) {
    throw new ValidationError([{
      ...at(toDefaulted ? "from" : "to"),
      code: "invalid_range",
      message: toDefaulted
        ? `${name("from")} (${from}) is after today (${to}), the default \`to\`.`
        : `${name("to")} (${to}) is before \`from\` (${from}).`,
    }]);
  }
  const limit = addMonths(from, NET_WORTH_MAX_MONTHS);
  if (limit !== undefined && to > limit) {
    throw new ValidationError([{
      ...at("to"),
      code: "out_of_range",
      message: `${name("to")} (${to}) is more than ${NET_WORTH_MAX_MONTHS / 12} years after \`from\` (${from}); ` +
        `the latest allowed is ${limit}.`,
    }]);
  }
}
