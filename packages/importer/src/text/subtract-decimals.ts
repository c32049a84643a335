/** `a − b` of two plain decimals (`-12.5`, `3`), exactly, as a plain decimal. */
export function subtractDecimals(a: string, b: string): string {
  const scale = Math.max(a.split(".")[1]?.length ?? 0, b.split(".")[1]?.length ?? 0);
  const scaled = (s: string) => {
    const [int, frac = ""] = s.replace("-", "").split(".");
    const value = BigInt(int! + frac.padEnd(scale, "0"));
    return s.startsWith("-") ? -value : value;
  };
  const diff = scaled(a) - scaled(b);
  const digits = (diff < 0n ? -diff : diff).toString().padStart(scale + 1, "0");
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return diff < 0n ? `-${text}` : text;
}
