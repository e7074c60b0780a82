/**
 * The true-up fee of a usage charge on an invoice (charges.md §17), as a Fee linked to
 * the charge's default fee.
 */
import { prorationDays } from "../period/index.js";
import { lastSecond } from "./_days.js";
import { trueUpFeeAmounts } from "./trueUp.js";
import { trueUpFeeIds } from "./_chargeFeeIds.js";
import type { Fee } from "./types.js";
import type { UsageChargeFeesInput } from "./usageChargeTypes.js";

/** The default (unfiltered) fee of a charge: the true-up's parent. */
export function isDefaultChargeFee(f: Fee): boolean {
  return f.item.filters === null || f.item.filters === undefined;
}

/**
 * charges.md §17: billed days = local days of the window (minus one when terminated by an
 * upgrade). The fee names its parent in `svc_true_up_parent_fee_id` (`usageChargeFees`
 * sets the parent's `svc_true_up_fee_id`).
 */
export function chargeTrueUpFee(input: UsageChargeFeesInput, fees: readonly Fee[]): Fee | undefined {
  const min = input.charge.min_amount_cents;
  if (min === undefined || min <= 0n) return undefined;
  const days = prorationDays(input.window, input.timezone) - (input.terminated_by_upgrade === true ? 1 : 0);
  // A pricing-unit charge's minimum and used amounts are in pricing-unit cents (charges.md §17).
  const pu = input.charge.pricing_unit;
  const amounts = trueUpFeeAmounts({
    min_amount_cents: min,
    charges_duration_in_days: input.charges_duration_in_days,
    billed_days: Math.max(0, days),
    fees: pu === undefined ? fees : fees.map((f) => f.pricing_unit_details ?? f),
    currency: input.currency,
    ...(pu === undefined ? {} : { pricing_unit: pu }),
  });
  if (amounts === undefined) return undefined;
  const parent = fees.find(isDefaultChargeFee);
  return {
    ...trueUpFeeIds(input),
    ...(parent === undefined ? {} : { svc_true_up_parent_fee_id: parent.svc_id }),
    amount_currency: input.currency,
    ...amounts,
    item: { ...(parent?.item ?? { type: "charge", code: input.metric.code, name: input.metric.name ?? input.metric.code }), filters: null, grouped_by: {} },
    from_date: input.window.start,
    to_date: lastSecond(input.window),
    pay_in_advance: false,
    ...(input.charge.id === undefined ? {} : { charge_id: input.charge.id }),
    charge_filter_id: null,
    true_up: true,
  };
}

/** Σ of the fees' amounts (a charge's usage). */
export function sumAmountCents(fees: readonly Fee[]): bigint {
  return fees.reduce((a, f) => a + f.amount_cents, 0n);
}
