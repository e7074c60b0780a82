/**
 * The simulation's mutable state records (owned by one run of `runSimulation`; nothing
 * outlives it).
 */
import type { CurrencyCode } from "../core/currency.js";
import type { Decimal } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import type { UsageEvent } from "../aggregation/index.js";
import type { Fee, IssuingDateAdjustment, IssuingDateAnchor } from "../fees/index.js";
import type { AppliedCoupon, Tax } from "../invoice/index.js";
import type { BillingTime } from "../period/index.js";
import type { Plan } from "./catalog.js";

/** What a customer's body says of it beyond what billing reads: kept as sent, shown in its object (objects.md §8). */
export interface CustomerDetails {
  readonly [field: string]: string | null | undefined | CustomerAddress | readonly CustomerMetadata[];
  readonly shipping_address?: CustomerAddress;
  readonly metadata?: readonly CustomerMetadata[];
}

export interface CustomerAddress {
  readonly address_line1: string | null;
  readonly address_line2: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zipcode: string | null;
  readonly country: string | null;
}

export interface CustomerMetadata {
  readonly svc_id: string;
  readonly key: string;
  readonly value: string | null;
  readonly display_in_invoice: boolean;
  readonly created_at: Instant;
}

export interface Customer {
  readonly svc_id: string;
  readonly external_id: string;
  /** 1, 2, … in creation order (0 until the simulation keeps it: a preview's customer). */
  sequential_id: number;
  /** `<document_number_prefix>-<sequential_id, 3 digits>` (objects.md §8). */
  slug: string;
  readonly created_at: Instant;
  updated_at: Instant;
  details: CustomerDetails;
  name: string | null;
  currency: CurrencyCode | null;
  timezone: string | null;
  taxes: readonly Tax[] | undefined;
  invoice_grace_period: number | null;
  net_payment_term: number | null;
  /** `finalize` | `skip` | `inherit` (invoice.md §1.3). */
  finalize_zero_amount_invoice: string | null;
  /** Coupons applied to the customer, in application order, with their consumption. */
  applied_coupons: readonly AppliedCoupon[];
  /** `billing_configuration.subscription_invoice_issuing_date_anchor` / `_adjustment` (periods.md §10); absent → the defaults. */
  issuing_date_anchor?: IssuingDateAnchor | null;
  issuing_date_adjustment?: IssuingDateAdjustment | null;
}

export type SubscriptionStatus = "pending" | "active" | "terminated" | "canceled";

export interface Subscription {
  readonly svc_id: string;
  readonly external_id: string;
  readonly customer: Customer;
  /** Replaced while pending without a previous subscription (periods.md §8), by `plan_overrides` (a child plan) and by `update_plan`. */
  plan: Plan;
  /** Its own usage thresholds (invoice.md §12.1: a non-empty set wins over the plan's); absent: none. */
  usage_thresholds?: Plan["usage_thresholds"];
  /** `progressive_billing_disabled` (§12.1: no threshold applies). */
  progressive_billing_disabled?: boolean;
  /** `update_subscription` may change it. */
  name: string | null;
  readonly billing_time: BillingTime;
  /** The anchor; `update_subscription` may move it while pending. */
  subscription_at: Instant;
  readonly created_at: Instant;
  status: SubscriptionStatus;
  started_at: Instant | null;
  terminated_at: Instant | null;
  canceled_at: Instant | null;
  on_termination_invoice: "generate" | "skip";
  /** The credit-note option its termination used (a plan paid in advance); null otherwise. */
  on_termination_credit_note: "credit" | "refund" | "offset" | "skip" | null;
  /**
   * The termination options given at creation or by `update_subscription` (null: not given):
   * a termination that names none (at `ending_at`, or a step without them) uses them, and a
   * `skip` credit note also holds for an upgrade.
   */
  termination_options: { invoice: "generate" | "skip" | null; credit_note: "credit" | "refund" | "offset" | "skip" | null };
  /** Plan changes (periods.md §8): the subscription this one replaced, and the one replacing it. */
  previous: Subscription | null;
  next: Subscription | null;
  /** How this one ended or will end: by an upgrade (now) or a downgrade (at its next billing run). */
  change: "upgrade" | "downgrade" | null;
  /** The subscription ends by itself then (`ending_at`). */
  ending_at: Instant | null;
  /** The earliest start among the subscriptions sharing the external id (trials never restart). */
  initial_started_at: Instant | null;
  /** A plan paid in advance in trial bills its first period when the trial ends. */
  trial_billing_at: Instant | null;
  /** `subscription.trial_ended` was sent (notices.ts). */
  trial_end_notified?: boolean;
  /** When `update_subscription` last set `ending_at` (termination alerts are not sent for days before it). */
  ending_at_set_at?: Instant;
  /** The day of the last `subscription.termination_alert` (notices.ts). */
  termination_alerted_at?: Instant;
  /** The instant of the last billing boundary handled (runs are looked for after it). */
  billed_until: Instant;
  // Fixed charges (optional: a record made elsewhere, e.g. for a preview, has none of its own).
  /** Fixed-charge units at the start (code → units; `plan_overrides.fixed_charges`), else the plan's. */
  fixed_charge_start_units?: ReadonlyMap<string, Decimal>;
  /** The plan's units at the start, kept when `update_plan` changed them later (or 0 for a fixed charge it added). */
  fixed_charge_base_units?: ReadonlyMap<string, Decimal>;
  /** Units changes after the creation, in creation order (periods.md §7.1); the start's event is `started_at + 1 s`. */
  fixed_charge_changes?: readonly FixedChargeChange[];
  /** The fixed-charge fees already billed for a subscription, on the invoices not holding `except` (a billing run). */
  readonly fixed_charge_ledger?: FixedChargeLedger;
}

export interface FixedChargeChange {
  readonly code: string;
  readonly timestamp: Instant;
  readonly units: Decimal;
  /** `plan`: the plan's units changed by `update_plan` (not an override of the subscription's own). */
  readonly source?: "plan";
}

/** A fixed-charge fee on an invoice, as later runs see it (§7's guard, §7.1's paid units). */
export interface BilledFixedChargeFee {
  readonly fee: Fee;
  readonly invoice_created_at: Instant;
  readonly voided: boolean;
}

export type FixedChargeLedger = (s: Subscription, except: unknown) => readonly BilledFixedChargeFee[];

/** A stored usage event: every field always present (one object shape for the aggregation kernels). */
export interface StoredEvent extends UsageEvent {
  readonly external_subscription_id: string;
  readonly seq: number;
  readonly precise_total_amount_cents: string | undefined;
}
