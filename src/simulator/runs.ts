/**
 * The runs of the simulation's invoices, as plain types: why a subscription is on an invoice,
 * a fee with its charge, a usage threshold passed, and a webhook entry. A leaf module: the
 * invoice and operation modules all read it, it reads none of them.
 */
import { formatInstant, type Instant } from "../core/instant.js";
import type { Fee } from "../fees/index.js";
import type { Tax } from "../invoice/index.js";
import type { PlanCharge } from "./catalog.js";
import type { Subscription } from "./state.js";

/** Why a subscription is on an invoice; `in_advance_charge` invoices carry given fees, not billed runs. */
export type RunReason = "starting" | "periodic" | "terminating" | "in_advance_charge" | "progressive_billing";

export interface BilledFee {
  readonly fee: Fee;
  /** The charge, for a usage fee (null for the subscription fee and fixed-charge fees). */
  readonly charge: PlanCharge | null;
  /** Taxes chosen by the caller (a commitment fee's own, §5.1), instead of charge → plan → customer → organization. */
  readonly taxes?: readonly Tax[];
  /** A pay-in-advance charge fee: the transaction id of the event that created it. */
  readonly event_transaction_id?: string;
}

export interface SubscriptionRun {
  readonly subscription: Subscription;
  readonly at: Instant;
  readonly reason: RunReason;
  /** A progressive-billing run: the usage thresholds it passed (invoice.md §12.3). */
  readonly thresholds?: readonly AppliedUsageThreshold[];
  /**
   * The own invoice of a subscription's pay-in-advance fixed charges at its creation (an arrears
   * plan, or an advance plan in trial, periods.md §6): the reference builds it as it builds its
   * units-change invoices, keeping a fee with no units and no amount, which other runs leave out.
   */
  readonly fixed_charges_at_start?: true;
  /** A run of `preview_invoice`: its fixed-charge fees are all shown, those with no units and no amount too (the reference's preview keeps every fee it computes). */
  readonly preview?: true;
}

/** A usage threshold passed by a progressive-billing invoice, with the lifetime usage then. */
export interface AppliedUsageThreshold {
  readonly svc_id: string;
  readonly amount_cents: bigint;
  readonly recurring: boolean;
  readonly threshold_display_name: string | null;
  readonly lifetime_usage_amount_cents: bigint;
  /** The plan's threshold: created with the catalog, updated by the plan's last `update_plan`. */
  readonly created_at: Instant;
  readonly updated_at: Instant;
}

/** A usage threshold as the invoice and the webhook show it (objects.md §16). */
export function usageThresholdJson(t: AppliedUsageThreshold): { svc_id: string; threshold_display_name: string | null; amount_cents: number; recurring: boolean; created_at: string; updated_at: string } {
  return {
    svc_id: t.svc_id, threshold_display_name: t.threshold_display_name, amount_cents: Number(t.amount_cents), recurring: t.recurring,
    created_at: formatInstant(t.created_at), updated_at: formatInstant(t.updated_at),
  };
}

/** A webhook entry of the result (contract §4): its type, the instant it is sent, the object. */
export interface Webhook {
  readonly type: string;
  readonly at: string;
  readonly object: unknown;
}
