/**
 * Time-ordered ids (RFC 9562 UUID version 7) for the lines of one import: the import's start time in the first
 * 48 bits, then a counter, so an import's rows are appended to the primary-key index in order instead of
 * scattered across it (random version-4 ids make every insert of a large import touch a random index page).
 * 32 random bits per import keep concurrent imports of the same millisecond apart.
 */
const HEX4 = Array.from({ length: 1 << 16 }, (_, i) => i.toString(16).padStart(4, "0"));

export function uuidV7Sequence(now = Date.now()): () => string {
  const time = now.toString(16).padStart(12, "0").slice(-12);
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(16).padStart(8, "0");
  const head = `${time.slice(0, 8)}-${time.slice(8)}-7`;
  let counter = 0;
  return () => {
    const n = counter++;
    // 12 bits of the counter in rand_a, 30 more in rand_b (after the variant bits), then the import's random bits.
    const high = ((n / 2 ** 30) >>> 0) & 0xfff;
    const low = n % 2 ** 30;
    // rand_a: 3 hex digits; rand_b: variant bits 10, then 30 counter bits (two groups of 4 hex digits).
    return `${head}${HEX4[high]!.slice(1)}-${HEX4[0x8000 + (low >>> 16)]}-${HEX4[low & 0xffff]}${random}`;
  };
}
