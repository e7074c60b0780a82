/**
 * A credit note issued against an invoice (invoice.md §10.1, §10.2, §10.3): taxes of its items,
 * the last-note tax correction, the amount checks, the one-cent reconciliation and the statuses.
 */
import { ZERO } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import { stableId } from "../../core/ids.js";
import { type CreditNoteSplit, reconcileCreditNote, roundCents } from "../../fees/creditNoteTotals.js";
import { appliedTaxRows, creditNoteAmounts, taxesRoundingAdjustment } from "./creditNoteAmounts.js";
import { q5 } from "../wallet/walletCredit.js";
import { creditableAmountCents } from "./creditNoteCreditable.js";
import type { CreditNote, CreditNoteOutcome, CreditNoteRequest, IssuedInvoice } from "./creditNoteTypes.js";
import { validateCreditNoteAmounts } from "./creditNoteValidate.js";

export interface CreditNoteContext {
  /** The step that creates the note (orders notes for §8). */
  readonly created_at: Instant;
  /** The creation day in the customer's time zone, `YYYY-MM-DD`. */
  readonly issuing_date: string;
}

/**
 * The note, or the reference's validation errors. `request` is a parsed body
 * ({@link parseCreateCreditNote}) or, for an automatic note, the items and the split as requested
 * (before the one-cent reconciliation, which runs here).
 * @example items 10 + 5 on fees taxed 20 %, credit 12 + refund 6 → taxes 3, total 18, balance 12, refund pending.
 */
export function createCreditNote(invoice: IssuedInvoice, request: CreditNoteRequest, ctx: CreditNoteContext): CreditNoteOutcome<CreditNote> {
  const amounts = creditNoteAmounts(request.items);
  const counted = request.items.map((i) => ({ fee_id: i.fee.svc_id, amount_cents: roundCents(i.precise_amount_cents) }));
  const last = creditableAmountCents(invoice, counted).eq(ZERO);
  const preciseTaxes = last ? q5(amounts.precise_taxes_amount_cents.minus(taxesRoundingAdjustment(invoice.credit_notes))) : amounts.precise_taxes_amount_cents;
  const taxes = roundCents(preciseTaxes);

  const errors = validateCreditNoteAmounts(invoice, {
    credit_amount_cents: request.credit_amount_cents,
    refund_amount_cents: request.refund_amount_cents,
    offset_amount_cents: request.offset_amount_cents,
    items_amount_cents: amounts.items_amount_cents,
    precise_coupons_adjustment_amount_cents: amounts.precise_coupons_adjustment_amount_cents,
    precise_taxes_amount_cents: preciseTaxes,
  });
  const [first, ...rest] = errors;
  if (first !== undefined) return { ok: false, code: "validation_errors", issues: [first, ...rest] };

  const requested: CreditNoteSplit = {
    total_amount_cents: request.credit_amount_cents + request.refund_amount_cents + request.offset_amount_cents,
    credit_amount_cents: request.credit_amount_cents,
    refund_amount_cents: request.refund_amount_cents,
    offset_amount_cents: request.offset_amount_cents,
  };
  const split = reconcileCreditNote(requested, { taxes_amount_cents: taxes, sub_total_excluding_taxes_amount_cents: amounts.sub_total_excluding_taxes_amount_cents });
  const sequential = invoice.credit_notes.length + 1;
  const id = stableId("credit_note", invoice.svc_id, sequential);
  return {
    ok: true,
    value: {
      svc_id: id,
      svc_invoice_id: invoice.svc_id,
      invoice_number: invoice.number,
      sequential_id: sequential,
      number: `${invoice.number}-CN${String(sequential).padStart(3, "0")}`,
      issuing_date: ctx.issuing_date,
      created_at: ctx.created_at,
      reason: request.reason,
      description: request.description,
      currency: invoice.currency,
      status: invoice.status === "draft" ? "draft" : "finalized",
      credit_status: "available",
      refund_status: request.refund_amount_cents > 0n ? "pending" : null,
      ...split,
      balance_amount_cents: split.credit_amount_cents,
      taxes_amount_cents: taxes,
      precise_taxes_amount_cents: preciseTaxes,
      taxes_rate: amounts.taxes_rate,
      coupons_adjustment_amount_cents: amounts.coupons_adjustment_amount_cents,
      precise_coupons_adjustment_amount_cents: amounts.precise_coupons_adjustment_amount_cents,
      sub_total_excluding_taxes_amount_cents: amounts.sub_total_excluding_taxes_amount_cents,
      items: request.items.map((it, i) => ({
        svc_id: stableId("credit_note_item", id, i),
        fee_id: it.fee.svc_id,
        amount_cents: roundCents(it.precise_amount_cents),
        precise_amount_cents: q5(it.precise_amount_cents),
      })),
      applied_taxes: appliedTaxRows(id, amounts.taxes, invoice.currency),
      voided_at: null,
    },
  };
}

