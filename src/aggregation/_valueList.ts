/**
 * Per-event values kept for `event_values` and running totals: parallel typed arrays
 * (timestamp, seq, scaled mantissa, scale) plus the transaction ids, no object per event.
 * Whether the list is already in (timestamp, seq, transaction_id) order is tracked on
 * `push`, so the usual in-order stream is never sorted; otherwise an index array is
 * sorted (stable: ties keep insertion order, as the former object sort did). Values
 * become decimal strings straight from the fixed-point cells ({@link cellText}).
 */
import type { Decimal } from "../core/decimal.js";
import { type FixedCell, cellText, cellToDecimal } from "../core/fixed.js";
import { compareOrder } from "./_kernel.js";
import { radixTimeOrder } from "./_timeOrder.js";

export class ValueList {
  n = 0;
  t = new Float64Array(8);
  seq = new Float64Array(8);
  m = new Float64Array(8);
  s = new Int32Array(8);
  tx: string[] = [];
  /** The value's own text when it is already the canonical one (what `cellText` would build), else undefined. */
  raw: (string | undefined)[] = [];
  /** Mantissas that are not safe integers, by index (`m` is NaN there). */
  big: Map<number, bigint> | undefined = undefined;
  sorted = true;
  /** Each push had a greater seq than the one before: ties in time then follow push order. */
  seqRising = true;

  /** `raw`: the text the cell was read from, if any (reused for the output when canonical). */
  push(t: number, seq: number, tx: string, c: FixedCell, raw: unknown): void {
    const i = this.n;
    if (i === this.t.length) this.grow(i * 2);
    if (i > 0) {
      // compareOrder, inline (no call, so no boxed timestamps)
      const pt = this.t[i - 1]!, ps = this.seq[i - 1]!;
      if (pt > t || (pt === t && (ps > seq || (ps === seq && this.tx[i - 1]! > tx)))) this.sorted = false;
      if (ps >= seq) this.seqRising = false;
    }
    this.t[i] = t;
    this.seq[i] = seq;
    this.tx.push(tx);
    this.raw.push(typeof raw === "string" && isCanonical(raw, c) ? raw : undefined);
    this.s[i] = c.s;
    if (c.b === undefined) this.m[i] = c.m;
    else {
      this.m[i] = NaN;
      (this.big ??= new Map()).set(i, c.b);
    }
    this.n = i + 1;
  }

  private grow(size: number): void {
    const n = this.n;
    const f = (a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
      const b = new Float64Array(size);
      b.set(a.subarray(0, n));
      return b;
    };
    this.t = f(this.t);
    this.seq = f(this.seq);
    this.m = f(this.m);
    const s = new Int32Array(size);
    s.set(this.s.subarray(0, n));
    this.s = s;
  }

  /** The cell of index `i`, written into `out`. */
  cell(i: number, out: FixedCell): FixedCell {
    const m = this.m[i]!;
    out.s = this.s[i]!;
    if (m === m) {
      out.m = m;
      out.b = undefined;
    } else {
      out.m = NaN;
      out.b = this.big!.get(i)!;
    }
    return out;
  }

  /**
   * A new list holding `a`'s and `b`'s values in the order a stable sort of `a` then `b`
   * gives: each sorted, then merged (ties from `a` first). The result is sorted.
   */
  static merge(a: ValueList, b: ValueList): ValueList {
    const x = a.inOrder(), y = b.inOrder();
    const out = new ValueList();
    out.grow(Math.max(8, x.n + y.n));
    out.seqRising = false;
    let i = 0, j = 0;
    while (i < x.n && j < y.n) {
      if (compareOrder(x.t[i]!, x.seq[i]!, x.tx[i]!, y.t[j]!, y.seq[j]!, y.tx[j]!) <= 0) out.copy(x, i++);
      else out.copy(y, j++);
    }
    while (i < x.n) out.copy(x, i++);
    while (j < y.n) out.copy(y, j++);
    return out;
  }

  /** This list if sorted, else a sorted copy (stable). */
  private inOrder(): ValueList {
    if (this.sorted) return this;
    const order = this.order();
    const out = new ValueList();
    out.grow(Math.max(8, this.n));
    out.seqRising = false;
    for (let k = 0; k < order.length; k++) out.copy(this, order[k]!);
    return out;
  }

  /** Appends element `i` of `x` (room is there: see `merge`). */
  private copy(x: ValueList, i: number): void {
    const k = this.n++;
    this.t[k] = x.t[i]!;
    this.seq[k] = x.seq[i]!;
    this.m[k] = x.m[i]!;
    this.s[k] = x.s[i]!;
    this.tx.push(x.tx[i]!);
    this.raw.push(x.raw[i]);
    if (x.big !== undefined && x.m[i] !== x.m[i]) (this.big ??= new Map()).set(k, x.big.get(i)!);
  }

  /** Indices in time order (ties: seq, transaction id, then insertion order). */
  order(): Uint32Array {
    const n = this.n;
    const idx = new Uint32Array(n);
    for (let i = 0; i < n; i++) idx[i] = i;
    if (this.sorted) return idx;
    if (this.seqRising && this.packedOrder(idx)) return idx;
    const { t, seq, tx } = this;
    return idx.sort((i, j) => compareOrder(t[i]!, seq[i]!, tx[i]!, t[j]!, seq[j]!, tx[j]!) || i - j);
  }

  /** With seq rising in push order, time order is (t, push index): a radix sort of the integer timestamps (_timeOrder.ts). */
  private packedOrder(idx: Uint32Array): boolean {
    const order = radixTimeOrder(this.t, this.n);
    if (order === undefined) return false;
    idx.set(order);
    return true;
  }

  /** The values in time order, as decimals. */
  decimals(order: Uint32Array): Decimal[] {
    const c: FixedCell = { m: 0, s: 0, b: undefined };
    // Preallocated: pushing onto a growing array of many thousands costs far more (fusedAggregate.ts).
    const out = new Array<Decimal>(order.length);
    for (let k = 0; k < order.length; k++) out[k] = cellToDecimal(this.cell(order[k]!, c));
    return out;
  }

  /** The values in time order, as decimal strings (what `toDecimalString` of {@link decimals} gives). */
  texts(order: Uint32Array): string[] {
    const c: FixedCell = { m: 0, s: 0, b: undefined };
    const out = new Array<string>(order.length);
    const raw = this.raw;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      out[k] = raw[i] ?? cellText(this.cell(i, c));
    }
    return out;
  }
}

/**
 * Whether `t`, the text `c` was read from (so `-?\d+(\.\d+)?`), is already what
 * `cellText(c)` gives: no leading zero, no trailing zero after the point, not a negative zero.
 */
export function isCanonical(t: string, c: FixedCell): boolean {
  const neg = t.charCodeAt(0) === 45 ? 1 : 0;
  if (t.charCodeAt(neg) === 48 && t.length > neg + 1 && t.charCodeAt(neg + 1) !== 46) return false;
  if (c.s > 0 && t.charCodeAt(t.length - 1) === 48) return false;
  return !(neg === 1 && (c.b === undefined ? c.m === 0 : c.b === 0n));
}
