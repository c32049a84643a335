/** Suggested rule ids (API.md §10.4): `sg_` + the first 16 hex digits of SHA-256 over `direction \n key` (UTF-8). */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export function suggestionId(direction: "inflow" | "outflow", key: string): string {
  return "sg_" + bytesToHex(sha256(utf8ToBytes(`${direction}\n${key}`))).slice(0, 16);
}
