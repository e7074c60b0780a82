/**
 * Issuing and evolving subscription invoices: billing runs grouped per customer and
 * instant into one invoice, drafts during the grace period (refreshed, then finalized),
 * the zero-amount rule, payment status, voiding, and the `invoice.*` webhooks. The build
 * lives in invoiceBuild.ts, progressive-billing lookups in progressiveLookup.ts, credit
 * notes and voiding in invoiceNotes.ts; this class holds the state and its lifecycle.
 */
import { stableId } from "../core/ids.js";
import { type Instant, formatInstant } from "../core/instant.js";
import { dateOf, wallToInstant } from "../core/zone.js";
import { dateTextPlusDays, issuingDates } from "../fees/index.js";
import { formatDate } from "../period/index.js";
import type { CurrencyCode } from "../core/currency.js";
import { type CreditNote, type CreditNoteOutcome, type EstimatedCreditNote, finalizeDraftCreditNotes, releaseCouponCredits, renumberCreditNotes } from "../invoice/index.js";
import type { BilledFee, SubscriptionRun } from "./runs.js";
import { type InvoiceBook, type InvoiceEntry, type InvoicingContext, type NewInvoiceFields, type Webhook, newInvoiceRecord, setInvoicePayment } from "./invoiceBook.js";
import { buildInvoice } from "./invoiceBuild.js";
import { type StandaloneFee, newFeePayment, standaloneFeeJson } from "./standaloneFees.js";
import { addNote, createNote, estimateNote, lastSubscriptionFee, voidInvoice } from "./invoiceNotes.js";
import { type InvoiceLine, type InvoiceRecord, type InvoiceView, feeJson, invoiceJson, invoiceJsonAt, invoiceLines, paymentOverdue } from "./invoices.js";
import { invoicedUsage, progressiveBilled } from "./progressiveLookup.js";
import type { Customer, Subscription } from "./state.js";

export type { InvoicingContext, Webhook } from "./invoiceBook.js";

export class Invoicing implements InvoiceBook {
  readonly invoices: InvoiceRecord[] = [];
  readonly webhooks: Webhook[] = [];
  /** Every credit note, in creation order. */
  creditNotes: CreditNote[] = [];
  /** Invoices and invoice-less fees, in creation order (the result's `fees` follow it). */
  readonly entries: InvoiceEntry[] = [];
  /** Indexes of `invoices` (in issue order): by customer, by the external ids of their runs' subscriptions, by id. */
  private readonly byCustomer = new Map<Customer, InvoiceRecord[]>();
  private readonly bySubscription = new Map<string, InvoiceRecord[]>();
  private readonly byId = new Map<string, InvoiceRecord>();
  private readonly standaloneByCustomer = new Map<Customer, StandaloneFee[]>();
  /** Each invoice's place in `invoices`. */
  private readonly place = new Map<InvoiceRecord, number>();
  /** Per customer: invoices created so far, and the highest sequential id given. */
  private readonly counters = new Map<Customer, { created: number; sequence: number }>();

  constructor(readonly ctx: InvoicingContext) {}

  /** The customer's next draft finalization instant, if any. */
  nextFinalization(customer: Customer): Instant | undefined {
    let next: Instant | undefined;
    for (const inv of this.invoicesOf(customer)) if (inv.status === "draft" && inv.finalize_at !== null && (next === undefined || inv.finalize_at < next)) next = inv.finalize_at;
    return next;
  }

  /** Finalizes every draft of these customers due at or before `at`, in issue order. */
  finalizeDue(customers: readonly Customer[], at: Instant): void {
    const due = customers.flatMap((c) => this.invoicesOf(c).filter((inv) => inv.status === "draft" && inv.finalize_at !== null && inv.finalize_at <= at));
    for (const inv of due.sort((a, b) => this.placeOf(a) - this.placeOf(b))) this.finalize(inv, at);
  }

  /**
   * The customer's grace period changed: each of its drafts gets the dates the new grace
   * gives from its creation (issuing, due, finalization day); one whose finalization day has
   * come is finalized now (the reference's grace-period update).
   */
  regrace(customer: Customer, at: Instant): void {
    const tz = this.ctx.timezoneOf(customer);
    for (const inv of this.invoices) {
      if (inv.customer !== customer || inv.status !== "draft") continue;
      const dates = issuingDates({
        invoice_at: inv.created_at, timezone: tz, kind: inv.runs.every((r) => r.reason === "periodic") ? "recurring" : "non_recurring",
        invoice_grace_period: customer.invoice_grace_period ?? this.ctx.organization.invoice_grace_period,
        net_payment_term: inv.net_payment_term,
        ...(customer.issuing_date_anchor == null ? {} : { anchor: customer.issuing_date_anchor }),
        ...(customer.issuing_date_adjustment == null ? {} : { adjustment: customer.issuing_date_adjustment }),
      });
      inv.issuing_date = dates.issuing_date;
      inv.payment_due_date = dates.payment_due_date;
      inv.finalize_at = dates.draft ? startOfDay(dates.expected_finalization_date, tz) : at;
      if (inv.finalize_at <= at) this.finalize(inv, at);
    }
  }

  /**
   * The customer's drafts after a change of its net payment term (the reference's customer update):
   * each takes the new term, due its issuing date plus the term.
   */
  reterm(customer: Customer): void {
    const term = customer.net_payment_term ?? this.ctx.organization.net_payment_term;
    for (const inv of this.invoices) {
      if (inv.customer !== customer || inv.status !== "draft" || inv.net_payment_term === term) continue;
      inv.net_payment_term = term;
      inv.payment_due_date = dateTextPlusDays(inv.issuing_date, term);
    }
  }

  /** A fee that belongs to no invoice (a non-invoiceable pay-in-advance charge, invoice.md §1.2). */
  addStandaloneFee(billed: BilledFee, run: SubscriptionRun): void {
    const entry = { line: Object.assign({}, invoiceLines([{ billed, run }], this.ctx.organization)[0]!, { created_at: run.at }), payment: newFeePayment() };
    this.entries.push(entry);
    push(this.standaloneByCustomer, run.subscription.customer, entry);
    // Announced when created (invoice.md §1.5): the event's step, or the run that renews it.
    this.webhooks.push({ type: "fee.created", at: formatInstant(run.at), object: standaloneFeeJson(entry) });
  }

  /** Removes a fee without invoice (`delete_fee`): it is no longer listed nor regrouped. */
  removeStandaloneFee(entry: StandaloneFee, customer: Customer): void {
    const i = this.entries.indexOf(entry);
    if (i >= 0) this.entries.splice(i, 1);
    const mine = this.standaloneByCustomer.get(customer);
    if (mine !== undefined) this.standaloneByCustomer.set(customer, mine.filter((e) => e !== entry));
  }

  /** The customer's fees without invoice, in creation order. */
  standaloneFeesOf(customer: Customer): readonly StandaloneFee[] {
    return this.standaloneByCustomer.get(customer) ?? [];
  }

  /** The invoice of one pay-in-advance charge fee: never a draft (invoice.md §1.2). */
  issueAdvanceCharge(billed: BilledFee, run: SubscriptionRun): InvoiceRecord {
    return this.issue(run.subscription.customer, [run], run.at, invoiceLines([{ billed, run }], this.ctx.organization));
  }

  /** One invoice for the runs of one customer at one instant (or given lines, `fixed`). */
  issue(
    customer: Customer, runs: readonly SubscriptionRun[], at: Instant, fixed: readonly InvoiceLine[] | null = null,
    oneOff?: { readonly currency: CurrencyCode; readonly type?: "one_off" | "credit"; readonly open?: boolean },
  ): InvoiceRecord {
    const tz = this.ctx.timezoneOf(customer);
    // Pay-in-advance charge, progressive-billing and one-off invoices are never drafts (§1.2).
    const progressive = runs.length > 0 && runs.every((r) => r.reason === "progressive_billing");
    const immediate = fixed !== null || progressive;
    const grace = immediate ? 0 : customer.invoice_grace_period ?? this.ctx.organization.invoice_grace_period;
    const kind = oneOff !== undefined ? "non_recurring" : immediate ? "pay_in_advance_charge" : runs.every((r) => r.reason === "periodic") ? "recurring" : "non_recurring";
    const dates = issuingDates({
      invoice_at: at, timezone: tz, kind, invoice_grace_period: grace,
      net_payment_term: customer.net_payment_term ?? this.ctx.organization.net_payment_term,
      ...(customer.issuing_date_anchor == null ? {} : { anchor: customer.issuing_date_anchor }),
      ...(customer.issuing_date_adjustment == null ? {} : { adjustment: customer.issuing_date_adjustment }),
    });
    const fields: Omit<NewInvoiceFields, "svc_id" | "number" | "sequential_id"> = {
      customer,
      currency: oneOff?.currency ?? runs[0]!.subscription.plan.currency,
      invoice_type: oneOff !== undefined ? oneOff.type ?? "one_off" : progressive ? "progressive_billing" : "subscription",
      runs,
      fixed_lines: fixed,
      created_at: at,
      issuing_date: dates.issuing_date,
      payment_due_date: dates.payment_due_date,
      net_payment_term: customer.net_payment_term ?? this.ctx.organization.net_payment_term,
      finalize_at: dates.draft ? startOfDay(dates.expected_finalization_date, tz) : null,
    };
    // Object.assign onto the fresh identity: keys added after a leading spread are slow on Node 20.
    const inv = newInvoiceRecord(Object.assign(this.newIdentity(customer), fields));
    // Built before it is kept: a run that cannot be billed leaves no half-made invoice.
    buildInvoice(this, inv, at, !dates.draft);
    this.keep(inv);
    this.entries.push({ invoice: inv });
    // A credit invoice that needs its payment first stays `open`, with no webhook (§11.3).
    if (oneOff?.open === true) inv.status = "open";
    else if (!dates.draft) this.close(inv, at);
    else {
      const json = this.invoiceJson(inv, at);
      this.webhooks.push({ type: "invoice.drafted", at: formatInstant(at), object: json }, { type: "invoice.ready_to_finalize", at: formatInstant(at), object: json });
    }
    return inv;
  }

  /** The progressive-billed amount `P` of the period holding `at` for `s` (§12.3). */
  progressiveBilled(s: Subscription, chargesFrom: Instant): bigint {
    return progressiveBilled(this, s, chargesFrom);
  }

  /** Σ charge fees of `s`'s subscription invoices, drafts included (§12.2 invoiced usage). */
  invoicedUsage(s: Subscription): bigint {
    return invoicedUsage(this, s);
  }

  /**
   * An unsaved invoice for `runs` at `at` (invoice.md §15): the same fees, taxes and totals,
   * preview coupons (§4.4), no progressive-billing credits, credit notes and wallets as they
   * would apply — nothing is stored, consumed or counted.
   */
  preview(customer: Customer, runs: readonly SubscriptionRun[], at: Instant): InvoiceRecord {
    const tz = this.ctx.timezoneOf(customer);
    // Dated as the invoice it previews would be: the customer's grace period and issuing-date settings (§15).
    const dates = issuingDates({
      invoice_at: at, timezone: tz, kind: runs.every((r) => r.reason === "periodic") ? "recurring" : "non_recurring",
      invoice_grace_period: customer.invoice_grace_period ?? this.ctx.organization.invoice_grace_period,
      net_payment_term: customer.net_payment_term ?? this.ctx.organization.net_payment_term,
      ...(customer.issuing_date_anchor == null ? {} : { anchor: customer.issuing_date_anchor }),
      ...(customer.issuing_date_adjustment == null ? {} : { adjustment: customer.issuing_date_adjustment }),
    });
    const inv = newInvoiceRecord({
      svc_id: stableId("invoice", customer.external_id, "preview", at), number: "PREVIEW", sequential_id: 0, customer,
      currency: runs[0]!.subscription.plan.currency, invoice_type: "subscription", runs, fixed_lines: null, created_at: at,
      issuing_date: dates.issuing_date, payment_due_date: dates.payment_due_date,
      net_payment_term: customer.net_payment_term ?? this.ctx.organization.net_payment_term, finalize_at: null,
    });
    buildInvoice(this, inv, at, false, true);
    return inv;
  }

  /** A draft refreshed and finalized (or closed when its fees are 0 and the customer skips those, §1.3). */
  finalize(inv: InvoiceRecord, at: Instant): void {
    if (inv.status !== "draft") return;
    this.redate(inv, at);
    buildInvoice(this, inv, at, true);
    this.close(inv, at);
  }

  /**
   * A draft's dates when it is finalized (the reference's refresh-and-finalize): issued on the day
   * of its finalization in the customer's zone — unless it is a periodic invoice of a customer
   * whose issuing dates `keep_anchor` —, due that day plus the customer's net payment term. At the
   * end of the grace period that is the day it was drafted for; finalized earlier, it moves.
   */
  private redate(inv: InvoiceRecord, at: Instant): void {
    const c = inv.customer;
    const recurring = inv.runs.length > 0 && inv.runs[0]!.reason === "periodic";
    if (!(recurring && c.issuing_date_adjustment === "keep_anchor")) inv.issuing_date = formatDate(dateOf(at, this.ctx.timezoneOf(c)));
    inv.payment_due_date = dateTextPlusDays(inv.issuing_date, c.net_payment_term ?? this.ctx.organization.net_payment_term);
  }

  /** The final status of a built invoice (also an `advance_charges` one, advanceCharges.ts). */
  close(inv: InvoiceRecord, at: Instant): void {
    const setting = inv.customer.finalize_zero_amount_invoice ?? "inherit";
    inv.status = inv.totals.fees_amount_cents === 0n && setting === "skip" ? "closed" : "finalized";
    this.ctx.touch?.(inv.customer);
    // A closed invoice's coupon credits count as never given (§1.3).
    if (inv.status === "closed") inv.customer.applied_coupons = releaseCouponCredits(inv.customer.applied_coupons, inv.svc_id);
    inv.finalize_at = null;
    inv.updated_at = at;
    if (inv.status === "finalized") {
      this.numberFinal(inv);
      // Notes issued on the draft (a termination during the grace period) are final with it (§10.1).
      this.creditNotes = finalizeDraftCreditNotes(this.creditNotes, inv.svc_id);
      const json = this.invoiceJson(inv, at);
      // The fees of a pay-in-advance charge or fixed-charge invoice are announced just before it (invoice.md §1.5).
      if (inv.fixed_lines !== null && inv.invoice_type === "subscription") {
        for (const f of (json as { fees: readonly unknown[] }).fees) this.webhooks.push({ type: "fee.created", at: formatInstant(at), object: f });
      }
      const type = inv.invoice_type === "credit" ? "invoice.paid_credit_added" : inv.invoice_type === "one_off" ? "invoice.one_off_created" : "invoice.created";
      this.webhooks.push({ type, at: formatInstant(at), object: json });
    }
  }

  /** `refresh_invoice`: a draft is recomputed; a final invoice does not change. */
  refresh(inv: InvoiceRecord, at: Instant): void {
    if (inv.status === "draft") buildInvoice(this, inv, at, false);
  }

  /** Adds an issued invoice to the list and its indexes. */
  keep(inv: InvoiceRecord): void {
    this.place.set(inv, this.invoices.length);
    this.invoices.push(inv);
    this.counterOf(inv.customer).created++;
    this.byId.set(inv.svc_id, inv);
    push(this.byCustomer, inv.customer, inv);
    const seen = new Set<string>();
    for (const r of inv.runs) {
      const id = r.subscription.external_id;
      if (!seen.has(id)) {
        push(this.bySubscription, id, inv);
        // An invoice is a draft only from its creation on (nothing makes one a draft again).
        if (inv.status === "draft") push(this.draftsBySubscription, id, inv);
      }
      seen.add(id);
    }
  }

  /** Invoices that were drafts when kept, by the external ids of their runs' subscriptions (pruned as they are read). */
  private readonly draftsBySubscription = new Map<string, InvoiceRecord[]>();

  /** The drafts with a run of a subscription of this external id, in issue order. */
  draftsNamed(externalSubscriptionId: string): readonly InvoiceRecord[] {
    const list = this.draftsBySubscription.get(externalSubscriptionId);
    if (list === undefined) return [];
    let k = 0;
    for (const inv of list) if (inv.status === "draft") list[k++] = inv;
    list.length = k;
    if (k === 0) this.draftsBySubscription.delete(externalSubscriptionId);
    return list;
  }

  /** The customer's invoices, in issue order. */
  invoicesOf(customer: Customer): readonly InvoiceRecord[] {
    return this.byCustomer.get(customer) ?? [];
  }

  /** The invoices with a run of a subscription of this external id, in issue order. */
  invoicesNamed(externalSubscriptionId: string): readonly InvoiceRecord[] {
    return this.bySubscription.get(externalSubscriptionId) ?? [];
  }

  /** The invoice's place in issue order. */
  placeOf(inv: InvoiceRecord): number {
    return this.place.get(inv) ?? -1;
  }

  invoiceById(id: string): InvoiceRecord | undefined {
    return this.byId.get(id);
  }

  /** The invoice with this id, unless it was closed. */
  find(id: unknown): InvoiceRecord | undefined {
    const inv = typeof id === "string" ? this.byId.get(id) : undefined;
    return inv !== undefined && inv.status !== "closed" ? inv : undefined;
  }

  /** `update_invoice {payment_status}`: refused on a draft; the fees follow the invoice (§1.1 Payments). */
  setPaymentStatus(inv: InvoiceRecord, status: unknown, at: Instant): "ok" | "payment_status_update_on_draft_invoice" | "invalid_value" {
    if (status === undefined || status === null) return "ok";
    if (status !== "pending" && status !== "succeeded" && status !== "failed") return "invalid_value";
    if (inv.status === "draft") return "payment_status_update_on_draft_invoice";
    const changed = status !== inv.payment_status;
    setInvoicePayment(inv, status, at);
    if (changed) this.webhooks.push({ type: "invoice.payment_status_updated", at: formatInstant(at), object: this.invoiceJson(inv, at) });
    // A credit invoice's outcome settles or fails its purchase, in the wallet jobs (§1.1 Payments).
    if (inv.invoice_type === "credit" && status !== "pending") this.ctx.wallets.payments.push({ svc_invoice_id: inv.svc_id, status });
    return "ok";
  }

  /** `create_payment`: a manual payment on a finalized invoice; paid in full (with the credit-note offsets) → succeeded (§1.1 Payments). */
  pay(inv: InvoiceRecord, amount: bigint, at: Instant): "ok" | "invalid_status" {
    if (inv.status !== "finalized" && !(inv.status === "open" && inv.invoice_type === "credit")) return "invalid_status";
    inv.total_paid_amount_cents += amount;
    inv.updated_at = at;
    if (inv.total_paid_amount_cents + this.offsetOf(inv) >= inv.totals.total_amount_cents && inv.payment_status !== "succeeded") {
      setInvoicePayment(inv, "succeeded", at);
      this.webhooks.push({ type: "invoice.payment_status_updated", at: formatInstant(at), object: this.invoiceJson(inv, at) });
      if (inv.invoice_type === "credit") this.ctx.wallets.payments.push({ svc_invoice_id: inv.svc_id, status: "succeeded" });
    }
    return "ok";
  }

  /** `create_credit_note` on an invoice (§10); see invoiceNotes.ts. */
  createNote(inv: InvoiceRecord, body: Readonly<Record<string, unknown>>, at: Instant): CreditNoteOutcome<CreditNote> {
    return createNote(this, inv, body, at);
  }

  /** `estimate_credit_note` (§10.5): nothing changes. */
  estimateNote(inv: InvoiceRecord, body: Readonly<Record<string, unknown>>): CreditNoteOutcome<EstimatedCreditNote> {
    return estimateNote(this, inv, body);
  }

  /** Records a credit note and its `credit_note.created` webhook. */
  addNote(note: CreditNote, at: Instant): void {
    addNote(this, note, at);
  }

  /** The last subscription fee of `s` on a live invoice, with that invoice (termination credit notes). */
  lastSubscriptionFee(s: Subscription): { line: InvoiceLine; invoice: InvoiceRecord } | undefined {
    return lastSubscriptionFee(this, s);
  }

  /** `void_invoice`: only a finalized invoice; its coupon credits are given back, credit notes as asked (§16, §4.3). */
  void(inv: InvoiceRecord, at: Instant, body: Readonly<Record<string, unknown>> = {}): CreditNoteOutcome<null> {
    return voidInvoice(this, inv, at, body);
  }

  /** The invoices as JSON at `now`, closed ones left out. */
  json(now: Instant): unknown[] {
    return this.invoices.filter((i) => i.status !== "closed").map((i) => this.invoiceJson(i, now));
  }

  /** One invoice's JSON at `now`: its credit-note offsets deducted from the amount due, `payment_overdue` at `now`. */
  invoiceJson(inv: InvoiceRecord, now: Instant): unknown {
    const timezone = this.ctx.timezoneOf(inv.customer);
    const offset = this.offsetOf(inv);
    const overdue = paymentOverdue(inv, { now, timezone, offset_amount_cents: offset });
    const view: InvoiceView = { now, timezone, offset_amount_cents: offset, payment_overdue: overdue };
    // Rendered once per change: what the JSON reads, compared with what it read last time. What
    // only the moment changes (`payment_overdue`, the embedded subscriptions) is compared apart:
    // when nothing else changed, the last rendering is copied with those two made again.
    const subs = inv.runs.map((r) => r.subscription);
    const deps: unknown[] = [
      inv.number, inv.sequential_id, inv.status, inv.payment_status, inv.lines, inv.totals, inv.taxes, inv.credits, inv.billing_periods,
      inv.total_paid_amount_cents, inv.prepaid, inv.issuing_date, inv.payment_due_date, inv.net_payment_term, view.offset_amount_cents,
      inv.customer.name, inv.customer.currency, inv.customer.updated_at, inv.customer.details, inv.customer.timezone, inv.customer.taxes,
      inv.customer.invoice_grace_period, inv.customer.net_payment_term, inv.customer.finalize_zero_amount_invoice,
      inv.customer.issuing_date_anchor, inv.customer.issuing_date_adjustment,
      inv.updated_at, inv.computed_at, inv.voided_at, inv.metadata, inv.paid_at, inv.payment_dispute_lost_at,
    ];
    // The embedded subscriptions are shown as they are at `now` (their current period moves with it),
    // each one's fields field by field as the list was (all statuses, then all plans, …).
    const moment: unknown[] = [overdue, subs.length === 0 ? null : now];
    for (const field of SUBSCRIPTION_DEPS) for (const x of subs) moment.push(x[field]);
    const hit = this.rendered.get(inv);
    if (hit !== undefined && same(hit.deps, deps)) {
      if (same(hit.moment, moment)) return hit.json;
      const json = invoiceJsonAt(hit.json as Parameters<typeof invoiceJsonAt>[0], inv, this.ctx.organization, view);
      this.rendered.set(inv, { deps, moment, json });
      return json;
    }
    const json = invoiceJson(inv, this.ctx.organization, view);
    this.rendered.set(inv, { deps, moment, json });
    return json;
  }

  /** Each invoice's JSON and what it was rendered from. */
  private readonly rendered = new WeakMap<InvoiceRecord, { readonly deps: readonly unknown[]; readonly moment: readonly unknown[]; readonly json: unknown }>();

  /** Σ `offset_amount_cents` of the credit notes on `inv`. */
  offsetOf(inv: InvoiceRecord): bigint {
    return this.creditNotes.reduce((a, n) => (n.svc_invoice_id === inv.svc_id ? a + n.offset_amount_cents : a), 0n);
  }

  /**
   * The number of a finalized invoice (objects.md §1): `<document prefix>-<customer sequential id,
   * 3 digits>-<the customer's invoice sequence, 3 digits>` — per-customer numbering, unique in the
   * organization since the customer's sequential id is.
   */
  number(customer: Customer, seq: number): string {
    return `${this.ctx.organization.document_number_prefix}-${String(customer.sequential_id).padStart(3, "0")}-${String(seq).padStart(3, "0")}`;
  }

  /** A new invoice's id (the customer's n-th invoice) and its draft number; it is numbered when finalized. */
  newIdentity(customer: Customer): { svc_id: string; number: string; sequential_id: null } {
    const seq = this.counterOf(customer).created + 1;
    return { svc_id: stableId("invoice", customer.external_id, seq), number: this.draftNumber(customer), sequential_id: null };
  }

  /** The number of an invoice not finalized yet (a draft, an open credit invoice). */
  draftNumber(_customer: Customer): string {
    return `${this.ctx.organization.document_number_prefix}-DRAFT`;
  }

  /**
   * Numbers a finalized invoice: the customer's next sequence, in finalization order (a draft
   * waiting out its grace period is numbered when it is finalized, after invoices issued
   * meanwhile). Its draft credit notes take the final number too.
   */
  numberFinal(inv: InvoiceRecord): void {
    if (inv.sequential_id !== null) return;
    const counter = this.counterOf(inv.customer);
    const seq = ++counter.sequence;
    inv.sequential_id = seq;
    inv.number = this.number(inv.customer, seq);
    this.creditNotes = renumberCreditNotes(this.creditNotes, inv.svc_id, inv.number);
  }

  private counterOf(customer: Customer): { created: number; sequence: number } {
    let c = this.counters.get(customer);
    if (c === undefined) this.counters.set(customer, (c = { created: 0, sequence: 0 }));
    return c;
  }


  /** Every fee created, in creation order: invoices' fees (closed ones left out) and invoice-less fees. */
  feesJson(): unknown[] {
    return this.entries.flatMap((e) => ("line" in e ? [standaloneFeeJson(e) as unknown] : e.invoice.status === "closed" ? [] : e.invoice.lines.map((l) => feeJson(e.invoice, l))));
  }
}

/** Two lists of dependencies, element by element the same. */
const same = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((d, i) => d === b[i]);

/** What an invoice's JSON reads of its subscriptions beside `now` (Invoicing.invoiceJson). */
const SUBSCRIPTION_DEPS = [
  "status", "plan", "next", "ending_at", "name", "on_termination_invoice", "on_termination_credit_note", "terminated_at", "started_at",
] as const satisfies readonly (keyof Subscription)[];

/** `YYYY-MM-DD` → the start of that day in the zone. */
function startOfDay(date: string, tz: string): Instant {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return wallToInstant({ year: y, month: m, day: d, hour: 0, minute: 0, second: 0 }, tz);
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list === undefined) m.set(k, [v]);
  else list.push(v);
}
