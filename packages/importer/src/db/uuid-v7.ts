/**
 * Time-ordered ids (RFC 9562 UUID version 7) for the lines of one import: the import's start time in the first
 * 48 bits, then a counter, so an import's rows are appended to the primary-key index in order instead of
 * scattered across it (random version-4 ids make every insert of a large import touch a random index page).
 * 32 random bits per import keep concurrent imports of the same millisecond apart.
 */
export function uuidV7Sequence(now = Date.now()): () => string {
  const time = now.toString(16).padStart(12, "0").slice(-12);
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(16).padStart(8, "0");
  let counter = 0;
  return () => {
    const n = counter++;
    // 12 bits of the counter in rand_a, 30 more in rand_b (after the variant bits), then the import's random bits.
    const high = ((n / 2 ** 30) >>> 0) & 0xfff;
    const low = n % 2 ** 30;
    const randA = high.toString(16).padStart(3, "0");
    const randB = (0x80000000 + low).toString(16).padStart(8, "0"); // variant bits 10, then 30 counter bits
    return `${time.slice(0, 8)}-${time.slice(8)}-7${randA}-${randB.slice(0, 4)}-${randB.slice(4)}${random}`;
  };
}
