#!/usr/bin/env node
// `npm run docs:bundle`: copies Scalar's standalone API reference bundle (`@scalar/api-reference`, MIT) from
// node_modules into the function folder, where `/v1/docs/scalar.js` serves it. A deployed function cannot read
// node_modules, so the file must sit beside the function; supabase/config.toml lists it in `static_files` so that
// `supabase functions deploy` uploads it. The copy is generated (gitignored): `npm install` runs this script
// (postinstall), and so does every `npm start`; the file is written only when it is missing or differs from what the
// installed package gives, so a start never rewrites a file another process may be serving.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const TARGET = join(root, "supabase", "functions", "v1", "reference", "scalar.standalone.js");

/** Where the installed package keeps its single-file browser bundle, and its version. */
function source() {
  const manifest = join(root, "node_modules", "@scalar", "api-reference", "package.json");
  if (!existsSync(manifest)) throw new Error("@scalar/api-reference is not installed: run `npm install`");
  const { version } = JSON.parse(readFileSync(manifest, "utf8"));
  return { file: join(dirname(manifest), "dist", "browser", "standalone.js"), version };
}

export function bundleDocs({ quiet = false } = {}) {
  const { file, version } = source();
  if (!existsSync(file)) throw new Error(`${file} is missing: reinstall @scalar/api-reference (npm install)`);
  mkdirSync(dirname(TARGET), { recursive: true });
  // The package ships no license file in dist/: the notice goes at the top of the copy that the function serves.
  const banner = `/*! @scalar/api-reference ${version} | MIT License | https://github.com/scalar/scalar */\n`;
  const content = banner + readFileSync(file, "utf8");
  const written = !existsSync(TARGET) || readFileSync(TARGET, "utf8") !== content;
  if (written) writeFileSync(TARGET, content);
  if (!quiet) {
    console.log(
      `docs:bundle: @scalar/api-reference ${version} -> ${relative(root, TARGET)}${written ? "" : " (unchanged)"}`,
    );
  }
  return { target: TARGET, version, written };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) bundleDocs();
