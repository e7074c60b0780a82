/**
 * SHA-1 of a JavaScript string's UTF-8 bytes, written out so that the engine stays pure and
 * runtime-neutral (no `node:crypto`, no `TextEncoder`). For name-based UUIDs (`ids.ts`), not
 * for security.
 */

/** UTF-8 bytes of a JavaScript string; a lone surrogate becomes U+FFFD (as `TextEncoder` does). */
export function utf8(s: string): Uint8Array {
  return scratch.slice(0, loadMessage(NO_PREFIX, s));
}

const NO_PREFIX = new Uint8Array(0);

/** SHA-1 (FIPS 180-4) of a byte string: 20 bytes. Used for name-based UUIDs, not for security. */
export function sha1(bytes: Uint8Array): Uint8Array {
  const n = bytes.length;
  const total = Math.ceil((n + 9) / 64) * 64;
  const buf = new Uint8Array(total);
  buf.set(bytes);
  buf[n] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 8, Math.floor((n * 8) / 2 ** 32));
  view.setUint32(total - 4, (n * 8) >>> 0);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Int32Array(80);
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(off + 4 * i);
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!;
      w[i] = (x << 1) | (x >>> 31);
    }
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const f = i < 20 ? (b & c) | (~b & d) : i < 40 || i >= 60 ? b ^ c ^ d : (b & c) | (b & d) | (c & d);
      const k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const t = (((a << 5) | (a >>> 27)) + f + e + k + w[i]!) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
    h[4] = (h[4]! + e) | 0;
  }
  const out = new Uint8Array(20);
  const ov = new DataView(out.buffer);
  h.forEach((v, i) => ov.setInt32(4 * i, v));
  return out;
}

/** The message buffer of {@link sha1Words}, grown on demand and reused (ids are computed millions of times). */
let scratch = new Uint8Array(256);
const W = new Int32Array(80);
/** The five result words of the last {@link sha1Words} call. */
export const SHA1_STATE = new Int32Array(5);

/**
 * Writes `prefix` then the UTF-8 bytes of `s` into the reused message buffer and returns the
 * message length (same bytes as `utf8`, without allocating).
 */
export function loadMessage(prefix: Uint8Array, s: string): number {
  const need = prefix.length + 3 * s.length + 72;
  if (scratch.length < need) scratch = new Uint8Array(Math.max(need, 2 * scratch.length));
  const buf = scratch;
  buf.set(prefix);
  let n = prefix.length;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      buf[n++] = c;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else c = 0xfffd;
    }
    if (c < 0x800) {
      buf[n++] = 0xc0 | (c >> 6);
      buf[n++] = 0x80 | (c & 63);
    } else if (c < 0x10000) {
      buf[n++] = 0xe0 | (c >> 12);
      buf[n++] = 0x80 | ((c >> 6) & 63);
      buf[n++] = 0x80 | (c & 63);
    } else {
      buf[n++] = 0xf0 | (c >> 18);
      buf[n++] = 0x80 | ((c >> 12) & 63);
      buf[n++] = 0x80 | ((c >> 6) & 63);
      buf[n++] = 0x80 | (c & 63);
    }
  }
  return n;
}

/**
 * Writes `prefix` then the JSON text of `strings` as an array (`["a","b"]`) into the reused
 * message buffer, and returns the message length; −1 when a string holds a character JSON
 * escapes (a quote, a backslash, a control character, a surrogate), which the caller then
 * writes the general way. The same bytes as `loadMessage(prefix, JSON.stringify(strings))`.
 */
export function loadStringArray(prefix: Uint8Array, strings: readonly string[]): number {
  room(0, prefix.length + 8);
  scratch.set(prefix);
  let n = prefix.length;
  scratch[n++] = 0x5b; // [
  for (let k = 0; k < strings.length && n >= 0; k++) {
    if (k > 0) scratch[n++] = 0x2c; // ,
    n = writeText(n, strings[k]!);
  }
  if (n < 0) return -1;
  room(n, 72);
  scratch[n++] = 0x5d; // ]
  return n;
}

/**
 * Writes `prefix` then the canonical JSON text of `[kind, ...parts]` into the reused message
 * buffer and returns the message length, for parts that are texts, nulls or records whose
 * values are texts or nulls (keys sorted, undefined values left out: a fee's path). −1 for any
 * other part, or a text JSON escapes; the caller then writes the name the general way. The same
 * bytes as `loadMessage(prefix, JSON-of-the-path)` (ids.ts `stableId`).
 */
export function loadTextParts(prefix: Uint8Array, kind: string, parts: readonly unknown[]): number {
  room(0, prefix.length + 8);
  scratch.set(prefix);
  let n = prefix.length;
  scratch[n++] = 0x5b; // [
  n = writeText(n, kind);
  for (let i = 0; i < parts.length && n >= 0; i++) {
    const p = parts[i];
    room(n, 8);
    scratch[n++] = 0x2c; // ,
    if (typeof p === "string") n = writeText(n, p);
    else if (p === null) {
      scratch[n++] = 0x6e; scratch[n++] = 0x75; scratch[n++] = 0x6c; scratch[n++] = 0x6c; // null
    } else if (typeof p === "object" && !Array.isArray(p)) {
      scratch[n++] = 0x7b; // {
      let first = true;
      for (const k of Object.keys(p).sort()) {
        const v = (p as Record<string, unknown>)[k];
        if (v === undefined) continue;
        if (typeof v !== "string" && v !== null) return -1;
        room(n, 8);
        if (!first) scratch[n++] = 0x2c;
        first = false;
        n = writeText(n, k);
        if (n < 0) return -1;
        room(n, 8);
        scratch[n++] = 0x3a; // :
        if (v === null) {
          scratch[n++] = 0x6e; scratch[n++] = 0x75; scratch[n++] = 0x6c; scratch[n++] = 0x6c;
        } else n = writeText(n, v);
        if (n < 0) return -1;
      }
      room(n, 8);
      scratch[n++] = 0x7d; // }
    } else return -1;
  }
  if (n < 0) return -1;
  room(n, 72);
  scratch[n++] = 0x5d; // ]
  return n;
}

/** Grows the message buffer so that `extra` more bytes fit after the first `n` (kept). */
function room(n: number, extra: number): void {
  if (scratch.length >= n + extra + 72) return;
  const grown = new Uint8Array(Math.max(2 * scratch.length, n + extra + 72));
  grown.set(scratch.subarray(0, n));
  scratch = grown;
}

/** Writes `"s"` at `n` (UTF-8); −1 when `s` holds a character JSON escapes (a quote, a backslash, a control character, a surrogate). */
function writeText(n: number, s: string): number {
  room(n, 3 * s.length + 2);
  const buf = scratch;
  buf[n++] = 0x22;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (c < 0x20 || c === 0x22 || c === 0x5c) return -1;
      buf[n++] = c;
    } else if (c < 0x800) {
      buf[n++] = 0xc0 | (c >> 6);
      buf[n++] = 0x80 | (c & 63);
    } else if (c >= 0xd800 && c <= 0xdfff) return -1;
    else {
      buf[n++] = 0xe0 | (c >> 12);
      buf[n++] = 0x80 | ((c >> 6) & 63);
      buf[n++] = 0x80 | (c & 63);
    }
  }
  buf[n++] = 0x22;
  return n;
}

/**
 * SHA-1 of the first `n` bytes of the message buffer ({@link loadMessage}), into
 * {@link SHA1_STATE}: the same digest as {@link sha1}, with no allocation.
 */
export function sha1Words(n: number): void {
  const total = Math.ceil((n + 9) / 64) * 64;
  const buf = scratch;
  buf[n] = 0x80;
  buf.fill(0, n + 1, total - 8);
  const hi = Math.floor((n * 8) / 2 ** 32);
  const lo = (n * 8) >>> 0;
  buf[total - 8] = hi >>> 24; buf[total - 7] = (hi >>> 16) & 255; buf[total - 6] = (hi >>> 8) & 255; buf[total - 5] = hi & 255;
  buf[total - 4] = lo >>> 24; buf[total - 3] = (lo >>> 16) & 255; buf[total - 2] = (lo >>> 8) & 255; buf[total - 1] = lo & 255;
  let h0 = 0x67452301, h1 = 0xefcdab89 | 0, h2 = 0x98badcfe | 0, h3 = 0x10325476, h4 = 0xc3d2e1f0 | 0;
  const w = W;
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + 4 * i;
      w[i] = (buf[j]! << 24) | (buf[j + 1]! << 16) | (buf[j + 2]! << 8) | buf[j + 3]!;
    }
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!;
      w[i] = (x << 1) | (x >>> 31);
    }
    let a = h0, b = h1, c = h2, d = h3, e = h4;
    for (let i = 0; i < 20; i++) {
      const t = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + 0x5a827999 + w[i]!) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    for (let i = 20; i < 40; i++) {
      const t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w[i]!) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    for (let i = 40; i < 60; i++) {
      const t = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + 0x8f1bbcdc + w[i]!) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    for (let i = 60; i < 80; i++) {
      const t = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0xca62c1d6 + w[i]!) | 0;
      e = d; d = c; c = (b << 30) | (b >>> 2); b = a; a = t;
    }
    h0 = (h0 + a) | 0; h1 = (h1 + b) | 0; h2 = (h2 + c) | 0; h3 = (h3 + d) | 0; h4 = (h4 + e) | 0;
  }
  SHA1_STATE[0] = h0; SHA1_STATE[1] = h1; SHA1_STATE[2] = h2; SHA1_STATE[3] = h3; SHA1_STATE[4] = h4;
}
