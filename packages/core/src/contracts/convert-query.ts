/**
 * The query parameters of the converted GET reports (API.md §11.3, §11.4): `convert` (`true` or `false`, else 422;
 * a boolean on MCP) and `max_rate_age_days` (a whole number 0–31, default 7). They read the stored exchange rates.
 */
import { z } from "zod";
import { DEFAULT_MAX_RATE_AGE_DAYS, MAX_MAX_RATE_AGE_DAYS } from "../conversion/rate.ts";
import { doc, queryInteger } from "./primitives.ts";

export function convertQueryFields() {
  return {
    convert: doc(
      z.union([z.boolean(), z.enum(["true", "false"])], { error: "must be true or false." })
        .transform((v) => v === true || v === "true"),
      "`true`: convert data in other currencies into the report currency with the stored exchange rates; " +
        "`false` (the default): report one currency only, as without conversion. Only `true` or `false` (else 422).",
      [true],
    ).optional(),
    max_rate_age_days: queryInteger(
      0,
      MAX_MAX_RATE_AGE_DAYS,
      "Only with `convert=true`: the oldest usable rate, in days before the converted date (default " +
        `${DEFAULT_MAX_RATE_AGE_DAYS}; ECB rates skip weekends and holidays, up to 4 days in a row).`,
      [7],
    ).optional(),
  };
}
