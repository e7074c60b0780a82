/**
 * Progressive billing: how far the lifetime usage is towards each threshold, for
 * display (invoice.md §12.4).
 */
import { type UsageThreshold, checkThresholds } from "./progressiveThresholds.js";

export interface ThresholdCompletion {
  /** The lifetime-usage level of the entry: the threshold's amount, or `L + k·R` for a recurring step. */
  readonly amount_cents: bigint;
  readonly recurring: boolean;
  readonly threshold_display_name: string | null;
  /** 1.0 when passed, 0 when not started, a double in between for the next one. */
  readonly completion_ratio: number;
}

const ratio = (num: bigint, den: bigint): number => (den === 0n ? 0 : Number(num) / Number(den));

/**
 * §12.4. Non-recurring thresholds in ascending amount: passed ones (≤ total) 1.0, the next
 * one `(total − last_passed)/(next − last_passed)`, later ones 0. Then the recurring
 * threshold R (L = largest non-recurring, 0 if none): while some fixed one is not passed,
 * one entry at `L + R` with ratio 0; once all are passed, one entry per full recurring
 * step (`L + i·R`, ratio 1.0) and a current one with ratio `((L + total) mod R) / R`
 * (the section's formula, with last_passed = L).
 * @example usageThresholdsCompletion([{ amount_cents: 200n, recurring: false }, { amount_cents: 500n, recurring: false }], 350n).map((e) => e.completion_ratio) //=> [1, 0.5]
 */
export function usageThresholdsCompletion(thresholds: readonly UsageThreshold[], totalAmountCents: bigint): ThresholdCompletion[] {
  checkThresholds(thresholds);
  const fixed = thresholds.filter((t) => !t.recurring).sort((a, b) => (a.amount_cents < b.amount_cents ? -1 : 1));
  const out: ThresholdCompletion[] = [];
  let lastPassed = 0n;
  let nextFound = false;
  for (const t of fixed) {
    let r = 0;
    if (t.amount_cents <= totalAmountCents) {
      r = 1;
      lastPassed = t.amount_cents;
    } else if (!nextFound) {
      r = ratio(totalAmountCents - lastPassed, t.amount_cents - lastPassed);
      nextFound = true;
    }
    out.push(entry(t, t.amount_cents, r));
  }
  const rec = thresholds.find((t) => t.recurring);
  if (rec === undefined) return out;
  const largest = fixed.at(-1)?.amount_cents ?? 0n;
  const step = rec.amount_cents;
  if (totalAmountCents < largest) return [...out, entry(rec, largest + step, 0)];
  const full = (totalAmountCents - largest) / step;
  for (let i = 1n; i <= full; i++) out.push(entry(rec, largest + i * step, 1));
  out.push(entry(rec, largest + (full + 1n) * step, ratio((largest + totalAmountCents) % step, step)));
  return out;
}

function entry(t: UsageThreshold, amount: bigint, completion: number): ThresholdCompletion {
  return { amount_cents: amount, recurring: t.recurring, threshold_display_name: t.threshold_display_name ?? null, completion_ratio: completion };
}
