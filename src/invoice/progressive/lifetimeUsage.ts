/**
 * Lifetime usage of a subscription (invoice.md §12.2), the amount progressive-billing
 * thresholds are measured against.
 */
import { ValidationError, issue } from "../../core/issue.js";
import type { InvoiceFee, InvoiceStatus, InvoiceType } from "../types.js";

/** An invoice as lifetime usage reads it. */
export interface LifetimeUsageInvoice {
  readonly invoice_type: InvoiceType;
  readonly status: InvoiceStatus;
  readonly fees: readonly Pick<InvoiceFee, "fee_type" | "amount_cents">[];
}

export interface LifetimeUsageInput {
  /** The subscription's `historical_usage_amount_cents` (input, default 0). */
  readonly historical_usage_amount_cents: bigint;
  /**
   * The invoices of every subscription sharing the external id and `subscription_at`
   * (all types and statuses: the rule keeps the subscription ones that are finalized or draft).
   */
  readonly invoices: readonly LifetimeUsageInvoice[];
  /** Current usage of the period (pre-tax `amount_cents`). */
  readonly current_usage_amount_cents: bigint;
}

export interface LifetimeUsage {
  readonly historical_usage_amount_cents: bigint;
  readonly invoiced_usage_amount_cents: bigint;
  readonly current_usage_amount_cents: bigint;
  readonly total_amount_cents: bigint;
}

/** `invoiced` counts charge fees of `subscription` invoices that are finalized or draft. */
function counts(inv: LifetimeUsageInvoice): boolean {
  return inv.invoice_type === "subscription" && (inv.status === "finalized" || inv.status === "draft");
}

/**
 * §12.2: `total = historical + invoiced + current`, where `invoiced = Σ charge fee
 * amount_cents` on subscription invoices (finalized or draft). Progressive-billing invoices
 * are not counted here: the crossing rule (§12.3) adds them through `P`.
 * @example lifetimeUsage({ historical_usage_amount_cents: 0n, invoices: [{ invoice_type: "subscription", status: "finalized", fees: [{ fee_type: "charge", amount_cents: 5280n }] }], current_usage_amount_cents: 2200n }).total_amount_cents //=> 7480n
 * @throws ValidationError (`invalid_value`) for a negative historical usage.
 */
export function lifetimeUsage(input: LifetimeUsageInput): LifetimeUsage {
  if (input.historical_usage_amount_cents < 0n) {
    throw new ValidationError([issue("invalid_value", ["historical_usage_amount_cents"])]);
  }
  let invoiced = 0n;
  for (const inv of input.invoices) {
    if (!counts(inv)) continue;
    for (const f of inv.fees) if (f.fee_type === "charge") invoiced += f.amount_cents;
  }
  const total = input.historical_usage_amount_cents + invoiced + input.current_usage_amount_cents;
  return {
    historical_usage_amount_cents: input.historical_usage_amount_cents,
    invoiced_usage_amount_cents: invoiced,
    current_usage_amount_cents: input.current_usage_amount_cents,
    total_amount_cents: total,
  };
}
