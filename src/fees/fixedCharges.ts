/**
 * The fee of one fixed charge for a window (periods.md §7).
 */
import type { CurrencyCode } from "../core/currency.js";
import type { Decimal } from "../core/decimal.js";
import type { Period } from "../core/instant.js";
import { rateParsedCharge as applyChargeModel } from "../charges/index.js";
import type { AmountRange } from "../charges/index.js";
import { lastSecond } from "./_days.js";
import { chargeFeeAmounts } from "./chargeFee.js";
import { feeAmountDetails } from "./feeAmountDetails.js";
import { type FixedChargeEvent, fixedChargeUnits } from "./fixedChargeUnits.js";
import { type FeeIdContext, feeIds, uuidOf, windowParts } from "./feeIds.js";
import type { Fee, FeeAmounts } from "./types.js";

/** A fixed charge: an add-on priced with standard, graduated or volume, per unit. */
export type FixedChargeModel =
  | { readonly charge_model: "standard"; readonly properties: { readonly amount: Decimal } }
  | { readonly charge_model: "graduated"; readonly properties: { readonly graduated_ranges: readonly AmountRange[] } }
  | { readonly charge_model: "volume"; readonly properties: { readonly volume_ranges: readonly AmountRange[] } };

export type FixedCharge = FixedChargeModel & {
  readonly id?: string;
  /** The fixed charge's code (default: its add-on's code). */
  readonly code: string;
  /** Its add-on's code: the fee's `item.code` (objects.md §2); the fixed charge's code when absent. */
  readonly add_on_code?: string;
  readonly name: string;
  readonly invoice_display_name?: string | null;
  readonly pay_in_advance: boolean;
  readonly prorated: boolean;
};

/**
 * The charge model applied to a number of units, as fee amounts (§16 rounding, negative → 0).
 * Prorated (`fullUnits` given): volume picks its range by the full units and prices the
 * prorated ones (charges.md §7); graduated runs the prorated-graduated model (§10) on one event
 * of the full units worth the prorated units: tiers by the full units, each priced at the
 * prorated share, flats whole (the reference's fixed-charge aggregation).
 */
export function priceFixedChargeUnits(charge: FixedChargeModel, units: Decimal, currency: CurrencyCode, fullUnits?: Decimal): FeeAmounts {
  const aggregation = fullUnits === undefined ? { units, events_count: 0 } : { units, events_count: 0, full_units_number: fullUnits };
  const prorated = fullUnits !== undefined && (charge.charge_model === "volume" || charge.charge_model === "graduated");
  // Graduated: the whole period as one event of the full units, worth the prorated units.
  const result = applyChargeModel(
    { ...charge, prorated, pay_in_advance: false },
    prorated && charge.charge_model === "graduated" ? { ...aggregation, event_values: [fullUnits!], event_prorated_values: [units] } : aggregation,
  );
  return chargeFeeAmounts({
    result: { ...result, amount_details: feeAmountDetails(result.amount_details), full_units_number: fullUnits },
    aggregation: { events_count: 0 },
    currency,
    charge: {},
  });
}

export interface FixedChargeFeeInput {
  readonly fixed_charge: FixedCharge;
  /** Units events of this subscription's fixed charge, in creation order. */
  readonly events: readonly FixedChargeEvent[];
  /**
   * The fee window `[start, end)`: the fixed-charges window of the billing run for an
   * arrears charge; the current period (current-usage mode) for an advance charge.
   */
  readonly window: Period;
  readonly fixed_charges_duration_in_days: number;
  readonly timezone: string;
  readonly currency: CurrencyCode;
  /** The subscription (and scope) of the fee's id: path "fixed_charge", id (or code), window. */
  readonly ids?: FeeIdContext;
}

/**
 * Units over time (prorated or not), the charge model applied to them, the amount rounded
 * at the currency. The fee shows the non-prorated units (`full_units_number`) and spans
 * the window (`to_date` = its last second).
 * @example 10 units × 10.00, raised to 20 on the 16th of a 30-day month, prorated → 15 units priced → 150.00
 */
export function fixedChargeFee(input: FixedChargeFeeInput): Fee {
  const fc = input.fixed_charge;
  const u = fixedChargeUnits(input.events, input.window, {
    prorated: fc.prorated,
    duration_in_days: input.fixed_charges_duration_in_days,
    timezone: input.timezone,
  });
  const amounts = priceFixedChargeUnits(fc, u.units, input.currency, fc.prorated ? u.full_units_number : undefined);
  const toDate = lastSecond(input.window);
  return {
    ...feeIds(input.ids, ["fixed_charge", fc.id ?? fc.code, ...windowParts(input.window.start, toDate)]),
    amount_currency: input.currency,
    ...amounts,
    units: fc.prorated ? u.full_units_number : u.units,
    total_aggregated_units: u.units,
    item: { type: "fixed_charge", code: fc.add_on_code ?? fc.code, name: fc.name, invoice_display_name: fc.invoice_display_name ?? null },
    from_date: input.window.start,
    to_date: toDate,
    pay_in_advance: fc.pay_in_advance,
    ...(fc.id === undefined ? {} : { fixed_charge_id: fc.id, svc_fixed_charge_id: uuidOf("fixed_charge", fc.id) }),
  };
}
