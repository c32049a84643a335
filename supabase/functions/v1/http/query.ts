/**
 * Query strings to plain objects for zod. Decisions (documented in the OpenAPI description):
 * - a parameter the operation does not define is refused with 422 (`unknown_field`, with the parameter's name), so a typo such as
 *   `?curency=EUR` never silently falls back to a default;
 * - a parameter given twice is refused with 422 (`duplicate`); no operation takes a list;
 * - an empty value (`?currency=`) is passed on as an empty string, which the schema rejects; it never means
 *   "use the default";
 * - a name or value whose percent-encoding is not UTF-8 (`%FF`, `%ED%A0%80`, a cut `%E0%A4%A`) is refused with 422
 *   (`invalid_format`): URLSearchParams would silently turn it into U+FFFD, as a body's invalid UTF-8 is a 400;
 * - one exception: `forceFunctionRegion`, which supabase-js appends to every `functions.invoke` URL when a region
 *   is configured (in `createClient` or `invoke`), is accepted and ignored on every route, whatever its value and
 *   however often it is given. The name is matched exactly (case-sensitive); nothing else is ignored.
 */
import { MAX_REPORTED_ERRORS } from "@pfa/core/problem/validation-error.ts";
import type { ProblemItem } from "./problem.ts";

export interface QueryResult {
  readonly values: Record<string, string>;
  /** The first MAX_REPORTED_ERRORS problems. */
  readonly errors: ProblemItem[];
  /** How many problems there are in all (unknown or repeated parameters, each counted once). */
  readonly total: number;
}

/** Query parameters accepted and ignored on every route: supabase-js's region routing hint. */
export const IGNORED_QUERY_PARAMETERS: ReadonlySet<string> = new Set(["forceFunctionRegion"]);

export function readQuery(url: URL, allowed: ReadonlySet<string>): QueryResult {
  const values: Record<string, string> = {};
  const errors: ProblemItem[] = [];
  let total = 0;
  const seen = new Set<string>();
  const reported = new Set<string>();
  let known: string | undefined;
  const broken = url.search.includes("%") ? undecodable(url.search) : undefined;
  for (const [name, value] of url.searchParams) {
    if (IGNORED_QUERY_PARAMETERS.has(name)) continue;
    if (broken?.has(name) && !seen.has(name)) {
      seen.add(name);
      total++;
      if (errors.length < MAX_REPORTED_ERRORS) {
        errors.push({
          parameter: name,
          code: "invalid_format",
          message: "The parameter is not valid percent-encoded UTF-8 (a byte sequence that is no character).",
        });
      }
      continue;
    }
    if (!allowed.has(name)) {
      if (!seen.has(name)) {
        total++;
        if (errors.length < MAX_REPORTED_ERRORS) {
          known ??= [...allowed].join(", ") || "none";
          errors.push({
            parameter: name,
            code: "unknown_field",
            message: `Unknown query parameter; this operation accepts: ${known}.`,
          });
        }
      }
    } else if (seen.has(name)) {
      if (!reported.has(name)) {
        reported.add(name);
        total++;
        if (errors.length < MAX_REPORTED_ERRORS) {
          errors.push({ parameter: name, code: "duplicate", message: "The parameter is given more than once." });
        }
      }
    } else {
      values[name] = value;
    }
    seen.add(name);
  }
  return { values, errors, total };
}

/** Names (as URLSearchParams decodes them) of the pairs whose name or value is not valid percent-encoded UTF-8. */
function undecodable(search: string): Set<string> {
  const names = new Set<string>();
  for (const pair of search.slice(1).split("&")) {
    if (!pair.includes("%")) continue;
    const at = pair.indexOf("=");
    const rawName = at === -1 ? pair : pair.slice(0, at);
    const rawValue = at === -1 ? "" : pair.slice(at + 1);
    try {
      decodeURIComponent(rawName.replaceAll("+", " "));
      decodeURIComponent(rawValue.replaceAll("+", " "));
    } catch {
      names.add(new URLSearchParams(`${rawName}=`).keys().next().value ?? rawName);
    }
  }
  return names;
}
