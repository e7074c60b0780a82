/**
 * Credit notes (invoice.md §10): the note as a value, the invoice it is issued against, and the
 * outcome of the operations that may refuse (create, estimate, void with a note).
 */
import type { CurrencyCode } from "../../core/currency.js";
import type { Decimal } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import type { Issues } from "../../core/issue.js";
import type { InvoiceFee, InvoiceStatus, InvoiceTotals, InvoiceType, PaymentStatus } from "../types.js";

export const CREDIT_NOTE_REASONS = [
  "duplicated_charge", "product_unsatisfactory", "order_change", "order_cancellation", "fraudulent_charge", "other",
] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];
export type CreditNoteStatus = "draft" | "finalized";
export type CreditNoteCreditStatus = "available" | "consumed" | "voided";
export type CreditNoteRefundStatus = "pending" | "succeeded" | "failed";

export interface CreditNoteItem {
  readonly svc_id: string;
  readonly fee_id: string;
  /** `rhu(precise_amount_cents)`. */
  readonly amount_cents: bigint;
  /** The requested amount (a decimal for the notes of a voided invoice, §16). */
  readonly precise_amount_cents: Decimal;
}

export interface CreditNoteAppliedTax {
  readonly svc_id: string;
  readonly svc_tax_id: string;
  readonly tax_code: string;
  readonly tax_name: string;
  readonly tax_rate: Decimal;
  readonly tax_description: string | null;
  /** `rha(double(base × rate) / 100)`. */
  readonly amount_cents: bigint;
  /** `rhu(base)`. */
  readonly base_amount_cents: bigint;
  readonly amount_currency: CurrencyCode;
}

/** A credit note (interface-spec "Credit note"; amounts in minor units). */
export interface CreditNote {
  readonly svc_id: string;
  readonly svc_invoice_id: string;
  readonly invoice_number: string;
  readonly sequential_id: number;
  readonly number: string;
  readonly issuing_date: string;
  readonly created_at: Instant;
  readonly reason: CreditNoteReason;
  readonly description: string | null;
  /** The free map sent with `create_credit_note` (objects.md §3: absent when none). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly currency: CurrencyCode;
  readonly status: CreditNoteStatus;
  readonly credit_status: CreditNoteCreditStatus;
  readonly refund_status: CreditNoteRefundStatus | null;
  readonly total_amount_cents: bigint;
  readonly credit_amount_cents: bigint;
  readonly refund_amount_cents: bigint;
  readonly offset_amount_cents: bigint;
  readonly balance_amount_cents: bigint;
  readonly taxes_amount_cents: bigint;
  /** 5 decimals, after the last-note correction (§10.2). */
  readonly precise_taxes_amount_cents: Decimal;
  readonly taxes_rate: Decimal;
  readonly coupons_adjustment_amount_cents: bigint;
  readonly precise_coupons_adjustment_amount_cents: Decimal;
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  readonly items: readonly CreditNoteItem[];
  readonly applied_taxes: readonly CreditNoteAppliedTax[];
  readonly voided_at: Instant | null;
  /** The last `update_credit_note` of it (its `updated_at`); absent: never updated. */
  readonly updated_at?: Instant;
}

/** The invoice a credit note is issued against, as the note reads it. */
export interface IssuedInvoice {
  readonly svc_id: string;
  readonly number: string;
  readonly invoice_type: InvoiceType;
  readonly status: InvoiceStatus;
  readonly payment_status: PaymentStatus;
  readonly currency: CurrencyCode;
  /** The invoice's fees, with their final `precise_coupons_amount_cents` and taxes. */
  readonly fees: readonly InvoiceFee[];
  readonly totals: InvoiceTotals;
  /** Σ manual payments. */
  readonly total_paid_amount_cents: bigint;
  /** Every credit note already issued on this invoice (any status), in creation order. */
  readonly credit_notes: readonly CreditNote[];
  /**
   * Credit (wallet top-up) invoices only: what the associated active wallet can still give back
   * (its balance, or the top-up's remaining amount when traceable); `null` when it has no active wallet.
   */
  readonly wallet_creditable_amount_cents?: bigint | null;
}

/** One requested item, its fee resolved. */
export interface RequestedItem {
  readonly fee: InvoiceFee;
  readonly precise_amount_cents: Decimal;
}

/** A parsed `create_credit_note` body. */
export interface CreditNoteRequest {
  readonly reason: CreditNoteReason;
  readonly description: string | null;
  readonly credit_amount_cents: bigint;
  readonly refund_amount_cents: bigint;
  readonly offset_amount_cents: bigint;
  readonly items: readonly RequestedItem[];
}

/** Where a credit-note operation is refused without field errors (the reference's not-found / not-allowed failures). */
export type CreditNoteRefusalCode = "fee_not_found" | "invalid_type_or_status" | "not_voidable";

export type CreditNoteOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: "validation_errors"; readonly issues: Issues }
  | { readonly ok: false; readonly code: CreditNoteRefusalCode };
