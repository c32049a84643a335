/**
 * Parses statement XML (CAMT.053, OFX 2.x, and OFX 1.x after sgml-to-xml) with fast-xml-parser, refusing what a
 * statement never needs and an attacker would: a DOCTYPE (so no entity declarations, no "billion laughs", no
 * external entities or DTDs: XXE) and processing instructions other than the XML and OFX declarations. Only the
 * five predefined entities and character references are decoded. Nesting is bounded.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { LIMITS } from "../limits.ts";
import { UnreadableFileError } from "../types.ts";

export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** Parsed XML as nested objects (repeated elements become arrays); throws UnreadableFileError when refused. */
export function parseXml(text: string): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new UnreadableFileError("the file declares a DOCTYPE or entities, which statement files never need: refused");
  }
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 60) continue; // '<'
    const next = text.charCodeAt(i + 1);
    if (next === 47) depth--; // '</'
    else if (next !== 33 && next !== 63) {
      const close = text.indexOf(">", i);
      if (close > 0 && text.charCodeAt(close - 1) !== 47) depth++;
      if (depth > max) max = depth;
      if (max > LIMITS.maxXmlDepth) throw new UnreadableFileError("the XML is nested too deeply");
    }
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new UnreadableFileError(`the XML is not well-formed (line ${valid.err.line}: ${valid.err.msg})`);
  }
  return parser.parse(text) as XmlNode;
}

/** The child elements named `name` of `node`, always as an array. */
export function children(node: XmlValue | undefined, name: string): XmlValue[] {
  if (node === undefined || typeof node === "string" || Array.isArray(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The first element at `path` below `node`. */
export function at(node: XmlValue | undefined, ...path: string[]): XmlValue | undefined {
  let current: XmlValue | undefined = node;
  for (const name of path) current = children(current, name)[0];
  return current;
}

/** The text of the element at `path` (its `#text` when it has attributes); null when absent or empty. */
export function textAt(node: XmlValue | undefined, ...path: string[]): string | null {
  const value = at(node, ...path);
  if (value === undefined) return null;
  if (typeof value === "string") return value.length ? value : null;
  if (Array.isArray(value)) return null;
  const text = value["#text"];
  return typeof text === "string" && text.length ? text : null;
}

/** An attribute of the element at `path`. */
export function attrAt(node: XmlValue | undefined, attr: string, ...path: string[]): string | null {
  const value = at(node, ...path);
  if (value === undefined || typeof value === "string" || Array.isArray(value)) return null;
  const a = value[`@${attr}`];
  return typeof a === "string" ? a : null;
}
