/**
 * Order keys of the parallel simulation (docs/scale.md, "Every core"): a key is a list of
 * non-negative integers written as a string whose JavaScript order (`<`, UTF-16 code units)
 * is the lexicographic order of the lists. Each integer is one character giving its number of
 * base-2^15 digits, then those digits (characters below U+8000: no surrogate), so a longer
 * number sorts after a shorter one and no written number is the prefix of another.
 */

const BASE = 0x8000;
/** Instants (milliseconds, possibly before 1970) are shifted into the non-negative integers. */
const INSTANT_SHIFT = 2 ** 52;

/** `n` (an integer, 0 ≤ n < 2^60) as a key part. */
export function keyPart(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 2 ** 60) throw new RangeError(`key part out of range: ${n}`);
  if (n < BASE) return String.fromCharCode(1, n);
  const digits: number[] = [];
  for (let x = n; x > 0; x = Math.floor(x / BASE)) digits.push(x % BASE);
  digits.reverse();
  return String.fromCharCode(digits.length, ...digits);
}

/** An instant (epoch milliseconds, an integer) as a key part. */
export function instantPart(t: number): string {
  return keyPart(t + INSTANT_SHIFT);
}

/** A key built from integers. */
export function key(...parts: readonly number[]): string {
  let s = "";
  for (const p of parts) s += keyPart(p);
  return s;
}

/** The key without its last part (the part a traced run numbers its outputs with). */
export function withoutLast(k: string): string {
  let last = 0;
  for (let pos = 0; pos < k.length; pos += 1 + k.charCodeAt(pos)) last = pos;
  return k.slice(0, last);
}

/** The index of the first item of a sorted list (keys, instants) after `x`: the list's length when none is. */
export function firstAfter<T extends string | number>(sorted: readonly T[], x: T): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The integers of a key (for messages and tests). */
export function parts(k: string): number[] {
  const out: number[] = [];
  for (let pos = 0; pos < k.length;) {
    const n = k.charCodeAt(pos);
    let x = 0;
    for (let i = 1; i <= n; i++) x = x * BASE + k.charCodeAt(pos + i);
    out.push(x);
    pos += 1 + n;
  }
  return out;
}
