/** Path helpers from node:path/node:url (no @std in this environment). */
export { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export function fromFileUrl(url: URL): string {
  return fileURLToPath(url);
}
