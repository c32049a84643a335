/**
 * `PORT=<p> npm start`, as a user runs it, and everything that names the server's URL follows the port: the
 * start-up banner, `/v1/openapi.json`'s local server, `npm run token` run WITHOUT PORT (it reads the state file the
 * server wrote; the token is accepted), the stdio MCP server's problem `type` URLs (also without PORT), and an
 * OAuth-capable MCP client (the SDK with an auth provider, as MCP Inspector is) calling an account tool without a
 * token ends on the local server's text saying how to get one, not on a browser page. Stopping removes the state.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/auth"
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client, StdioClientTransport, StreamableHTTPClientTransport } from "../../supabase/functions/v1/mcp/sdk.ts";
import { localServerSetup, startLocalServer } from "../helpers/npm-start.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test({
  name: "PORT=<p> npm start: banner, openapi.json servers, npm run token, stdio problem types and MCP auth follow it",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "pfa-port-" });
    const setup = await localServerSetup(dir);
    const port = setup.env.PORT!;
    assert.notEqual(port, "54321");
    const server = await startLocalServer(setup.env);
    // What the user's other shell has: no PORT, only where the keys are (the default, in a real checkout).
    const { PORT: _, ...shell } = setup.env;
    try {
      const banner = server.printed();
      assert.match(banner, new RegExp(`Base URL +http://127\\.0\\.0\\.1:${port}/functions/v1 `));
      assert.doesNotMatch(banner, /54321/);

      const document = await (await fetch(`${server.base}/v1/openapi.json`)).json();
      assert.ok(document.servers.some((s: { url: string }) => s.url === `http://127.0.0.1:${port}/functions/v1`));
      assert.ok(!JSON.stringify(document.servers).includes("54321"));

      // The banner's own token command, in a shell without PORT.
      const token = await new Deno.Command("npm", {
        args: ["run", "-s", "token", "--", "alice@example.com"],
        cwd: ROOT,
        env: shell,
      }).output();
      assert.equal(token.code, 0, new TextDecoder().decode(token.stderr));
      const bearer = new TextDecoder().decode(token.stdout).trim();
      const me = await fetch(`${server.base}/v1/me/goals/progress`, { headers: { Authorization: `Bearer ${bearer}` } });
      assert.equal(me.status, 200, await me.clone().text());
      await me.body?.cancel();

      // The stdio server, started without PORT: problem types name the running server's port.
      const stdio = new StdioClientTransport({
        command: Deno.execPath(),
        args: ["run", "-A", "--no-check", "scripts/mcp-stdio.ts"],
        cwd: new URL(ROOT).pathname,
        env: shell,
        stderr: "ignore",
      });
      const stdioClient = new Client({ name: "port-test", version: "1" });
      await stdioClient.connect(stdio);
      try {
        const result = await stdioClient.callTool({ name: "calculate_cashflow", arguments: { currency: "EURO" } });
        assert.equal(result.isError, true);
        const problem = JSON.parse((result.content as { text: string }[])[0]!.text);
        assert.equal(problem.type, `http://127.0.0.1:${port}/functions/v1/v1/docs#problem-validation_failed`);
      } finally {
        await stdioClient.close();
      }

      // An OAuth-capable client without a token: the account tool ends on the server's text, not a browser page.
      const redirected: URL[] = [];
      const provider: OAuthClientProvider = {
        get redirectUrl() {
          return "http://127.0.0.1:6274/oauth/callback";
        },
        get clientMetadata() {
          return { client_name: "port-test", redirect_uris: ["http://127.0.0.1:6274/oauth/callback"] };
        },
        clientInformation: () => undefined,
        saveClientInformation: () => {},
        tokens: () => undefined,
        saveTokens: () => {},
        redirectToAuthorization: (url: URL) => void redirected.push(url),
        saveCodeVerifier: () => {},
        codeVerifier: () => "verifier",
      };
      const http = new Client({ name: "inspector-like", version: "1" });
      await http.connect(
        new StreamableHTTPClientTransport(new URL(`${server.base}/v1/mcp`), { authProvider: provider }),
      );
      try {
        const calc = await http.callTool({
          name: "calculate_cashflow",
          arguments: { currency: "EUR", transactions: [{ date: "2026-01-15", amount: "10.00" }] },
        });
        assert.notEqual(calc.isError, true, "calculation tools need no token");
        await assert.rejects(
          http.callTool({ name: "get_goal_progress", arguments: {} }),
          /no sign-in .*npm run -s token -- alice@example\.com/s,
        );
        assert.deepEqual(redirected, [], "no browser was sent anywhere");
      } finally {
        await http.close();
      }
    } finally {
      await server.stop();
      await setup.drop();
    }
    try {
      await Deno.stat(`${dir}/.temp/pfa-local-server.json`);
      assert.fail("the state file outlived the server");
    } catch (error) {
      assert.ok(error instanceof Deno.errors.NotFound);
    }
    await Deno.remove(dir, { recursive: true });
  },
});
