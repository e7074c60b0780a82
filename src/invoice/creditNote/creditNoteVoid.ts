/**
 * What voiding an invoice does on the credit-note side (invoice.md §16). Credit-note credits the
 * invoice consumed are not given back (nothing to do); with `generate_credit_note` a note is issued
 * for the requested credit + refund, and a second one for whatever remains creditable, voided at once.
 * Coupons are re-credited by the coupon rule; wallets by the wallet rule when `recredit_wallets`.
 */
import { dec, parseDecimal, round, ZERO } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import { decimalToFloat, floatToDecimal } from "../../core/float.js";
import { type Issues, issue } from "../../core/issue.js";
import { roundCents } from "../../fees/creditNoteTotals.js";
import { q5 } from "../wallet/walletCredit.js";
import { type CreditNoteContext, createCreditNote } from "./creditNoteCreate.js";
import { creditableAmountCents, feeCreditableAmountCents, refundableAmountCents } from "./creditNoteCreditable.js";
import { estimateCreditNote } from "./creditNoteEstimate.js";
import type { CreditNote, CreditNoteOutcome, IssuedInvoice, RequestedItem } from "./creditNoteTypes.js";

export interface VoidInvoiceRequest {
  readonly generate_credit_note: boolean;
  /** Minor units. */
  readonly credit_amount: bigint;
  readonly refund_amount: bigint;
}

export interface VoidedInvoiceCreditNotes {
  /** The notes issued by the void, in order (the second one, if any, is voided). */
  readonly credit_notes: readonly CreditNote[];
  /** The wallet consumption of the invoice is re-credited only when no note is generated. */
  readonly recredit_wallets: boolean;
}

/** `void_invoice` body fields (`generate_credit_note?`, `credit_amount?`, `refund_amount?`); amounts truncate to integers. */
export function parseVoidInvoiceBody(body: Readonly<Record<string, unknown>>): { ok: true; value: VoidInvoiceRequest } | { ok: false; issues: Issues } {
  const g = body["generate_credit_note"];
  const amount = (key: string): bigint | undefined => {
    const x = body[key];
    if (x === undefined || x === null) return 0n;
    const d = parseDecimal(x);
    // A negative amount gives nothing back: refused, never read as a charge.
    return d === undefined || d.lt(ZERO) ? undefined : roundCents(round(d, 0, "down"));
  };
  const credit = amount("credit_amount");
  const refund = amount("refund_amount");
  const bad = [...(credit === undefined ? ["credit_amount"] : []), ...(refund === undefined ? ["refund_amount"] : [])].map((k) => issue("invalid_value", [k]));
  const [first, ...rest] = bad;
  if (first !== undefined) return { ok: false, issues: [first, ...rest] };
  return { ok: true, value: { generate_credit_note: g === true || g === "true" || g === 1 || g === "1", credit_amount: credit ?? 0n, refund_amount: refund ?? 0n } };
}

/**
 * Refusals: `not_voidable` (the invoice is not finalized); with a note, credit > creditable,
 * refund > refundable or their sum > creditable → `credit_refund_amount: total_amount_exceeds_invoice_amount`.
 */
export function voidInvoiceCreditNotes(invoice: IssuedInvoice, request: VoidInvoiceRequest, ctx: CreditNoteContext): CreditNoteOutcome<VoidedInvoiceCreditNotes> {
  if (invoice.status !== "finalized") return { ok: false, code: "not_voidable" };
  if (!request.generate_credit_note) return { ok: true, value: { credit_notes: [], recredit_wallets: true } };
  const creditable = creditableAmountCents(invoice);
  const { credit_amount: credit, refund_amount: refund } = request;
  if (dec(credit).gt(creditable) || dec(refund).gt(refundableAmountCents(invoice)) || dec(credit + refund).gt(creditable)) {
    return { ok: false, code: "validation_errors", issues: [issue("total_amount_exceeds_invoice_amount", ["credit_refund_amount"])] };
  }
  let voided: IssuedInvoice = { ...invoice, status: "voided" };
  const notes: CreditNote[] = [];
  const description = `Credit note created due to voided invoice ${invoice.svc_id}`;
  const total = credit + refund;
  if (total > 0n) {
    const full = remainingItems(voided);
    const estimated = estimateCreditNote(voided, full).max_creditable_amount_cents;
    const ratio = estimated > 0n ? Number(total) / Number(estimated) : 0;
    const items = full.map((i) => ({ fee: i.fee, precise_amount_cents: q5(floatToDecimal(decimalToFloat(i.precise_amount_cents) * ratio)) }));
    const r = createCreditNote(voided, { reason: "other", description, credit_amount_cents: credit, refund_amount_cents: refund, offset_amount_cents: 0n, items }, ctx);
    if (!r.ok) return r;
    notes.push(r.value);
    voided = { ...voided, credit_notes: [...voided.credit_notes, r.value] };
  }
  if (roundCents(creditableAmountCents(voided)) > 0n) {
    const items = remainingItems(voided);
    const est = estimateCreditNote(voided, items);
    const r = createCreditNote(voided, {
      reason: "other", description, credit_amount_cents: est.max_creditable_amount_cents, refund_amount_cents: 0n, offset_amount_cents: 0n, items,
    }, ctx);
    if (!r.ok) return r;
    notes.push({ ...r.value, credit_status: "voided", balance_amount_cents: 0n, voided_at: ctx.created_at });
  }
  return { ok: true, value: { credit_notes: notes, recredit_wallets: false } };
}

/** Every fee's remaining creditable amount, as items. */
function remainingItems(invoice: IssuedInvoice): RequestedItem[] {
  return invoice.fees
    .map((fee) => ({ fee, precise_amount_cents: dec(feeCreditableAmountCents(invoice, fee)) }))
    .filter((i) => i.precise_amount_cents.gt(ZERO));
}

/**
 * Voids a credit note (the reference's credit-note void): its remaining credit is withdrawn —
 * `credit_status` `voided`, `balance_amount_cents` 0, `voided_at` now. Only a finalized note
 * with a balance left can be voided: a draft note is not found (`credit_note_not_found`), and one
 * consumed, already voided or without credit is refused (`no_voidable_amount`). Refunds and
 * offsets already made stay as they are.
 */
export function voidCreditNote(note: CreditNote, at: Instant): { ok: true; value: CreditNote } | { ok: false; code: "credit_note_not_found" | "no_voidable_amount" } {
  if (note.status === "draft") return { ok: false, code: "credit_note_not_found" };
  if (note.credit_status === "voided" || note.balance_amount_cents <= 0n) return { ok: false, code: "no_voidable_amount" };
  return { ok: true, value: Object.assign({}, note, { credit_status: "voided" as const, balance_amount_cents: 0n, voided_at: at }) };
}
