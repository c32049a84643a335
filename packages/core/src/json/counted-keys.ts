/**
 * Object keys already counted by a validator, so that the exact-JSON check does not walk them a second time.
 *
 * The duplicate-key check of json/parse-json-body.ts compares the colons of the text with the keys of the value
 * JSON.parse built (JSON.parse keeps only the last of two equal keys). Counting the keys means visiting every object
 * of the body; the fast array validator (contracts/fast-array.ts) visits every key of every transaction anyway, and
 * records here how many it saw. The count then takes the recorded number for that array instead of walking it.
 *
 * Only an array whose every item is an object with nothing but primitive values (strings, numbers, booleans, null)
 * may be recorded, with the exact number of keys its items have: that is what the walk would count. The registry is
 * a WeakMap keyed by the array JSON.parse built for this request, so a record never outlives the body it describes.
 */
const counted = new WeakMap<object, number>();

/** Records that the items of `array` (flat objects, see above) have `keys` keys in all. */
export function recordKeyCount(array: readonly unknown[], keys: number): void {
  counted.set(array, keys);
}

/**
 * Number of object keys in a parsed JSON value, taking recorded arrays' counts as recorded. Iterative (an explicit
 * stack), so a deeply nested body cannot overflow the call stack.
 */
export function countKeys(root: unknown): number {
  let count = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      const recorded = counted.get(value);
      if (recorded !== undefined) {
        count += recorded;
        continue;
      }
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (item !== null && typeof item === "object") stack.push(item);
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) {
      count++;
      const item = record[key];
      if (item !== null && typeof item === "object") stack.push(item);
    }
  }
  return count;
}
