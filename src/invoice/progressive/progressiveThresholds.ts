/**
 * Progressive billing (premium integration `progressive_billing`, invoice.md §12.1,
 * §12.3): which usage thresholds a subscription has, and which ones its usage has just
 * passed.
 */
import { ValidationError, type Issue, issue } from "../../core/issue.js";

/** A `usage_thresholds[]` entry of a plan or a subscription (§12.1). */
export interface UsageThreshold {
  readonly amount_cents: bigint;
  readonly recurring: boolean;
  readonly threshold_display_name?: string | null | undefined;
}

/**
 * §12.1: the subscription's own thresholds win over the plan's (a non-empty set replaces
 * the plan's); none at all when `progressive_billing_disabled`.
 */
export function effectiveUsageThresholds(
  plan: readonly UsageThreshold[],
  subscription: readonly UsageThreshold[] | null | undefined,
  progressiveBillingDisabled = false,
): readonly UsageThreshold[] {
  if (progressiveBillingDisabled) return [];
  return subscription !== null && subscription !== undefined && subscription.length > 0 ? subscription : plan;
}

export interface ThresholdCheckInput {
  readonly thresholds: readonly UsageThreshold[];
  /** Lifetime usage parts (§12.2). */
  readonly historical_usage_amount_cents: bigint;
  readonly invoiced_usage_amount_cents: bigint;
  readonly current_usage_amount_cents: bigint;
  /** `P`: `fees_amount_cents` of the latest progressive-billing invoice of the period, else 0. */
  readonly progressive_billed_amount_cents: bigint;
}

/**
 * §12.3, the thresholds passed now: non-recurring ones in ascending amount, then the
 * recurring one. Non-empty → a progressive-billing invoice is due now, listing them all.
 * ```
 * actual = current − P (negative: nothing); invoiced = historical + invoiced_usage + P
 * L = largest non-recurring (0 if none); total = invoiced + actual
 * invoiced < L: non-recurring t with invoiced < t ≤ total, + recurring R if total − L ≥ R
 * else:         [R] if actual + (invoiced mod R) ≥ R
 * ```
 * @example usageThresholdsPassed({ thresholds: [10, 20, 31, 40 and recurring 5], historical 0, invoiced 9, current 37, P 0 }) //=> [10, 20, 31, 40, 5]
 * @throws ValidationError (`invalid_value`) for a threshold amount ≤ 0 or a second recurring threshold, `value_already_exist` for a repeated non-recurring amount.
 */
export function usageThresholdsPassed(input: ThresholdCheckInput): UsageThreshold[] {
  checkThresholds(input.thresholds);
  const actual = input.current_usage_amount_cents - input.progressive_billed_amount_cents;
  if (actual < 0n) return [];
  const invoiced = input.historical_usage_amount_cents + input.invoiced_usage_amount_cents + input.progressive_billed_amount_cents;
  const fixed = input.thresholds.filter((t) => !t.recurring).sort((a, b) => (a.amount_cents < b.amount_cents ? -1 : a.amount_cents > b.amount_cents ? 1 : 0));
  const recurring = input.thresholds.find((t) => t.recurring);
  const largest = fixed.at(-1)?.amount_cents ?? 0n;
  const total = invoiced + actual;
  if (invoiced < largest) {
    const passed = fixed.filter((t) => invoiced < t.amount_cents && t.amount_cents <= total);
    if (recurring !== undefined && total - largest >= recurring.amount_cents) passed.push(recurring);
    return passed;
  }
  if (recurring === undefined) return [];
  return actual + (invoiced % recurring.amount_cents) >= recurring.amount_cents ? [recurring] : [];
}

/** §12.1 constraints the rule relies on: amounts > 0, unique non-recurring amounts, at most one recurring threshold. */
export function checkThresholds(thresholds: readonly UsageThreshold[]): void {
  const bad: Issue[] = [];
  thresholds.forEach((t, i) => {
    // Not above 0: out of range (the reference's greater-than check; negative amounts said so already).
    if (t.amount_cents <= 0n) bad.push(issue("value_is_out_of_range", ["usage_thresholds", i, "amount_cents"]));
  });
  const seen = new Set<bigint>();
  thresholds.forEach((t, i) => {
    if (t.recurring) return;
    if (seen.has(t.amount_cents)) bad.push(issue("value_already_exist", ["usage_thresholds", i, "amount_cents"]));
    seen.add(t.amount_cents);
  });
  const recurring = thresholds.flatMap((t, i) => (t.recurring ? [i] : []));
  for (const i of recurring.slice(1)) bad.push(issue("invalid_value", ["usage_thresholds", i, "recurring"]));
  const [first, ...rest] = bad;
  if (first !== undefined) throw new ValidationError([first, ...rest]);
}
