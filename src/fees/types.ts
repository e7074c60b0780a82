/**
 * The Fee shape produced by the fees area (the specification's Fee resource, typed).
 *
 * Money in `*_cents` fields is an integer of minor units (`bigint`); quantities and
 * unrounded amounts are `Decimal`; dates are instants. The JSON edge (simulator)
 * serialises them.
 */
import type { CurrencyCode } from "../core/currency.js";
import type { Decimal } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import type { FilterValues } from "../aggregation/index.js";

/** `item.type` of a fee (the reference engine's `fee_type`). */
export type FeeType = "subscription" | "charge" | "fixed_charge" | "add_on" | "credit" | "commitment";

/** A charge filter's values: key → allowed values (the aggregation area's type). */
export type { FilterValues };

/** The `item` object of a fee. */
export interface FeeItem {
  readonly type: FeeType;
  readonly code: string;
  readonly name: string;
  readonly invoice_display_name?: string | null;
  readonly filter_invoice_display_name?: string | null;
  /** Charge fees: the filter's values (`null` for the default bucket or an unfiltered charge). */
  readonly filters?: FilterValues | null;
  /** Grouped charge fees: the group's values (`{}` for an ungrouped fee). */
  readonly grouped_by?: Readonly<Record<string, string | null>>;
  /** The item's description, when its creator knows it (a one-off add-on, a wallet credit). */
  readonly description?: string | null;
  /** The id of what the fee bills, when its creator knows it (a wallet credit's transaction). */
  readonly svc_item_id?: string;
  /** The fee's own description (a one-off fee's). */
  readonly fee_description?: string | null;
}

/** The money and quantity fields every fee carries. */
export interface FeeAmounts {
  readonly units: Decimal;
  readonly amount_cents: bigint;
  /** Unrounded amount in minor units. */
  readonly precise_amount_cents: Decimal;
  /** The unit price in minor units, truncated to an integer. */
  readonly unit_amount_cents: bigint;
  /** The unit price in currency units, unrounded. */
  readonly precise_unit_amount: Decimal;
  readonly events_count: number;
  readonly total_aggregated_units: Decimal;
  readonly amount_details: Readonly<Record<string, unknown>>;
  /** Premium pricing units: the amounts in pricing-unit money, when the charge uses one. */
  readonly pricing_unit_details?: PricingUnitDetails;
}

/**
 * A charge's pricing unit (premium, charges.md §16.5): its model prices in the unit's money (two
 * decimals), converted to the currency at `conversion_rate`. The code, short name and id are
 * shown in the fee's `pricing_unit_details` (objects.md, Fee), null when not given.
 */
export interface AppliedPricingUnit {
  readonly conversion_rate: Decimal;
  readonly code?: string;
  readonly short_name?: string;
  readonly svc_id?: string;
}

export interface PricingUnitDetails {
  readonly svc_pricing_unit_id: string | null;
  readonly pricing_unit_code: string | null;
  readonly short_name: string | null;
  readonly amount_cents: bigint;
  readonly precise_amount_cents: Decimal;
  readonly unit_amount_cents: bigint;
  readonly precise_unit_amount: Decimal;
  readonly conversion_rate: Decimal;
}

/**
 * A fee of a subscription for a window. Its `svc_*` ids are deterministic UUIDs
 * (`feeIds`, docs/fees.md): the same inputs always give the same ids.
 */
export interface Fee extends FeeAmounts {
  /** UUID v5 of the fee's stable path (caller's scope and subscription, kind, what it bills, window). */
  readonly svc_id: string;
  /** The currency of every amount of the fee. */
  readonly amount_currency: CurrencyCode;
  /** UUIDs of what the fee belongs to, when known (a non-UUID key is mapped to a stable UUID). */
  readonly svc_subscription_id?: string;
  readonly svc_charge_id?: string;
  /** `null` for the default bucket or an unfiltered charge. */
  readonly svc_charge_filter_id?: string | null;
  readonly svc_fixed_charge_id?: string;
  /** On a true-up's parent: the true-up fee. */
  readonly svc_true_up_fee_id?: string;
  /** On a true-up fee: its parent (the charge's default fee). */
  readonly svc_true_up_parent_fee_id?: string;
  readonly item: FeeItem;
  readonly from_date: Instant;
  readonly to_date: Instant;
  readonly pay_in_advance: boolean;
  /** Ids of what the fee bills, passed through from the catalog when known. */
  readonly charge_id?: string;
  readonly charge_filter_id?: string | null;
  readonly fixed_charge_id?: string;
  /** True-up fees: marks the fee as the true-up of its charge's default fee. */
  readonly true_up?: boolean;
}

/** Plan intervals. */
export type PlanInterval = "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
