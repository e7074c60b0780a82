/**
 * The simulation's catalog as the engine's areas take it: organization, billable metrics,
 * taxes, add-ons, plans with their charges and fixed charges, and coupons.
 */
import type { CurrencyCode } from "../core/currency.js";
import type { Decimal } from "../core/decimal.js";
import type { BillableMetric } from "../aggregation/index.js";
import type { Charge } from "../charges/index.js";
import type { FixedCharge, MetricFilters, UsageCharge } from "../fees/index.js";
import type { CouponTemplate, Tax, UsageThreshold } from "../invoice/index.js";
import type { Interval } from "../period/index.js";
import type { Instant } from "../core/instant.js";

/** The grouping key that carries an event's target wallet. */
export const TARGET_WALLET = "target_wallet_code";

export interface Organization {
  /** The organization's id (`svc_organization_id`), from its name. */
  readonly svc_id: string;
  readonly name: string;
  /** The prefix of customer slugs (objects.md §8). */
  readonly document_number_prefix: string;
  readonly billing_entity_code: string;
  readonly timezone: string;
  readonly default_currency: CurrencyCode | undefined;
  /**
   * Taxes every customer without its own gets (organization `tax_codes`, then taxes `applied_to_organization`);
   * `update_tax` / `delete_tax` replace the list (the object is shared: invoicing reads it too).
   */
  taxes: readonly Tax[];
  readonly premium_integrations: readonly string[];
  readonly invoice_grace_period: number;
  readonly net_payment_term: number;
}

export interface Metric extends BillableMetric {
  readonly svc_id: string;
  readonly name: string;
  readonly description: string | null;
  readonly filters: MetricFilters;
}

export interface PlanCharge {
  readonly svc_id: string;
  readonly code: string;
  readonly invoice_display_name: string | null;
  /** Pay-in-advance charges with `invoiceable: false` create fees without invoices. */
  readonly invoiceable: boolean;
  /** `invoice`: its paid fees (when not invoiceable) are regrouped on an `advance_charges` invoice (invoice.md §1.4); null otherwise. */
  readonly regroup_paid_fees?: "invoice" | null;
  readonly metric: Metric;
  readonly usage: UsageCharge;
  readonly charge: Charge;
  /** `undefined`: none of its own (the plan's apply). */
  readonly taxes: readonly Tax[] | undefined;
}

/** A plan's fixed charge (periods.md §7): an add-on billed per period for a number of units. */
export interface PlanFixedCharge {
  readonly svc_id: string;
  /** Its code (default: the add-on's code); steps name it. */
  readonly code: string;
  readonly add_on: AddOn;
  /** What the fees area prices (`id` = svc_id, `name` = the add-on's name). */
  readonly fixed_charge: FixedCharge;
  /** Units of the plan (a subscription may override them). */
  readonly units: Decimal;
  /** `undefined`: none of its own (the plan's apply, invoice.md §5.1). */
  readonly taxes: readonly Tax[] | undefined;
  /** A child plan's copy (`plan_overrides` beyond units, periods.md §7.1): the plan fixed charge it was copied from. */
  readonly parent_id?: string;
}

export interface Plan {
  readonly svc_id: string;
  readonly code: string;
  readonly name: string;
  readonly interval: Interval;
  readonly amount_cents: bigint;
  readonly currency: CurrencyCode;
  readonly pay_in_advance: boolean;
  readonly bill_charges_monthly: boolean;
  readonly bill_fixed_charges_monthly: boolean;
  readonly trial_period: number;
  readonly charges: readonly PlanCharge[];
  /** In `fixed_charges[]` order (the fee order, invoice.md §1.1). */
  readonly fixed_charges: readonly PlanFixedCharge[];
  readonly taxes: readonly Tax[] | undefined;
  /** invoice.md §12.1. */
  readonly usage_thresholds: readonly UsageThreshold[];
  /** invoice.md §6; `taxes` undefined: none of its own. */
  readonly minimum_commitment: { readonly amount_cents: bigint; readonly invoice_display_name: string | null; readonly taxes: readonly Tax[] | undefined } | null;
  /** Its display name on the subscription fee (`update_plan`, `plan_overrides`). */
  readonly invoice_display_name?: string | null;
  /** The plan's description (the subscription fee's `item.description`). */
  readonly description?: string | null;
  /** A child plan (a subscription's `plan_overrides`): the svc id of the catalog plan it was copied from. */
  readonly parent_id?: string;
  /** The last `update_plan` of it (its objects' `updated_at`); undefined: as created. */
  readonly updated_at?: Instant;
  /** The catalog plan's free `metadata` map (objects.md §16), as sent; undefined: none. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** A pricing unit of the catalog (premium, charges.md §16.5): charges price in it by `applied_pricing_unit`. */
export interface PricingUnit {
  readonly svc_id: string;
  readonly code: string;
  readonly name: string;
  readonly short_name: string;
  readonly description: string | null;
}

export interface AddOn {
  readonly svc_id: string;
  readonly code: string;
  readonly name: string;
  readonly amount_cents: bigint;
  readonly currency: CurrencyCode;
  readonly invoice_display_name: string | null;
  readonly description: string | null;
  readonly taxes: readonly Tax[] | undefined;
}

export interface Catalog {
  readonly organization: Organization;
  /** `update_add_on` / `delete_add_on` replace or remove an add-on here from their instant on. */
  readonly add_ons: Map<string, AddOn>;
  /** `update_coupon` / `delete_coupon` likewise. */
  readonly coupons: Map<string, CouponTemplate>;
  /** `update_billable_metric` / `delete_billable_metric` replace or remove a metric here from their instant on. */
  readonly metrics: Map<string, Metric>;
  /** `update_tax` / `delete_tax` likewise. */
  readonly taxes: Map<string, Tax>;
  /** `update_plan` replaces a plan here from its instant on; `delete_plan` removes it. */
  readonly plans: Map<string, Plan>;
  /** Premium pricing units (input key `pricing_units`), by code. */
  readonly pricing_units: ReadonlyMap<string, PricingUnit>;
  /** When the catalog's objects were created: the first step's instant (docs/simulator.md "Objects"). */
  readonly created_at?: Instant;
}
