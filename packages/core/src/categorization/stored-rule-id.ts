/**
 * Stored rule ids (API.md §10.1): the UUID v5 (RFC 9562 §5.5) of the rule's `id` in the namespace of the user's
 * UUID, so re-setting a list keeps the ids of the rules whose `id` stays. SHA-1 is computed in the core (sha1.ts):
 * runtime-agnostic, synchronous, and no package on the function's start-up path.
 */
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { sha1 } from "./sha1.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** UUID v5 of `name` (UTF-8) in `namespace` (a UUID, any case). Throws on a namespace that is not a UUID. */
export function uuidV5(namespace: string, name: string): string {
  if (!UUID.test(namespace)) throw new TypeError(`uuidV5: namespace "${namespace}" is not a UUID`);
  const hex = namespace.replaceAll("-", "").toLowerCase();
  const nameBytes = utf8ToBytes(name);
  const input = new Uint8Array(16 + nameBytes.length);
  for (let i = 0; i < 16; i++) input[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  input.set(nameBytes, 16);
  const hash = sha1(input).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // variant 10 (RFC 9562)
  const h = bytesToHex(hash);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The stored UUID of rule `ruleId` of the user `userId` (a UUID). */
export function storedRuleId(userId: string, ruleId: string): string {
  return uuidV5(userId, ruleId);
}
