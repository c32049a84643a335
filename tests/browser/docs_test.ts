/**
 * `/v1/docs` in a real browser: headless Chromium (Debian's `chromium`, driven by playwright-core) opens the page
 * that `npm start` serves, and checks that Scalar renders the reference, that every operation of
 * `/v1/openapi.json` is listed (counted from the document, so new operations are covered), that a "try it"
 * request to a calculation succeeds, and that the page loads nothing from another host.
 *
 * Skipped, with a message, where Chromium is not installed (`apt-get install -y chromium`), except where
 * PFA_REQUIRE_CHROMIUM=1 (CI: `.ci/run` installs it and sets that): there a missing Chromium fails the test.
 * CHROMIUM_PATH overrides the executable.
 */
import assert from "node:assert/strict";
import { type Browser, chromium } from "playwright-core";
import { type LocalServer, withLocalServer } from "../helpers/npm-start.ts";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const hasChromium = await Deno.stat(CHROMIUM).then(() => true, () => false);
const required = Deno.env.get("PFA_REQUIRE_CHROMIUM") === "1";
if (!hasChromium && required) {
  Deno.test("/v1/docs in Chromium: Chromium is installed (PFA_REQUIRE_CHROMIUM=1)", () => {
    assert.fail(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  });
} else if (!hasChromium) {
  console.warn(`\n⚠ SKIPPED tests/browser/docs_test.ts: no Chromium at ${CHROMIUM} (apt-get install -y chromium)\n`);
}

const METHODS = ["get", "post", "put", "patch", "delete"];

Deno.test({
  name: "/v1/docs in Chromium: renders, lists every operation, and a try-it calculation succeeds, offline",
  ignore: !hasChromium,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () => withLocalServer((server) => inChromium((browser) => checkDocs(browser, server))),
});

async function inChromium(fn: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  try {
    await fn(browser);
  } finally {
    await browser.close();
  }
}

async function checkDocs(browser: Browser, server: LocalServer): Promise<void> {
  const document = await (await fetch(`${server.base}/v1/openapi.json`)).json();
  const operations: { method: string; path: string }[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    for (const method of METHODS) if (item[method]) operations.push({ method, path });
  }
  assert.ok(operations.length >= 10, `the document lists the operations (${operations.length})`);

  const page = await browser.newPage();
  const elsewhere: string[] = [];
  const failed: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== server.origin) elsewhere.push(request.url());
  });
  page.on("pageerror", (error) => failed.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content.Security.Policy/i.test(message.text())) failed.push(message.text());
  });

  await page.goto(`${server.base}/v1/docs`);
  await page.getByRole("heading", { name: document.info.title }).first().waitFor({ timeout: 30_000 });

  // Every operation has its section: Scalar's ids end with `/<METHOD><path>`.
  const ids: string[] = await page.locator("[id]").evaluateAll((elements) =>
    elements.map((e) => (e as unknown as { id: string }).id)
  );
  const missing = operations.filter((op) => !ids.some((id) => id.endsWith(`/${op.method.toUpperCase()}${op.path}`)));
  assert.deepEqual(missing, [], "every operation of openapi.json is on the page");

  // Try it: open the client on the cashflow calculation and send its example request to this server.
  const section = page.locator(`[id$="/POST/v1/analytics/cashflow"]`).first();
  await section.scrollIntoViewIfNeeded();
  await section.getByRole("button", { name: /test request/i }).first().click();
  const answered = page.waitForResponse((r) => r.url().endsWith("/v1/analytics/cashflow"), { timeout: 30_000 });
  await page.getByRole("button", { name: /^send/i }).first().click();
  const response = await answered;
  assert.equal(response.status(), 200, `try it: ${await response.text()}`);
  const body = await response.json();
  assert.equal(typeof body.currency, "string");
  assert.ok(Array.isArray(body.months), "a cashflow result");

  // The problem codes: `#problem-<code>` targets exist.
  assert.equal(await page.locator("#problem-validation_failed").count(), 1);

  assert.deepEqual(elsewhere, [], "nothing is loaded from another host");
  assert.deepEqual(failed, [], "no script error or CSP violation");
}
