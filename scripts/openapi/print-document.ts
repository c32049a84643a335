/** Prints the function's `/v1/openapi.json` (built in process, see document.ts) to stdout. */
import { openApiDocumentText } from "./document.ts";

await Deno.stdout.write(new TextEncoder().encode(await openApiDocumentText()));
