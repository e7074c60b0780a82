/**
 * Dictionary-encoded columns for event batches, and the transaction-id hash.
 */

/** Codes into `dict`, in the narrowest unsigned typed array that holds them. */
export interface DictColumn {
  readonly codes: Uint8Array | Uint16Array | Uint32Array;
  readonly dict: readonly (string | null)[];
}

export interface DictEncoder {
  push(row: number, value: string | null): void;
  done(length: number): DictColumn;
}

export function dictEncoder(capacity: number): DictEncoder {
  const index = new Map<string | null, number>();
  const dict: (string | null)[] = [];
  const codes = new Uint32Array(capacity);
  return {
    push(row, value) {
      let c = index.get(value);
      if (c === undefined) {
        c = dict.length;
        index.set(value, c);
        dict.push(value);
      }
      codes[row] = c;
    },
    done(length) {
      const used = codes.subarray(0, length);
      const narrow = dict.length <= 0x100 ? new Uint8Array(used) : dict.length <= 0x10000 ? new Uint16Array(used) : used.slice();
      return { codes: narrow, dict };
    },
  };
}

/** 32-bit FNV-1a of the UTF-16 code units of `a`, a NUL, then `b` (no string is built). */
export function hashPair(a: string, b: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
  h = Math.imul(h, 0x01000193); // the NUL separator
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
