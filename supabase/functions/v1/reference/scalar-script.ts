/**
 * `readScalarScript(gzip)`: Scalar's standalone bundle, `scalar.standalone.js` beside this module, as is or
 * gzip-compressed (about a quarter of its 4 MB), or `undefined` when the file is missing. The file is copied there
 * from node_modules by `npm run docs:bundle` (run by `npm install` and `npm start`) and deployed with the function
 * as a static file (supabase/config.toml, `static_files`). Read and compressed once, on first use, then kept in
 * memory.
 */
// Resolved from one level under the function folder, so that the same path holds for this module and for the deployed
// bundle's files (supabase/functions/v1/dist/, scripts/function/build.ts).
export const SCALAR_SCRIPT_FILE = new URL("../reference/scalar.standalone.js", import.meta.url);

type Bytes = Uint8Array<ArrayBuffer>;

let plain: Promise<Bytes | undefined> | undefined;
let gzipped: Promise<Bytes | undefined> | undefined;

async function read(file: URL): Promise<Bytes | undefined> {
  try {
    return await Deno.readFile(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

async function gzip(bytes: Bytes): Promise<Bytes> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Caches a successful read; a missing file is looked for again next time (it may be bundled meanwhile). */
function once(load: () => Promise<Bytes | undefined>, forget: () => void): Promise<Bytes | undefined> {
  return load().then((bytes) => {
    if (bytes === undefined) forget();
    return bytes;
  }, (error) => {
    forget();
    throw error;
  });
}

export function readScalarScript(compressed: boolean): Promise<Bytes | undefined> {
  plain ??= once(() => read(SCALAR_SCRIPT_FILE), () => plain = undefined);
  if (!compressed) return plain;
  return gzipped ??= once(async () => {
    const bytes = await plain;
    return bytes && await gzip(bytes);
  }, () => gzipped = undefined);
}
