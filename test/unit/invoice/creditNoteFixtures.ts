/**
 * Builders for the credit-note tests: fees, taxes and issued invoices with their totals.
 */
import type { CurrencyCode } from "../../../src/core/currency.js";
import { ZERO, dec } from "../../../src/core/decimal.js";
import type { Instant } from "../../../src/core/instant.js";
import { createCreditNote } from "../../../src/invoice/creditNote/creditNoteCreate.js";
import type { CreditNote, CreditNoteRequest, IssuedInvoice, RequestedItem } from "../../../src/invoice/creditNote/creditNoteTypes.js";
import { feeTaxAmounts } from "../../../src/invoice/tax/feeTaxAmounts.js";
import type { Tax } from "../../../src/invoice/tax/taxes.js";
import type { InvoiceFee, InvoiceTotals } from "../../../src/invoice/types.js";

export const tax = (code: string, rate: string): Tax => ({ svc_id: `tax_${code}`, code, name: code, rate: dec(rate) });

export function fee(id: string, amount: bigint | number, taxes: readonly Tax[], coupons = "0", fee_type: InvoiceFee["fee_type"] = "subscription"): InvoiceFee {
  const a = BigInt(amount);
  return {
    svc_id: id, fee_type, svc_subscription_id: "sub", plan_code: "plan", metric_code: null, svc_charge_id: null,
    amount_cents: a, precise_amount_cents: dec(a), units: dec(1), precise_coupons_amount_cents: dec(coupons),
    precise_credit_notes_amount_cents: ZERO, taxes, from_date: null, to_date: null, pay_in_advance: false,
  };
}

/** Totals from the fees; `taxes` is the invoice tax when it differs from Σ fee taxes (one rounding on the sum). */
export function totals(fees: readonly InvoiceFee[], coupons: bigint, taxes?: bigint): InvoiceTotals {
  const amount = fees.reduce((a, f) => a + f.amount_cents, 0n);
  const t = taxes ?? fees.reduce((a, f) => a + feeTaxAmounts(f).taxes_amount_cents, 0n);
  const sub = amount - coupons;
  return {
    fees_amount_cents: amount, progressive_billing_credit_amount_cents: 0n, coupons_amount_cents: coupons,
    sub_total_excluding_taxes_amount_cents: sub, taxes_amount_cents: t, sub_total_including_taxes_amount_cents: sub + t,
    credit_notes_amount_cents: 0n, prepaid_credit_amount_cents: 0n, total_amount_cents: sub + t,
  };
}

export function invoice(fees: readonly InvoiceFee[], over: Partial<IssuedInvoice> & { coupons?: bigint; taxes?: bigint } = {}): IssuedInvoice {
  const { coupons = 0n, taxes, ...rest } = over;
  return {
    svc_id: "inv_1", number: "ORG-001", invoice_type: "subscription", status: "finalized", payment_status: "pending",
    currency: "EUR" as CurrencyCode, fees, totals: totals(fees, coupons, taxes), total_paid_amount_cents: 0n, credit_notes: [],
    ...rest,
  };
}

export const item = (f: InvoiceFee, amount: string | number): RequestedItem => ({ fee: f, precise_amount_cents: dec(amount) });

export function request(items: readonly RequestedItem[], credit: bigint, refund = 0n, offset = 0n): CreditNoteRequest {
  return { reason: "other", description: null, credit_amount_cents: credit, refund_amount_cents: refund, offset_amount_cents: offset, items };
}

export const ctx = { created_at: Date.UTC(2024, 2, 1) as Instant, issuing_date: "2024-03-01" };

/** Creates a note that must be accepted. */
export function created(inv: IssuedInvoice, req: CreditNoteRequest): CreditNote {
  const r = createCreditNote(inv, req, ctx);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r.value;
}

/** The invoice with `note` issued on it. */
export const withNote = (inv: IssuedInvoice, note: CreditNote): IssuedInvoice => ({ ...inv, credit_notes: [...inv.credit_notes, note] });

/** A finalized, available note of `balance` issued on another invoice. */
export function availableNote(id: string, balance: bigint, created_at: number, over: Partial<CreditNote> = {}): CreditNote {
  return {
    svc_id: id, svc_invoice_id: "inv_earlier", invoice_number: "ORG-000", sequential_id: 1, number: `ORG-000-${id}`,
    issuing_date: "2024-01-01", created_at: created_at as Instant, reason: "other", description: null, currency: "EUR" as CurrencyCode,
    status: "finalized", credit_status: "available", refund_status: null, total_amount_cents: balance, credit_amount_cents: balance,
    refund_amount_cents: 0n, offset_amount_cents: 0n, balance_amount_cents: balance, taxes_amount_cents: 0n, precise_taxes_amount_cents: ZERO,
    taxes_rate: ZERO, coupons_adjustment_amount_cents: 0n, precise_coupons_adjustment_amount_cents: ZERO,
    sub_total_excluding_taxes_amount_cents: balance, items: [], applied_taxes: [], voided_at: null, ...over,
  };
}
