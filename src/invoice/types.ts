/**
 * The invoice-side view of a fee and of an invoice, shared by the invoice rules
 * (taxes, coupons, credit notes, wallets, progressive billing, commitments). The money
 * fields follow invoice.md §2; amounts are integer minor units (`bigint`) or exact
 * decimals of minor units (`Decimal`).
 */
import type { CurrencyCode } from "../core/currency.js";
import type { Decimal } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import type { FeeType } from "../fees/index.js";
import type { Tax } from "./tax/taxes.js";

/** A fee as the invoice pipeline sees it. */
export interface InvoiceFee {
  readonly svc_id: string;
  readonly fee_type: FeeType;
  /** The subscription the fee bills (null for add-on / credit fees). */
  readonly svc_subscription_id: string | null;
  /** The plan of that subscription (its parent plan's code when the subscription overrides it). */
  readonly plan_code: string | null;
  /** Charge fees: the billable metric's code. */
  readonly metric_code: string | null;
  /** Charge fees: the charge's id. */
  readonly svc_charge_id: string | null;
  readonly amount_cents: bigint;
  readonly precise_amount_cents: Decimal;
  readonly units: Decimal;
  /** Share of before-tax credits (progressive billing and coupons), 5 decimals, ≤ amount_cents. */
  readonly precise_coupons_amount_cents: Decimal;
  /** Share of credit-note credits (§8). */
  readonly precise_credit_notes_amount_cents: Decimal;
  /** The taxes the fee carries (§5.1), in order. */
  readonly taxes: readonly Tax[];
  /** Charges window of the fee, when it has one. */
  readonly from_date: Instant | null;
  readonly to_date: Instant | null;
  readonly pay_in_advance: boolean;
}

export type InvoiceStatus = "draft" | "finalized" | "voided" | "closed";
export type PaymentStatus = "pending" | "succeeded" | "failed";
export type InvoiceType = "subscription" | "one_off" | "credit" | "advance_charges" | "progressive_billing" | "add_on";

/** An invoice's money totals (invoice.md §1.1), integers in minor units. */
export interface InvoiceTotals {
  readonly fees_amount_cents: bigint;
  readonly progressive_billing_credit_amount_cents: bigint;
  readonly coupons_amount_cents: bigint;
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  readonly taxes_amount_cents: bigint;
  readonly sub_total_including_taxes_amount_cents: bigint;
  readonly credit_notes_amount_cents: bigint;
  readonly prepaid_credit_amount_cents: bigint;
  readonly total_amount_cents: bigint;
}

/** A row of an invoice's `credits[]` (§4.5). */
export interface InvoiceCredit {
  readonly svc_id: string;
  readonly amount_cents: bigint;
  readonly amount_currency: CurrencyCode;
  readonly before_taxes: boolean;
  readonly item: {
    readonly svc_item_id: string;
    readonly type: "coupon" | "invoice" | "credit_note";
    readonly code: string;
    readonly name: string;
    readonly description: string | null;
  };
}
