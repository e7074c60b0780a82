/**
 * Units changes of a pay-in-advance fixed charge during a period (periods.md §7.1), and
 * the reduction of a new advance fixed-charge fee after an upgrade (§7).
 */
import type { CurrencyCode } from "../core/currency.js";
import { type Decimal, ZERO, dec, round, sum, toScaledBigInt } from "../core/decimal.js";
import type { Instant, Period } from "../core/instant.js";
import { roundHalfAway } from "../core/float.js";
import { subunitToUnit } from "../core/money.js";
import { requirePositiveInteger } from "./_check.js";
import { lastSecond, utcEpochDay } from "./_days.js";
import { type FixedChargeModel, priceFixedChargeUnits } from "./fixedCharges.js";
import type { FeeAmounts } from "./types.js";

export interface FixedChargeDeltaInput {
  readonly fixed_charge: FixedChargeModel & { readonly prorated: boolean };
  /** The units now in force. */
  readonly new_units: Decimal;
  /** Units of every fee of this fixed charge for the window, on any invoice. */
  readonly paid_units: readonly Decimal[];
  /** The change instant (the event's timestamp). */
  readonly changed_at: Instant;
  /** The current fixed-charges window `[start, end)`. */
  readonly window: Period;
  readonly fixed_charges_duration_in_days: number;
  readonly currency: CurrencyCode;
}

/**
 * `delta = new units − Σ paid units`. `delta ≤ 0` → units 0, amount 0 (a decrease is never
 * refunded). Otherwise units = delta, amount = model(delta × c) rounded at the currency,
 * with `c = 1`, or for a prorated charge `c = (date(window end) − date(change) + 1) /
 * duration` (UTC dates).
 * @example 10 → 15 units × 10.00 on 2024-03-06 → 5 units, 5 000
 */
export function fixedChargeDeltaFee(input: FixedChargeDeltaInput): FeeAmounts {
  requirePositiveInteger(input.fixed_charges_duration_in_days, ["fixed_charges_duration_in_days"]);
  const delta = input.new_units.minus(sum(input.paid_units));
  if (!delta.gt(ZERO)) {
    // Nothing is billed: not even a first range's flat amount (graduated, volume).
    const zero = priceFixedChargeUnits({ charge_model: "standard", properties: { amount: ZERO } }, ZERO, input.currency);
    return Object.assign({}, zero, { amount_cents: 0n, precise_amount_cents: ZERO, unit_amount_cents: 0n, precise_unit_amount: ZERO, amount_details: {} });
  }
  let priced = delta;
  if (input.fixed_charge.prorated) {
    const lastDay = utcEpochDay(lastSecond(input.window));
    const days = Math.max(0, lastDay - utcEpochDay(input.changed_at) + 1);
    priced = delta.times(dec(days)).div(dec(input.fixed_charges_duration_in_days));
  }
  const amounts = priceFixedChargeUnits(input.fixed_charge, priced, input.currency);
  // The fee shows the delta's units, and the unit amount per delta unit (not per prorated unit).
  const subunit = subunitToUnit(input.currency);
  const unit = amounts.precise_amount_cents.div(subunit).div(delta);
  // unit_amount_cents: the fee's cents per delta unit, rounded half away from zero (not truncated).
  const unitCents = toScaledBigInt(round(dec(amounts.amount_cents).div(delta), 0, "half_up"), 0);
  return Object.assign({}, amounts, { units: delta, total_aggregated_units: delta, precise_unit_amount: unit, unit_amount_cents: unitCents });
}

export interface UpgradeReductionInput {
  /** The new subscription's advance fixed-charge fee, before the reduction. */
  readonly new_amount_cents: bigint;
  /** The same add-on's fee on the previous subscription. */
  readonly previous_fee_amount_cents: bigint;
  /** When the previous fee was created (its event timestamp) and its window. */
  readonly previous_fee_at: Instant;
  readonly previous_window: Period;
  /** The new fee's window. */
  readonly new_window: Period;
}

/**
 * On upgrade with the same add-on and a prorated advance fixed charge, the new fee is
 * reduced by the part of the previous fee covering the rest of the period:
 * `previous × ceil(new window days) / ceil(days from the previous fee to its window
 * end)`, rounded; the result is floored at 0.
 */
export function upgradedFixedChargeAmount(input: UpgradeReductionInput): bigint {
  const newDays = Math.ceil((input.new_window.end - input.new_window.start) / 86_400_000);
  const oldDays = Math.ceil((input.previous_window.end - input.previous_fee_at) / 86_400_000);
  if (oldDays <= 0) return input.new_amount_cents;
  // The deduction is rounded on its own (half away from zero, computed in binary64 as the
  // reference does), then taken off.
  const unused = BigInt(roundHalfAway((Number(input.previous_fee_amount_cents) * newDays) / oldDays));
  const reduced = input.new_amount_cents - unused;
  return reduced > 0n ? reduced : 0n;
}
