/**
 * The inputs of the JSON entry points, as TypeScript types: the catalog objects are the input
 * types of their zod schemas (src/parse/schemas, the same that validate them and that
 * schemas/*.schema.json are written from); the entry points' envelopes follow contract.md §1–4.
 * Types for writing inputs; the entry points still take `unknown` and validate everything.
 */
import type { z } from "zod";
import type { addOnSchema } from "./schemas/addOn.js";
import type { billableMetricSchema } from "./schemas/billableMetric.js";
import type { chargeSchema } from "./schemas/charge.js";
import type { couponSchema } from "./schemas/coupon.js";
import type { customerSchema } from "./schemas/customer.js";
import type { eventSchema } from "./schemas/event.js";
import type { fixedChargeSchema } from "./schemas/fixedCharge.js";
import type { organizationSchema } from "./schemas/organization.js";
import type { planSchema } from "./schemas/plan.js";
import type { subscriptionSchema } from "./schemas/subscription.js";
import type { taxSchema } from "./schemas/tax.js";
import type { walletSchema } from "./schemas/wallet.js";

export type AddOnInput = z.input<typeof addOnSchema>;
export type BillableMetricInput = z.input<typeof billableMetricSchema>;
export type ChargeInput = z.input<typeof chargeSchema>;
export type CouponInput = z.input<typeof couponSchema>;
export type CustomerInput = z.input<typeof customerSchema>;
export type EventInput = z.input<typeof eventSchema>;
export type FixedChargeInput = z.input<typeof fixedChargeSchema>;
export type OrganizationInput = z.input<typeof organizationSchema>;
export type PlanInput = z.input<typeof planSchema>;
export type SubscriptionInput = z.input<typeof subscriptionSchema>;
export type TaxInput = z.input<typeof taxSchema>;
export type WalletInput = z.input<typeof walletSchema>;

/** A decimal as the JSON entry points take it: a string (`"12.5"`); range bounds may be numbers. */
export type DecimalText = string;

/** `applyChargeModel`'s input (contract.md §1). */
export interface ApplyChargeModelRequest {
  readonly charge: {
    readonly charge_model: "standard" | "graduated" | "graduated_percentage" | "package" | "percentage" | "volume" | "dynamic";
    readonly properties?: { readonly [key: string]: unknown };
    readonly prorated?: boolean;
    readonly pay_in_advance?: boolean;
  };
  readonly aggregation: {
    readonly units: DecimalText;
    readonly events_count?: number;
    readonly full_units_number?: DecimalText;
    readonly running_total?: readonly DecimalText[];
    readonly event_values?: readonly DecimalText[];
    readonly total_aggregated_units?: DecimalText;
    readonly event_prorated_values?: readonly DecimalText[];
    readonly precise_total_amount_cents?: DecimalText;
  };
  readonly currency?: string;
  readonly period_ratio?: DecimalText;
  readonly calculate_projected_usage?: boolean;
}

/** `aggregate`'s input (contract.md §2). */
export interface AggregateRequest {
  readonly billable_metric: BillableMetricInput | { readonly code: string; readonly aggregation_type: string; readonly [key: string]: unknown };
  readonly events: readonly EventInput[];
  readonly from_datetime: string;
  readonly to_datetime: string;
  readonly filters?: { readonly [key: string]: readonly string[] };
  readonly ignored_filters?: readonly { readonly [key: string]: readonly string[] }[];
  readonly grouped_by?: readonly string[];
  readonly prorated?: boolean;
  readonly charges_duration?: number;
  readonly timezone?: string;
  readonly options?: { readonly free_units_per_events?: number; readonly free_units_per_total_aggregation?: DecimalText };
  readonly subscription_started_at?: string;
}

/** `billingPeriod`'s input (contract.md §3). */
export interface BillingPeriodRequest {
  readonly plan: { readonly interval: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly"; readonly pay_in_advance?: boolean; readonly bill_charges_monthly?: boolean | null; readonly bill_fixed_charges_monthly?: boolean | null };
  readonly subscription: {
    readonly billing_time: "calendar" | "anniversary";
    readonly subscription_at: string;
    readonly started_at: string;
    readonly terminated_at?: string | null;
    readonly status: "pending" | "active" | "terminated" | "canceled";
  };
  readonly timezone?: string;
  readonly billing_at: string;
  readonly current_usage?: boolean;
}

/** One call of a timeline (contract.md §4): the operation and the body of the service's call. */
export interface StepInput {
  readonly at: string;
  readonly op: string;
  readonly body: { readonly [key: string]: unknown };
}

/** `simulate`'s input (contract.md §4): the catalog, the calls in time order, and `until`. */
export interface SimulateRequest {
  readonly organization?: OrganizationInput;
  readonly billable_metrics?: readonly BillableMetricInput[];
  readonly plans?: readonly PlanInput[];
  readonly add_ons?: readonly AddOnInput[];
  readonly coupons?: readonly CouponInput[];
  readonly taxes?: readonly TaxInput[];
  readonly steps: readonly StepInput[];
  readonly until?: string;
}
