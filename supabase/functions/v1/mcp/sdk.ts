/**
 * The MCP SDK modules this project uses, re-exported from one place. The SDK publishes its deep modules
 * (`types.js`, `server/webStandardStreamableHttp.js`, ...) through a `./*` export whose `types` condition Deno
 * cannot resolve, so each import names its declaration file with `@ts-types`; everything else imports from here.
 */
// @ts-types="../../../../node_modules/@modelcontextprotocol/sdk/dist/esm/types.d.ts"
export * from "@modelcontextprotocol/sdk/types.js";
export { Server } from "@modelcontextprotocol/sdk/server";
export { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="../../../../node_modules/@modelcontextprotocol/sdk/dist/esm/server/webStandardStreamableHttp.d.ts"
export { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="../../../../node_modules/@modelcontextprotocol/sdk/dist/esm/server/stdio.d.ts"
export { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
// @ts-types="../../../../node_modules/@modelcontextprotocol/sdk/dist/esm/client/streamableHttp.d.ts"
export { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="../../../../node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.d.ts"
export { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// @ts-types="../../../../node_modules/@modelcontextprotocol/sdk/dist/esm/inMemory.d.ts"
export { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
// @ts-types="../../../../node_modules/@modelcontextprotocol/sdk/dist/esm/shared/transport.d.ts"
export type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
