import { describe, expect, it } from "vitest";
import { UnreadableFileError } from "../types.ts";
import { completeUtf8Length, decodeChunks, decodeHead, decodeText, decodeWindows1252 } from "./decode-text.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p)));

async function streamed(...chunks: Uint8Array[]): Promise<string> {
  async function* source() {
    yield* chunks;
  }
  let text = "";
  for await (const part of decodeChunks(source())) text += part;
  return text;
}

describe("decoding statement text", () => {
  it("reads windows-1252 where the bytes are not UTF-8, never with U+FFFD", () => {
    // 0xE9 é, 0xE4 ä, 0x80 €, 0x93 “, 0x94 ”, 0x81 (undefined in windows-1252: the C1 control U+0081).
    expect(decodeWindows1252(bytes("caf", [0xE9, 0x20, 0xE4, 0x80, 0x93, 0x94, 0x81]))).toBe(
      "café ä€“”\u0081",
    );
    expect(decodeText(bytes("caf", [0xE9]))).toBe("café");
    expect(decodeText(bytes("\uFEFFcafé")), "UTF-8, its BOM dropped").toBe("café");
    expect(decodeHead(bytes("Empf", [0xE4], "nger;x"))).toBe("Empfänger;x");
  });

  it("does not take a UTF-8 character cut off at the end of a head for another encoding", () => {
    const cafe = bytes("café"); // c a f 0xC3 0xA9
    expect(completeUtf8Length(cafe.subarray(0, 4))).toBe(3);
    expect(completeUtf8Length(cafe)).toBe(5);
    expect(completeUtf8Length(bytes("ab"))).toBe(2);
    expect(decodeHead(cafe.subarray(0, 4))).toBe("caf");
    expect(completeUtf8Length(bytes("a€").subarray(0, 3)), "2 of the 3 bytes of €").toBe(1);
  });

  it("streams UTF-8 split anywhere, and windows-1252 from the first invalid byte after ASCII", async () => {
    const cafe = bytes("café\n");
    expect(await streamed(cafe.subarray(0, 4), cafe.subarray(4))).toBe("café\n");
    expect(await streamed(bytes("\uFEFFa"))).toBe("\uFEFFa");
    expect(await streamed(bytes("date\n"), bytes("caf", [0xE9, 0x0A]))).toBe("date\ncafé\n");
    expect(await streamed(bytes("caf", [0xC3]), bytes("!")), "a lead byte without its continuation").toBe("cafÃ!");
    expect(await streamed(bytes("x", [0xE9])), "an invalid byte at the very end").toBe("xé");
  });

  it("refuses text that is UTF-8 beyond ASCII first and not UTF-8 after, streamed or whole", async () => {
    // "é" is bytes 1–2; "x" byte 3; the lone 0xE9 byte 4.
    for (
      const error of [
        await streamed(bytes("éx"), bytes([0xE9])).catch((e) => e),
        await streamed(bytes("éx", [0xE9])).catch((e) => e),
        (() => {
          try {
            return decodeText(bytes("éx", [0xE9]));
          } catch (e) {
            return e;
          }
        })(),
      ]
    ) {
      expect(error).toBeInstanceOf(UnreadableFileError);
      expect((error as Error).message).toMatch(/^byte 4 is not UTF-8/);
    }
    expect(() => decodeText(bytes("\uFEFFa", [0xE9])), "after a UTF-8 BOM (bytes 1–3), byte 5").toThrow(/^byte 5 /);
  });
});
