/**
 * The fee of one event of a pay-in-advance charge (charges.md §15):
 * `amount = model(total) − model(total − delta, events_count − 1, exclude_event)`.
 */
import { type Decimal, ZERO, dec, divOrZero, round, toScaledBigInt } from "../core/decimal.js";
import type { CurrencyCode } from "../core/currency.js";
import { subunitToUnit, toMinorUnits } from "../core/money.js";
import { rateParsedCharge as applyChargeModel } from "../charges/index.js";
import type { Aggregation, Charge, ChargeResult } from "../charges/index.js";
import { type FeeAmountDetails, feeAmountDetails } from "./feeAmountDetails.js";
import type { AdvanceEventDelta } from "./payInAdvanceDeltas.js";
import { viaPricingUnit } from "./chargeFee.js";
import type { AppliedPricingUnit, FeeAmounts } from "./types.js";

export interface PayInAdvanceFeeInput {
  readonly charge: Charge;
  /** The period's aggregation up to and including the event (units = total, events_count with it). */
  readonly aggregation: Aggregation;
  /** The event's delta (`payInAdvanceDeltas`). For prorated charges `delta.delta` is the unprorated delta. */
  readonly delta: AdvanceEventDelta;
  /** Prorated charges: the event's prorated units delta that the model prices (§13.3). */
  readonly prorated_delta?: Decimal;
  /** Dynamic charges: the event's own `precise_total_amount_cents` (left out of the "without" side). */
  readonly event_precise_total_amount_cents?: Decimal;
  readonly currency: CurrencyCode;
  /** Premium: the model prices in this pricing unit; the event's amount is converted as a charge fee's (charges.md §16.5). */
  readonly pricing_unit?: AppliedPricingUnit | undefined;
}

/**
 * The event's fee amounts. An event that does not raise the high-water mark shows the
 * units it applied and amount 0; otherwise units = delta and the incremental amount.
 * `unit_amount = rounded amount / units` (0 when the rounded amount is 0).
 * @example graduated 0–∞ @0.01 flat 0.01, first event of 1 unit → model(1) − model(0) = 0.02 → 2 cents
 */
export function payInAdvanceFeeAmounts(input: PayInAdvanceFeeInput): FeeAmounts {
  const { charge, aggregation, delta, currency } = input;
  const events = aggregation.events_count ?? 0;
  const common = { events_count: 1, total_aggregated_units: aggregation.units };
  if (!delta.raises) {
    // Nothing is priced: the percentage models still carry their details, every difference 0.
    const percentage = charge.charge_model === "percentage" || charge.charge_model === "graduated_percentage";
    const same = percentage ? applyChargeModel(charge, aggregation, { subunit_to_unit: subunitToUnit(currency) }) : undefined;
    const amount_details = same === undefined ? {} : detailsDifference(same, same);
    if (input.pricing_unit !== undefined) return Object.assign({}, common, { units: delta.applied }, viaPricingUnit(ZERO, ZERO, currency, input.pricing_unit), { amount_details });
    return Object.assign({}, common, { units: delta.applied, amount_cents: 0n, precise_amount_cents: ZERO, unit_amount_cents: 0n, precise_unit_amount: ZERO, amount_details });
  }
  const priced = input.prorated_delta ?? delta.delta;
  const subunit_to_unit = subunitToUnit(currency);
  const withEvent = applyChargeModel(charge, aggregation, { subunit_to_unit });
  const precise = aggregation.precise_total_amount_cents;
  const without = applyChargeModel(
    charge,
    Object.assign({},
      aggregation, { units: aggregation.units.minus(priced), events_count: Math.max(0, events - 1) }, dropLast(aggregation),
      (precise === undefined ? {} : { precise_total_amount_cents: precise.minus(input.event_precise_total_amount_cents ?? ZERO) }),
    ),
    { exclude_event: true, subunit_to_unit },
  );
  let amount = withEvent.amount.minus(without.amount);
  if (amount.lt(ZERO)) amount = ZERO;
  const pu = input.pricing_unit;
  if (pu !== undefined) {
    // In pricing-unit money: the unit amount from the amount rounded to the unit's cents, then both converted.
    const puUnit = divOrZero(round(amount, 2, "half_up"), delta.delta);
    return Object.assign({}, common, { units: delta.delta }, viaPricingUnit(amount, puUnit, currency, pu), { amount_details: detailsDifference(withEvent, without) });
  }
  const s = subunitToUnit(currency);
  const cents = toMinorUnits(amount, currency);
  const rounded = divOrZero(dec(cents), s);
  const unitAmount = rounded.eq(ZERO) ? ZERO : divOrZero(rounded, delta.delta);
  return Object.assign({},
    common,
    { units: delta.delta,
    amount_cents: cents,
    precise_amount_cents: amount.times(s),
    unit_amount_cents: toScaledBigInt(round(unitAmount.times(s), 0, "down"), 0),
    precise_unit_amount: unitAmount,
    amount_details: detailsDifference(withEvent, without) },
  );
}

/**
 * The per-event lists without the current (last) event. The running total is cut by
 * prefix-closed rules (charges.md §6.1: the first FE events, or up to the first total above
 * FT; count metrics 1…n), so the list for the n − 1 earlier events is its prefix of length
 * min(length, n − 1): the current event leaves it only when it was in it.
 */
function dropLast(a: Aggregation): Partial<Aggregation> {
  const out: { running_total?: readonly Decimal[]; event_values?: readonly Decimal[] } = {};
  const earlier = Math.max(0, (a.events_count ?? 0) - 1);
  if (a.running_total !== undefined) out.running_total = a.running_total.slice(0, Math.min(a.running_total.length, earlier));
  if (a.event_values !== undefined) out.event_values = a.event_values.slice(0, -1);
  return out;
}

/**
 * `{}` for every model except percentage (field-by-field difference, free units =
 * units − paid units) and graduated percentage (per range of the "with" side, the
 * difference of the matching range, `per_unit_total_amount = round(total / units, 2)`).
 */
function detailsDifference(w: ChargeResult, wo: ChargeResult): FeeAmountDetails {
  const a = w.amount_details;
  const b = wo.amount_details;
  if (a.kind === "percentage" && b.kind === "percentage") {
    const units = a.units.minus(b.units);
    const paid = a.paid_units.minus(b.paid_units);
    return Object.assign({},
      feeAmountDetails(a),
      { units,
      paid_units: paid,
      free_units: units.minus(paid),
      free_events: a.free_events - b.free_events,
      paid_events: a.paid_events - b.paid_events,
      per_unit_total_amount: a.per_unit_total_amount.minus(b.per_unit_total_amount),
      fixed_fee_total_amount: a.fixed_fee_total_amount.minus(b.fixed_fee_total_amount),
      min_max_adjustment_total_amount: a.min_max_adjustment_total_amount.minus(b.min_max_adjustment_total_amount) },
    );
  }
  if (a.kind === "graduated_percentage" && b.kind === "graduated_percentage") {
    return {
      graduated_percentage_ranges: a.graduated_percentage_ranges.map((r) => {
        const o = b.graduated_percentage_ranges.find((x) => x.from_value.eq(r.from_value));
        const units = o === undefined ? r.units : r.units.minus(o.units);
        const total = o === undefined ? r.total_with_flat_amount : r.total_with_flat_amount.minus(o.total_with_flat_amount);
        const flat = o === undefined ? r.flat_unit_amount : r.flat_unit_amount.minus(o.flat_unit_amount);
        return Object.assign({}, r, { units, flat_unit_amount: flat, total_with_flat_amount: total, per_unit_total_amount: round(divOrZero(total, units), 2, "half_up") });
      }),
    };
  }
  return {};
}
