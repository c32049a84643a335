import assert from "node:assert/strict";
import { bundleDocs, TARGET } from "./bundle.mjs";

Deno.test("docs:bundle copies the installed Scalar standalone bundle into the function folder, with its license", () => {
  const root = new URL("../../", import.meta.url);
  const packageDir = new URL("node_modules/@scalar/api-reference/", root);
  const { version } = JSON.parse(Deno.readTextFileSync(new URL("package.json", packageDir)));
  const result = bundleDocs({ quiet: true });
  assert.equal(result.version, version);
  assert.equal(result.target, TARGET);
  assert.ok(TARGET.endsWith("supabase/functions/v1/reference/scalar.standalone.js"));
  const copy = Deno.readTextFileSync(TARGET);
  const [banner, ...rest] = copy.split("\n");
  assert.equal(banner, `/*! @scalar/api-reference ${version} | MIT License | https://github.com/scalar/scalar */`);
  assert.equal(rest.join("\n"), Deno.readTextFileSync(new URL("dist/browser/standalone.js", packageDir)));
});

Deno.test("docs:bundle leaves an up-to-date copy alone, and rewrites a stale one", () => {
  bundleDocs({ quiet: true });
  const before = Deno.statSync(TARGET).mtime!.getTime();
  const again = bundleDocs({ quiet: true });
  assert.equal(again.written, false, "an identical copy is not written again");
  assert.equal(Deno.statSync(TARGET).mtime!.getTime(), before, "the file's modification time is unchanged");
  const good = Deno.readTextFileSync(TARGET);
  Deno.writeTextFileSync(TARGET, good.slice(0, 1000));
  try {
    assert.equal(bundleDocs({ quiet: true }).written, true, "a truncated copy is replaced");
    assert.equal(Deno.readTextFileSync(TARGET), good);
  } finally {
    if (Deno.readTextFileSync(TARGET) !== good) Deno.writeTextFileSync(TARGET, good);
  }
});
