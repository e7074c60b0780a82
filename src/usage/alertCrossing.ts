/**
 * The crossing rule of usage alerts (invoice.md §14.2): which thresholds a move from
 * `previous_value` to the current value passes, and how the webhook lists them.
 */
import { type Decimal, ZERO, dec, round } from "../core/decimal.js";
import type { AlertDirection, AlertThreshold, CrossedThreshold } from "./alertTypes.js";

export interface CrossingInput {
  readonly direction: AlertDirection;
  readonly thresholds: readonly AlertThreshold[];
  readonly previous_value: Decimal;
}

/**
 * The crossed threshold values, ascending and unique (§14.2). Increasing: one-time values
 * `p < t ≤ c` (only while `p` is below the last one) and recurring values `base + k·R`
 * from `k = max(ceil((p − base)/R), 1)` to `floor((c − base)/R)`, `base` = last one-time
 * value or 0; nothing when `c ≤ p` or `c` is below the first one-time value. Decreasing
 * mirrors it around the first one-time value.
 * @example O = [10, 30, 50], R = 100, p 33 → c 351 //=> [50, 150, 250, 350]
 */
export function crossedThresholdValues(alert: CrossingInput, current: Decimal): Decimal[] {
  const oneTime = uniqueSorted(alert.thresholds.filter((t) => !t.recurring).map((t) => t.value));
  const step = alert.thresholds.find((t) => t.recurring)?.value;
  const p = alert.previous_value;
  const c = current;
  const first = oneTime[0];
  const last = oneTime[oneTime.length - 1];
  const out: Decimal[] = [];
  if (alert.direction === "increasing") {
    if (c.lte(p)) return [];
    if (first !== undefined && last !== undefined) {
      if (c.lt(first)) return [];
      if (p.lt(last)) out.push(...oneTime.filter((t) => t.gt(p) && t.lte(c)));
    }
    if (step !== undefined && step.gt(ZERO)) {
      const base = last ?? ZERO;
      const k1 = maxInt(ceil(p.minus(base).div(step)), 1n);
      const k2 = floor(c.minus(base).div(step));
      for (let k = k1; k <= k2; k++) out.push(base.plus(step.times(dec(k))));
    }
  } else {
    if (c.gte(p)) return [];
    if (first !== undefined && last !== undefined) {
      if (c.gt(last)) return [];
      if (p.gt(first)) out.push(...oneTime.filter((t) => t.lt(p) && t.gte(c)));
    }
    if (step !== undefined && step.gt(ZERO)) {
      const base = first ?? ZERO;
      const k1 = maxInt(ceil(base.minus(p).div(step)), 1n);
      const k2 = floor(base.minus(c).div(step));
      for (let k = k1; k <= k2; k++) out.push(base.minus(step.times(dec(k))));
    }
  }
  return uniqueSorted(out);
}

/**
 * The webhook's `crossed_thresholds`: the crossed one-time thresholds in the alert's
 * stored order, then the crossed recurring values ascending under the recurring
 * threshold's code. A recurring value equal to a one-time value is listed once, as one-time.
 */
export function crossedThresholds(thresholds: readonly AlertThreshold[], values: readonly Decimal[]): CrossedThreshold[] {
  const oneTime = thresholds.filter((t) => !t.recurring);
  const isOneTime = (v: Decimal): boolean => oneTime.some((t) => t.value.eq(v));
  const regular = oneTime.filter((t) => values.some((v) => v.eq(t.value)));
  const recurringCode = thresholds.find((t) => t.recurring)?.code ?? null;
  return [
    ...regular.map((t) => ({ code: t.code, value: t.value, recurring: false })),
    ...values.filter((v) => !isOneTime(v)).map((v) => ({ code: recurringCode, value: v, recurring: true })),
  ];
}

function uniqueSorted(xs: readonly Decimal[]): Decimal[] {
  const sorted = [...xs].sort((a, b) => a.cmp(b));
  return sorted.filter((x, i) => i === 0 || !x.eq(sorted[i - 1]!));
}

/**
 * An integral decimal as a bigint: the step indexes of a crossing are few, but they can be
 * beyond 2^53 (a threshold of 1e17 with a recurring step of 1), where a number stops counting.
 */
const ceil = (x: Decimal): bigint => BigInt(round(x, 0, "ceil").toFixed(0));
const floor = (x: Decimal): bigint => BigInt(round(x, 0, "floor").toFixed(0));
const maxInt = (a: bigint, b: bigint): bigint => (a > b ? a : b);
