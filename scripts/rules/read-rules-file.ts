/**
 * A rules file (API.md §10.3): a JSON array of rules shaped as on POST /v1/analytics/categorize, read exactly as a
 * request body (exponents, over-long numbers and duplicate keys refused with their pointer) and validated with the
 * same schema as POST `rules` (@pfa/core validateRules). Every problem comes back with its JSON pointer.
 */
import { readFileSync } from "node:fs";
import { parseJsonBody, type Rule, validateRules } from "@pfa/core";

export interface RulesFileProblem {
  readonly pointer: string;
  readonly code: string;
  readonly message: string;
}

export type RulesFile = { ok: true; rules: Rule[] } | { ok: false; problems: RulesFileProblem[] };

export function readRulesFile(path: string): RulesFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return { ok: false, problems: [{ pointer: "", code: "unreadable", message: (error as Error).message }] };
  }
  let json: unknown;
  try {
    json = parseJsonBody(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const items = (error as { errors?: { pointer?: string; code: string; message: string }[] }).errors;
    if (items) return { ok: false, problems: items.map((e) => ({ ...e, pointer: e.pointer ?? "" })) };
    return { ok: false, problems: [{ pointer: "", code: "invalid_json", message: (error as Error).message }] };
  }
  const checked = validateRules(json);
  return checked.ok ? { ok: true, rules: checked.rules } : { ok: false, problems: checked.errors };
}
