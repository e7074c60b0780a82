/**
 * Row selection over an event batch: the metric's code, the window (with carried-in rows
 * for recurring metrics), filters and ignored filters as lookup tables over dictionary
 * codes, and the group id of each row. Simple selections (no ignored filters, at most two
 * filter keys and two group keys, every value usable) are not materialized: the kernels
 * scan every row and call {@link scanRow}, which V8 inlines into their loops.
 */
import type { EventBatch } from "./eventBatch.js";
import type { AggregationWarning, AggregationWindow } from "./types.js";

type Codes = ArrayLike<number>;
const NONE: Codes = new Uint8Array(0);

/** Fused selection: code, window, ≤ 2 filter tables, ≤ 2 group-key tables. */
export interface Scan {
  readonly length: number;
  readonly codes: Codes;
  readonly code: number;
  readonly lo: number;
  readonly to: number;
  readonly f0: Uint8Array | undefined;
  readonly f0codes: Codes;
  readonly f1: Uint8Array | undefined;
  readonly f1codes: Codes;
  readonly g0: Int32Array | undefined;
  readonly g0codes: Codes;
  readonly g1: Int32Array | undefined;
  readonly g1codes: Codes;
}

/** −1 when row `i` is not selected, else its group id. */
export function scanRow(s: Scan, ts: Float64Array, i: number): number {
  if (s.codes[i] !== s.code) return -1;
  const t = ts[i]!;
  if (t > s.to || t < s.lo) return -1;
  if (s.f0 !== undefined && s.f0[s.f0codes[i]!] === 0) return -1;
  if (s.f1 !== undefined && s.f1[s.f1codes[i]!] === 0) return -1;
  const g = s.g0 === undefined ? 0 : s.g0[s.g0codes[i]!]!;
  return s.g1 === undefined ? g : g + s.g1[s.g1codes[i]!]!;
}

export interface Selection {
  /** Selected rows, ascending; undefined when the kernels scan (see {@link Scan}). */
  readonly rows: Int32Array | undefined;
  readonly scan: Scan;
  /** Group id per selected row (undefined when not grouped or scanning). */
  readonly gids: Int32Array | undefined;
  readonly groupCount: number;
  /** The group values of a group id. */
  decode(gid: number): (string | null)[];
  readonly warnings: AggregationWarning[];
}

function column(batch: EventBatch, key: string): { codes: Codes; dict: readonly (string | null)[] } {
  const col = batch.keys[key];
  if (col === undefined) throw new RangeError(`the batch was built without the key "${key}"`);
  return col;
}

/** A per-code table: 1 where the value is in `values` (`coalesce`: null reads as ""). */
function table(dict: readonly (string | null)[], values: readonly string[], coalesce: boolean): Uint8Array {
  const set = new Set(values);
  return Uint8Array.from(dict, (v) => (v === null ? (coalesce && set.has("") ? 1 : 0) : set.has(v) ? 1 : 0));
}

interface Clause { readonly codes: Codes; readonly table: Uint8Array }

function passes(required: readonly Clause[], ignored: readonly (readonly Clause[])[], i: number): boolean {
  for (let f = 0; f < required.length; f++) if (required[f]!.table[required[f]!.codes[i]!] === 0) return false;
  for (let e = 0; e < ignored.length; e++) {
    const clauses = ignored[e]!;
    let all = true;
    for (let c = 0; c < clauses.length && all; c++) all = clauses[c]!.table[clauses[c]!.codes[i]!] === 1;
    if (all) return false;
  }
  return true;
}

/** Group tables: per key, dictionary code → its share of the group id ("" and null are one group). */
function groupTables(batch: EventBatch, keys: readonly string[]) {
  let groupCount = 1;
  const cols = keys.map((k) => {
    const col = column(batch, k);
    const size = col.dict.length + 1; // + the null slot
    const stride = groupCount;
    groupCount *= size;
    const share = Int32Array.from(col.dict, (v, c) => (v === null || v === "" ? size - 1 : c) * stride);
    return { codes: col.codes, dict: col.dict, size, stride, share };
  });
  if (groupCount > 2 ** 24) throw new RangeError("too many group combinations for a batch: aggregate the events instead");
  const decode = (gid: number): (string | null)[] =>
    cols.map((c) => {
      const code = Math.floor(gid / c.stride) % c.size;
      return code === c.size - 1 ? null : c.dict[code] ?? null;
    });
  return { cols, groupCount, decode };
}

export function selectRows(
  batch: EventBatch, window: AggregationWindow, carriesIn: boolean, from: number, to: number, allowScan: boolean,
): Selection {
  const code = batch.codes.dict.indexOf(batch.metric.code);
  const required: Clause[] = Object.entries(window.filters ?? {}).map(([k, vs]) => {
    const col = column(batch, k);
    return { codes: col.codes, table: table(col.dict, vs, false) };
  });
  const ignored = (window.ignored_filters ?? [])
    .map((f) => Object.entries(f).filter(([, vs]) => vs.length > 0).map(([k, vs]): Clause => {
      const col = column(batch, k);
      return { codes: col.codes, table: table(col.dict, vs, true) };
    }))
    .filter((clauses) => clauses.length > 0);
  const { cols, groupCount, decode } = groupTables(batch, window.grouped_by ?? []);
  const lo = carriesIn ? -Infinity : from;
  const scan: Scan = {
    length: batch.length, codes: batch.codes.codes, code, lo, to,
    f0: required[0]?.table, f0codes: required[0]?.codes ?? NONE, f1: required[1]?.table, f1codes: required[1]?.codes ?? NONE,
    g0: cols[0]?.share, g0codes: cols[0]?.codes ?? NONE, g1: cols[1]?.share, g1codes: cols[1]?.codes ?? NONE,
  };
  const warnings: AggregationWarning[] = [];
  const grouped = cols.length > 0;
  const issues = batch.issues;
  if (allowScan && issues.size === 0 && ignored.length === 0 && required.length <= 2 && cols.length <= 2) {
    return { rows: undefined, scan, gids: undefined, groupCount, decode, warnings };
  }
  const ts = batch.timestamps;
  const codes = batch.codes.codes;
  const out = new Int32Array(batch.length);
  const gids = grouped ? new Int32Array(batch.length) : undefined;
  let m = 0;
  for (let i = 0; i < batch.length; i++) {
    if (codes[i] !== code) continue;
    const t = ts[i]!;
    if (t > to || t < lo) continue;
    if (!passes(required, ignored, i)) continue;
    const w = issues.size > 0 ? issues.get(i) : undefined;
    if (w !== undefined) {
      warnings.push(w);
      continue;
    }
    if (gids !== undefined) {
      let g = 0;
      for (let j = 0; j < cols.length; j++) g += cols[j]!.share[cols[j]!.codes[i]!]!;
      gids[m] = g;
    }
    out[m++] = i;
  }
  return { rows: out.subarray(0, m), scan, gids: gids?.subarray(0, m), groupCount, decode, warnings };
}
