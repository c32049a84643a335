import type { z } from "zod";
import { DATE_PATTERN_SOURCE } from "./date-pattern.ts";
import { jsonPointer } from "./json-pointer.ts";
import type { ErrorItem, ErrorItemCode } from "./problem.ts";
import { MAX_REPORTED_ERRORS, ValidationError } from "./validation-error.ts";

/** The regex source that marks a calendar-date field (date-pattern.ts), exported here as before. */
export { DATE_PATTERN_SOURCE };

type Issue = z.core.$ZodIssue;

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return { found: false, value: undefined };
    if (!Object.prototype.hasOwnProperty.call(current, key)) return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

function isMissing(issue: Issue, root: unknown, hasRoot: boolean): boolean {
  if (hasRoot) return !valueAt(root, issue.path).found;
  return issue.message.endsWith("received undefined");
}

function expectedName(expected: string): string {
  switch (expected) {
    case "int":
      return "an integer";
    case "number":
      return "a number";
    case "string":
      return "a string";
    case "array":
      return "an array";
    case "object":
      return "an object";
    case "boolean":
      return "a boolean";
    default:
      return expected;
  }
}

/**
 * Converts a zod error into a ValidationError whose items carry JSON pointers (location `body`) or query
 * parameter names (location `query`). Pass the parsed input as `input` so that missing values are reported as
 * `required` reliably.
 */
export function problemFromZodError(
  error: z.ZodError,
  location: "body" | "query",
  ...input: [unknown] | []
): ValidationError {
  const hasRoot = input.length > 0;
  const root = input[0];
  const items: ErrorItem[] = [];
  let total = 0;
  // zod may still run length checks on a value of the wrong type ("expected string" and "too short" for an
  // array); once a value has the wrong type or is missing, that is the only thing reported about it.
  const wrongType = new Set<string>();
  for (const issue of error.issues) {
    if (items.length >= MAX_REPORTED_ERRORS) {
      // Past the cap nothing more is built (no pointers, no messages, no lookups in the input): only counted.
      total += issue.code === "unrecognized_keys"
        ? issue.keys.length
        : wrongType.has(whereOf(location, issue.path))
        ? 0
        : 1;
      continue;
    }
    for (const item of mapIssue(issue, location, root, hasRoot)) {
      const where = item.pointer ?? item.parameter ?? "";
      if (wrongType.has(where)) continue;
      if (item.code === "invalid_type" || item.code === "required") wrongType.add(where);
      total++;
      if (items.length < MAX_REPORTED_ERRORS) items.push(item);
    }
  }
  return new ValidationError(items, undefined, total);
}

/** The key `wrongType` holds for a path: its pointer, or its query parameter's name. */
function whereOf(location: "body" | "query", path: readonly PropertyKey[]): string {
  return location === "query" ? (path.length ? String(path[0]) : "") : jsonPointer(path);
}

function place(location: "body" | "query", path: readonly PropertyKey[]): { pointer: string } | { parameter: string } {
  if (location === "query") return { parameter: path.length ? String(path[0]) : "" };
  return { pointer: jsonPointer(path) };
}

function nameOf(location: "body" | "query", path: readonly PropertyKey[]): string {
  if (path.length === 0) return location === "query" ? "The query" : "The body";
  if (location === "query") return `Parameter \`${String(path[0])}\``;
  return `\`${jsonPointer(path)}\``;
}

function mapIssue(issue: Issue, location: "body" | "query", root: unknown, hasRoot: boolean): ErrorItem[] {
  const where = place(location, issue.path);
  const name = nameOf(location, issue.path);
  const item = (code: ErrorItemCode, message: string): ErrorItem[] => [{ ...where, code, message }];
  const actual = hasRoot ? valueAt(root, issue.path).value : (issue as { input?: unknown }).input;
  switch (issue.code) {
    case "invalid_type":
      if (isMissing(issue, root, hasRoot)) return item("required", `${name} is required.`);
      return item("invalid_type", `${name} must be ${expectedName(issue.expected)}, not ${typeName(actual)}.`);
    case "invalid_union": {
      if (isMissing(issue, root, hasRoot)) return item("required", `${name} is required.`);
      const custom = issue.message !== "Invalid input" ? issue.message : undefined;
      const code: ErrorItemCode = typeof actual === "string" || typeof actual === "number"
        ? "invalid_format"
        : "invalid_type";
      return item(code, custom ? `${name} ${custom}` : `${name} has the wrong type or format.`);
    }
    case "too_big": {
      const max = String(issue.maximum);
      if (issue.origin === "array") {
        const n = Array.isArray(actual) ? `${actual.length} items` : "too many items";
        return item("too_many_items", `${name} has ${n}; at most ${max} are allowed.`);
      }
      if (issue.origin === "string") return item("too_long", `${name} is longer than ${max} characters.`);
      return item("out_of_range", `${name} must be at most ${max}.`);
    }
    case "too_small": {
      const min = String(issue.minimum);
      if (issue.origin === "string") {
        return item(
          "too_short",
          min === "1" ? `${name} must not be empty.` : `${name} is shorter than ${min} characters.`,
        );
      }
      if (issue.origin === "array") return item("too_short", `${name} must have at least ${min} items.`);
      return item("out_of_range", `${name} must be at least ${min}.`);
    }
    case "invalid_format": {
      const pattern = (issue as { pattern?: string }).pattern;
      if (pattern !== undefined && pattern.includes(DATE_PATTERN_SOURCE)) {
        return item("invalid_date", `${name} must be a calendar date written as YYYY-MM-DD.`);
      }
      if (issue.message && !issue.message.startsWith("Invalid string")) {
        return item("invalid_format", `${name} ${issue.message}`);
      }
      return item("invalid_format", `${name} has an invalid format.`);
    }
    case "invalid_value": {
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(", ");
      return item("invalid_value", `${name} must be one of ${allowed}.`);
    }
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        ...place(location, [...issue.path, key]),
        code: "unknown_field" as const,
        message: `${nameOf(location, [...issue.path, key])} is not a field of this ${
          location === "query" ? "endpoint" : "object"
        }; check its spelling.`,
      }));
    case "custom": {
      const code = (issue.params as { code?: ErrorItemCode } | undefined)?.code ?? "invalid_value";
      return item(code, `${name} ${issue.message}`);
    }
    default:
      return item("invalid_value", `${name} is invalid: ${issue.message}`);
  }
}
