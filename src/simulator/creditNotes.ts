/**
 * Credit notes in the simulation (invoice.md §8, §10, §16): issuing them on an invoice,
 * the automatic one of a terminated plan paid in advance, and their JSON.
 */
import { type Decimal, ZERO, toDecimalString } from "../core/decimal.js";
import { type Instant, formatInstant } from "../core/instant.js";
import { dateOf } from "../core/zone.js";
import { terminationCreditNoteDue, terminationCreditNoteFromPeriod, trialEnd } from "../fees/index.js";
import { formatDate } from "../period/index.js";
import { type CreditNote, type CreditNoteOutcome, type EstimatedCreditNote, type IssuedInvoice, createCreditNote } from "../invoice/index.js";
import type { Organization } from "./catalogTypes.js";
import { customerObject } from "./customerJson.js";
import { feeJson, type InvoiceLine, type InvoiceRecord } from "./invoices.js";
import type { Subscription } from "./state.js";

/**
 * The invoice as the credit-note rules read it; `walletCreditable` is, for a credit invoice,
 * what its wallet can still give back (§10.3; null without an active wallet).
 */
export function issuedInvoice(inv: InvoiceRecord, notes: readonly CreditNote[], walletCreditable: bigint | null = null): IssuedInvoice {
  return {
    svc_id: inv.svc_id,
    number: inv.number,
    invoice_type: inv.invoice_type,
    status: inv.status === "open" ? "draft" : inv.status, // an open credit invoice has nothing creditable yet
    payment_status: inv.payment_status,
    currency: inv.currency,
    fees: inv.lines.map((l) => l.fee),
    totals: inv.totals,
    total_paid_amount_cents: inv.total_paid_amount_cents,
    credit_notes: notes.filter((n) => n.svc_invoice_id === inv.svc_id),
    wallet_creditable_amount_cents: walletCreditable,
  };
}

export const isoDay = (t: Instant, tz: string): string => formatDate(dateOf(t, tz));

/** The `plan_amount_cents` of a subscription fee's `amount_details`, when it has one. */
function planAmountBilled(line: InvoiceLine): { plan_amount_cents?: bigint } {
  const v = line.billed.fee.amount_details["plan_amount_cents"];
  return typeof v === "bigint" ? { plan_amount_cents: v } : typeof v === "number" && Number.isSafeInteger(v) ? { plan_amount_cents: BigInt(v) } : {};
}

export interface TerminationNoteSource {
  /** The last subscription fee of the subscription, with its invoice. */
  readonly line: InvoiceLine;
  readonly invoice: InvoiceRecord;
}

/**
 * The credit note for the unused days of a terminated plan paid in advance (periods.md §9,
 * invoice.md §10.6), or undefined when none is due or it would total 0 (nothing to credit).
 * Pure: the caller issues it (or lets its refusal refuse the step) before changing anything.
 */
export function terminationNote(
  s: Subscription, at: Instant, tz: string, option: "credit" | "refund" | "offset" | "skip", source: TerminationNoteSource | undefined,
  notes: readonly CreditNote[], upgrade = false,
): CreditNoteOutcome<CreditNote> | undefined {
  if (source === undefined || option === "skip") return undefined;
  const due = terminationCreditNoteDue({
    plan_pay_in_advance: s.plan.pay_in_advance, option, last_fee_amount_cents: source.line.fee.amount_cents,
    last_fee_invoice_voided: source.invoice.status === "voided",
    // The fee's period holds the termination: its invoice exists.
    period_invoice_exists: source.line.fee.to_date !== null && source.line.fee.to_date >= at,
  });
  if (!due) return undefined;
  const fee = source.line.fee;
  const issued = issuedInvoice(source.invoice, notes);
  const already = issued.credit_notes.flatMap((n) => n.items).filter((i) => i.fee_id === fee.svc_id)
    .reduce((a, i) => a + i.amount_cents, 0n);
  const trial = trialEnd(s.initial_started_at ?? s.started_at ?? at, s.plan.trial_period);
  const p = s.plan;
  const note = terminationCreditNoteFromPeriod({
    period_input: {
      plan: { interval: p.interval, pay_in_advance: p.pay_in_advance, bill_charges_monthly: p.bill_charges_monthly, bill_fixed_charges_monthly: p.bill_fixed_charges_monthly },
      subscription: { billing_time: s.billing_time, subscription_at: s.subscription_at, started_at: s.started_at, terminated_at: at, status: "terminated" },
      timezone: tz,
    },
    plan_amount_cents: p.amount_cents,
    fee: {
      amount_cents: fee.amount_cents,
      precise_amount_cents: fee.precise_amount_cents,
      precise_coupons_amount_cents: fee.precise_coupons_amount_cents,
      taxes_precise_amount_cents: source.line.taxes.taxes_precise_amount_cents,
      tax_rates: fee.taxes.map((t) => t.rate),
      credited_amount_cents: already,
      // periods.md §9: the day price is from the plan amount the fee was billed at (a later
      // update_plan does not change what that fee paid for).
      ...planAmountBilled(source.line),
    },
    ...(trial === null ? {} : { trial_end_epoch_day: Math.floor(trial.trial_end / 86_400_000) }),
    option,
    upgrade,
    invoice: { sub_total_including_taxes_amount_cents: source.invoice.totals.sub_total_including_taxes_amount_cents, total_paid_amount_cents: source.invoice.total_paid_amount_cents },
  });
  // Nothing to credit (e.g. a fully discounted fee): no note, and the termination goes on.
  if (note === undefined || note.credit_amount_cents + note.refund_amount_cents + note.offset_amount_cents <= 0n) return undefined;
  const created = createCreditNote(issued, {
    reason: "order_cancellation",
    description: null,
    // The split as requested: the creation checks it, then reconciles the cent itself (invoice.md
    // §10.2, §10.6 — once; the reconciled split checked again could be refused).
    credit_amount_cents: note.requested.credit_amount_cents,
    refund_amount_cents: note.requested.refund_amount_cents,
    offset_amount_cents: note.requested.offset_amount_cents,
    items: [{ fee, precise_amount_cents: note.item_precise_amount_cents }],
  }, { created_at: at, issuing_date: isoDay(at, tz) });
  const zero = !created.ok && created.code === "validation_errors" && created.issues.every((i) => i.code === "total_amount_must_be_positive");
  return zero ? undefined : created;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const int = (x: bigint): number | string => (x <= MAX_SAFE && x >= -MAX_SAFE ? Number(x) : x.toString());
const str = (d: Decimal): string => toDecimalString(d);

/** What a credit note's object shows beside the note: its invoice (for the customer and the fees), the organization. */
export interface CreditNoteView {
  readonly invoice: InvoiceRecord | undefined;
  readonly organization: Organization;
}

/** The Credit note object (objects.md §3). */
export function creditNoteJson(n: CreditNote, view: CreditNoteView): Json {
  const inv = view.invoice;
  const feeOf = (id: string): Json => {
    const line = inv?.lines.find((l) => l.fee.svc_id === id);
    if (inv === undefined || line === undefined) return null;
    // The Fee object without its applied taxes (§3 items).
    const { applied_taxes: _taxes, ...fee } = feeJson(inv, line) as { [key: string]: Json };
    return fee;
  };
  const itemsPrecise = n.items.reduce((a, i) => a.plus(i.precise_amount_cents), ZERO);
  const entity = inv?.customer.details["billing_entity_code"];
  return {
    billing_entity_code: typeof entity === "string" ? entity : view.organization.billing_entity_code,
    svc_id: n.svc_id, svc_invoice_id: n.svc_invoice_id, invoice_number: n.invoice_number, sequential_id: n.sequential_id, number: n.number,
    issuing_date: n.issuing_date, created_at: formatInstant(n.created_at), reason: n.reason, description: n.description, currency: n.currency,
    status: n.status, credit_status: n.credit_status, refund_status: n.refund_status,
    total_amount_cents: int(n.total_amount_cents), credit_amount_cents: int(n.credit_amount_cents), refund_amount_cents: int(n.refund_amount_cents),
    offset_amount_cents: int(n.offset_amount_cents), balance_amount_cents: int(n.balance_amount_cents), taxes_amount_cents: int(n.taxes_amount_cents),
    precise_taxes_amount_cents: str(n.precise_taxes_amount_cents), taxes_rate: Number(str(n.taxes_rate)),
    coupons_adjustment_amount_cents: int(n.coupons_adjustment_amount_cents), precise_coupons_adjustment_amount_cents: str(n.precise_coupons_adjustment_amount_cents),
    sub_total_excluding_taxes_amount_cents: int(n.sub_total_excluding_taxes_amount_cents),
    items: n.items.map((i) => ({
      svc_id: i.svc_id, svc_fee_id: i.fee_id, amount_cents: int(i.amount_cents), precise_amount_cents: str(i.precise_amount_cents), amount_currency: n.currency,
      fee: feeOf(i.fee_id),
    })),
    precise_total_amount_cents: str(itemsPrecise.minus(n.precise_coupons_adjustment_amount_cents).plus(n.precise_taxes_amount_cents)),
    updated_at: formatInstant(Math.max(n.updated_at ?? 0, n.voided_at ?? 0, n.created_at) as Instant),
    file_url: null,
    xml_url: null,
    self_billed: false,
    purchase_order_number: null,
    error_details: [],
    customer: inv === undefined ? null : customerObject(inv.customer, view.organization, true),
    applied_taxes: n.applied_taxes.map((t) => ({
      created_at: formatInstant(n.created_at),
      svc_id: t.svc_id, svc_tax_id: t.svc_tax_id, tax_code: t.tax_code, tax_name: t.tax_name, tax_rate: Number(str(t.tax_rate)),
      tax_description: t.tax_description, amount_cents: int(t.amount_cents), base_amount_cents: int(t.base_amount_cents), amount_currency: t.amount_currency,
      svc_credit_note_id: n.svc_id,
    })),
    voided_at: n.voided_at === null ? null : formatInstant(n.voided_at),
    ...(n.metadata === undefined ? {} : { metadata: n.metadata as Json }),
  };
}

/** The credit note estimate (objects.md §3 "Estimate"): the invoice it is on, the amounts, items by fee, the taxes. */
export function estimatedNoteJson(e: EstimatedCreditNote, inv: { readonly svc_id: string; readonly number: string }): Json {
  return {
    svc_invoice_id: inv.svc_id,
    invoice_number: inv.number,
    currency: e.currency,
    taxes_amount_cents: int(e.taxes_amount_cents),
    precise_taxes_amount_cents: str(e.precise_taxes_amount_cents),
    sub_total_excluding_taxes_amount_cents: int(e.sub_total_excluding_taxes_amount_cents),
    max_creditable_amount_cents: int(e.max_creditable_amount_cents),
    max_refundable_amount_cents: int(e.max_refundable_amount_cents),
    coupons_adjustment_amount_cents: int(e.coupons_adjustment_amount_cents),
    precise_coupons_adjustment_amount_cents: str(e.precise_coupons_adjustment_amount_cents),
    taxes_rate: Number(str(e.taxes_rate)),
    items: e.items.map((i) => ({ amount_cents: int(i.amount_cents), svc_fee_id: i.fee_id })),
    applied_taxes: e.taxes.map((t) => ({
      svc_tax_id: t.tax.svc_id, tax_name: t.tax.name, tax_code: t.tax.code, tax_rate: Number(str(t.tax.rate)),
      tax_description: t.tax.description ?? null, base_amount_cents: int(t.base_amount_cents), amount_cents: int(t.amount_cents),
      amount_currency: e.currency,
    })),
  };
}
