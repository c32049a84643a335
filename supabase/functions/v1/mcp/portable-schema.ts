/**
 * `portableSchema(schema)`: a JSON Schema every MCP client reads, meaning the same under draft-07 and 2020-12.
 *
 * - No `$schema`: the MCP specification reads a schema without one as JSON Schema 2020-12, and a draft-07 URL
 *   would make a 2020-12 validator refuse it. The keywords left are common to both drafts.
 * - No `type` arrays: `type: ["string", "number"]` (zod's compact form of a union of bare types, and of
 *   `nullable`) is rejected or flagged by several MCP clients, so it becomes an `anyOf` with one branch per
 *   type; the keywords that constrain one type move into that type's branch (strict validators refuse a
 *   `minimum` beside a type that is not a number).
 *
 * Returns a new object; the input is not modified.
 */
type Json = Record<string, unknown>;

/** Keywords that apply to one JSON type only. */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: ["minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  array: ["items", "prefixItems", "additionalItems", "contains", "minItems", "maxItems", "uniqueItems"],
  object: ["properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties"]
    .concat("maxProperties"),
};

/** Keywords whose value is data (values, property names), not a schema: copied as they are. */
const DATA_KEYWORDS = new Set(["enum", "const", "examples", "example", "default"]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions"]);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function portable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(portable);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "$schema") continue;
    if (DATA_KEYWORDS.has(key)) out[key] = child;
    else if (SCHEMA_MAPS.has(key) && isObject(child)) {
      out[key] = Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, portable(schema)]));
    } else out[key] = portable(child);
  }
  return Array.isArray(out.type) ? splitTypes(out, out.type as string[]) : out;
}

/** `{ type: [a, b], ...rest }` as `{ anyOf: [{ type: a, ...a's keywords }, { type: b, ... }], ...shared }`. */
function splitTypes(schema: Json, types: readonly string[]): Json {
  const { type: _type, ...rest } = schema;
  const moved = new Set<string>();
  const branches = types.map((type) => {
    const branch: Json = { type };
    for (const keyword of TYPE_KEYWORDS[type] ?? []) {
      if (!(keyword in rest)) continue;
      branch[keyword] = rest[keyword];
      moved.add(keyword);
    }
    return branch;
  });
  const shared = Object.fromEntries(Object.entries(rest).filter(([key]) => !moved.has(key)));
  if (!Array.isArray(shared.anyOf)) return { ...shared, anyOf: branches };
  // Both a type list and an anyOf: two conditions that must both hold.
  const { anyOf, ...others } = shared;
  return { ...others, allOf: [{ anyOf }, { anyOf: branches }] };
}

export function portableSchema<T extends Json>(schema: T): T {
  return portable(schema) as T;
}
