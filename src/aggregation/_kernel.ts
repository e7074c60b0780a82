/**
 * The shape shared by the aggregation kernels: a small mergeable state per metric (and
 * per group), fed one selected event at a time.
 */
import type { Decimal } from "../core/decimal.js";
import type { UsageEvent, UnitsResult } from "./types.js";

/** Settings fixed for one aggregation, read by the kernels. */
export interface KernelContext {
  readonly from: number;
  readonly to: number;
  readonly timezone: string;
  /** Days of the full charges period (proration and weighted sums). */
  readonly chargesDuration: number;
  readonly upgraded: boolean;
  /** Keep per-event values (running totals, event values). */
  readonly trackValues: boolean;
  readonly runningTotal: { readonly events: number; readonly total: Decimal } | undefined;
  readonly eventValues: boolean;
  /** Per-event values as decimal strings (`event_value_texts`) instead of decimals (sum, count). */
  readonly eventValuesText: boolean;
  /** The property values are read from, when read as is (no expression): kept values reuse its text. */
  readonly rawField: string | undefined;
  readonly preciseAmounts: boolean;
}

export interface Kernel<S, In> {
  init(ctx: KernelContext): S;
  /** Adds a selected event; `before` is true for an event before the window (carried in). */
  add(state: S, input: In, event: UsageEvent, before: boolean, ctx: KernelContext): void;
  /** A state equal to the aggregation of both inputs' events. */
  merge(a: S, b: S): S;
  finish(state: S, ctx: KernelContext, grouped: boolean): UnitsResult;
}

/** −1, 0 or 1: time order, then ingestion order (`seq`), then transaction_id. */
export function compareOrder(at: number, aseq: number, atx: string, bt: number, bseq: number, btx: string): number {
  if (at !== bt) return at < bt ? -1 : 1;
  if (aseq !== bseq) return aseq < bseq ? -1 : 1;
  return atx < btx ? -1 : atx > btx ? 1 : 0;
}

export interface Ordered {
  readonly t: number;
  readonly seq: number;
  readonly tx: string;
}

export function compareOrdered(a: Ordered, b: Ordered): number {
  return compareOrder(a.t, a.seq, a.tx, b.t, b.seq, b.tx);
}

export function orderOf(e: UsageEvent): Ordered {
  return { t: e.timestamp, seq: e.seq ?? 0, tx: e.transaction_id };
}
