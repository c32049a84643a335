/** A statement file to import: a path on disk, or content in memory (the demo seed's generated files). */
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { decodeText as decode } from "./text/decode-text.ts";

export type ImportInput =
  | { readonly path: string; readonly name?: string }
  | { readonly name: string; readonly content: string | Uint8Array };

export interface OpenedSource {
  readonly name: string;
  readonly size: number;
  /** The first bytes (format detection). */
  readonly head: Uint8Array;
  /** The whole content, streamed; `onBytes` counts what has been read. */
  stream(onBytes?: (n: number) => void): AsyncIterable<Uint8Array>;
  /** The whole content as text (UTF-8, else windows-1252: text/decode-text.ts). */
  text(): Promise<string>;
}

const HEAD_BYTES = 64 * 1024;

export async function openSource(input: ImportInput): Promise<OpenedSource> {
  if ("content" in input) {
    const bytes = typeof input.content === "string" ? new TextEncoder().encode(input.content) : input.content;
    return {
      name: input.name,
      size: bytes.length,
      head: bytes.subarray(0, HEAD_BYTES),
      async *stream(onBytes) {
        for (let i = 0; i < bytes.length; i += HEAD_BYTES) {
          const chunk = bytes.subarray(i, i + HEAD_BYTES);
          onBytes?.(chunk.length);
          yield chunk;
        }
      },
      text: () => Promise.resolve(decode(bytes)),
    };
  }
  const { size } = await stat(input.path);
  const handle = await open(input.path, "r");
  const head = new Uint8Array(Math.min(size, HEAD_BYTES));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const path = input.path;
  return {
    name: input.name ?? basename(path),
    size,
    head,
    async *stream(onBytes) {
      for await (const chunk of createReadStream(path, { highWaterMark: HEAD_BYTES })) {
        onBytes?.((chunk as Uint8Array).length);
        yield chunk as Uint8Array;
      }
    },
    async text() {
      const { readFile } = await import("node:fs/promises");
      return decode(await readFile(path));
    },
  };
}
