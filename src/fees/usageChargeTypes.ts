/**
 * The input of a usage charge's fees (usageChargeFees.ts): the charge, its filters, the
 * metric, the events and the window. Types only, shared by the modules that compute the fees.
 */
import type { CurrencyCode } from "../core/currency.js";
import type { Period } from "../core/instant.js";
import type { AggregationResult, AggregationWindow, BillableMetric, UnitsResult, UsageEvent } from "../aggregation/index.js";
import type { Charge } from "../charges/index.js";
import type { MetricFilters } from "./chargeFilterSelections.js";
import type { FeeIdContext } from "./feeIds.js";
import type { AppliedPricingUnit, Fee, FilterValues } from "./types.js";

/** A filter of a charge: its values as configured and its own price. */
export interface UsageChargeFilter {
  readonly id?: string;
  readonly values: FilterValues;
  /** The filter's properties, parsed with the charge's model. */
  readonly charge: Charge;
  readonly pricing_group_keys?: readonly string[];
  readonly invoice_display_name?: string | null;
}

export interface UsageCharge {
  readonly id?: string;
  readonly charge: Charge;
  /** `pricing_group_keys` (legacy `grouped_by`) of the charge's properties. */
  readonly pricing_group_keys?: readonly string[];
  /** In creation order (older first). */
  readonly filters?: readonly UsageChargeFilter[];
  readonly invoice_display_name?: string | null;
  readonly min_amount_cents?: bigint;
  /** Premium: the charge's model prices in this pricing unit, converted to the currency (charges.md §16.5). */
  readonly pricing_unit?: AppliedPricingUnit;
}

export interface UsageChargeFeesInput {
  readonly charge: UsageCharge;
  readonly metric: BillableMetric & { readonly name?: string; readonly filters?: MetricFilters };
  readonly events: readonly UsageEvent[];
  /**
   * The aggregation of the charge's events over an aggregation window, when the caller keeps it
   * up to date (the simulator's running states, docs/simulator.md): it must equal
   * `aggregateEvents(metric, events, window)`. `undefined` from it, or no function: `events` is
   * aggregated.
   */
  readonly aggregate?: ((metric: BillableMetric, window: AggregationWindow) => AggregationResult | undefined) | undefined;
  /** The charges window `[start, end)` of the billing run. */
  readonly window: Period;
  readonly charges_duration_in_days: number;
  readonly timezone: string;
  readonly currency: CurrencyCode;
  /** For a current-usage answer: every fee is kept, and no true-up. */
  readonly current_usage?: boolean;
  /** Renewal fees of a non-invoiceable pay-in-advance charge (outside any invoice): kept even when all zero (charges.md §16 step 4). */
  readonly renewal?: boolean;
  /** The subscription was terminated by an upgrade (one day less of proration and minimum). */
  readonly terminated_by_upgrade?: boolean;
  /** The subscription (and scope) of the fees' ids (docs/fees.md, "Ids"). */
  readonly ids?: FeeIdContext;
  /**
   * Fees made by earlier calls whose input differed from this one only in its events (the
   * caller's promise): a bucket whose aggregation figures are equal to the kept ones reuses its
   * fee, and buckets computed anew are kept. Per-event figures and pay-in-advance charges are
   * always computed.
   */
  readonly kept_buckets?: KeptBucketFees | undefined;
}

/** {@link UsageChargeFeesInput.kept_buckets}: by bucket (filter and group), the figures and the fee made from them. */
export type KeptBucketFees = Map<string, { readonly units: UnitsResult; readonly fee: Fee }>;

