/**
 * Issuing and evolving subscription invoices: billing runs grouped per customer and
 * instant into one invoice, drafts during the grace period (refreshed, then finalized),
 * the zero-amount rule, payment status, voiding, and the `invoice.*` webhooks.
 */
import { stableId } from "../core/ids.js";
import { type Instant, formatInstant } from "../core/instant.js";
import { wallToInstant } from "../core/zone.js";
import { type Fee, issuingDates } from "../fees/index.js";
import type { CurrencyCode } from "../core/currency.js";
import { type BilledFee, type RunHistory, type RunReason, type SubscriptionRun, billRun, dayKey } from "./billing.js";
import { type Organization, TARGET_WALLET } from "./catalog.js";
import { commitmentLine } from "./commitments.js";
import {
  type CreditNote, type CreditNoteOutcome, type EstimatedCreditNote, type InvoiceCredit, type InvoiceFee, applyCoupons, applyCreditNoteCredits,
  createCreditNote, estimateCreditNote, feeTaxAmounts, parseCreateCreditNote, parseEstimateCreditNote, parseVoidInvoiceBody, recreditCoupons,
  releaseCouponCredits, voidInvoiceCreditNotes, applyPrepaidCredits, finalizeDraftCreditNotes, recreditVoidedInvoice, previewCoupons, type ProgressiveCreditSource, progressiveBillingCredits,
} from "../invoice/index.js";
import type { Wallets } from "./wallets.js";
import { creditNoteJson, isoDay, issuedInvoice } from "./creditNotes.js";
import { type InvoiceLine, type InvoiceRecord, feeJson, invoiceJson, invoiceLines, invoiceTotals, invoicingReason } from "./invoices.js";
import type { Customer, StoredEvent, Subscription } from "./state.js";

export interface Webhook {
  readonly type: string;
  readonly at: string;
  readonly object: unknown;
}

export interface InvoicingContext {
  readonly organization: Organization;
  readonly warn: (at: Instant, message: string) => void;
  readonly wallets: Wallets;
  readonly timezoneOf: (c: Customer) => string;
  readonly eventsOf: (s: Subscription) => readonly StoredEvent[];
}

/** Invoices and invoice-less fees, in creation order (the result's `fees` follow it). */
type Entry = { readonly invoice: InvoiceRecord } | { readonly line: InvoiceLine };

export class Invoicing {
  readonly invoices: InvoiceRecord[] = [];
  readonly webhooks: Webhook[] = [];
  /** Every credit note, in creation order. */
  creditNotes: CreditNote[] = [];
  private readonly entries: Entry[] = [];

  constructor(private readonly ctx: InvoicingContext) {}

  /** The next draft finalization instant, if any. */
  nextFinalization(): Instant | undefined {
    let next: Instant | undefined;
    for (const inv of this.invoices) if (inv.status === "draft" && inv.finalize_at !== null && (next === undefined || inv.finalize_at < next)) next = inv.finalize_at;
    return next;
  }

  /** Finalizes every draft due at or before `at`. */
  finalizeDue(at: Instant): void {
    for (const inv of this.invoices) if (inv.status === "draft" && inv.finalize_at !== null && inv.finalize_at <= at) this.finalize(inv, at);
  }

  /** A fee that belongs to no invoice (a non-invoiceable pay-in-advance charge, invoice.md §1.2). */
  addStandaloneFee(billed: BilledFee, run: SubscriptionRun): void {
    this.entries.push({ line: invoiceLines([{ billed, run }], this.ctx.organization)[0]! });
  }

  /** The invoice of one pay-in-advance charge fee: never a draft (invoice.md §1.2). */
  issueAdvanceCharge(billed: BilledFee, run: SubscriptionRun): InvoiceRecord {
    return this.issue(run.subscription.customer, [run], run.at, invoiceLines([{ billed, run }], this.ctx.organization));
  }

  /** One invoice for the runs of one customer at one instant (or given lines, `fixed`). */
  issue(
    customer: Customer, runs: readonly SubscriptionRun[], at: Instant, fixed: readonly InvoiceLine[] | null = null,
    oneOff?: { readonly currency: CurrencyCode },
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
    });
    const seq = this.invoices.filter((i) => i.customer === customer).length + 1;
    const currency = oneOff?.currency ?? runs[0]!.subscription.plan.currency;
    const inv: InvoiceRecord = {
      svc_id: stableId("invoice", customer.external_id, seq),
      number: `${customer.external_id.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 8) || "CUST"}-${String(seq).padStart(3, "0")}`,
      sequential_id: seq,
      customer,
      currency,
      invoice_type: oneOff !== undefined ? "one_off" : progressive ? "progressive_billing" : "subscription",
      runs,
      fixed_lines: fixed,
      created_at: at,
      issuing_date: dates.issuing_date,
      payment_due_date: dates.payment_due_date,
      net_payment_term: customer.net_payment_term ?? this.ctx.organization.net_payment_term,
      finalize_at: dates.draft ? startOfDay(dates.expected_finalization_date, tz) : null,
      status: "draft",
      payment_status: "pending",
      lines: [],
      totals: undefined as never,
      taxes: undefined as never,
      credits: [],
      billing_periods: [],
      total_paid_amount_cents: 0n,
      prepaid: { granted: null, purchased: null },
    };
    // Built before it is kept: a run that cannot be billed leaves no half-made invoice.
    this.build(inv, at, !dates.draft);
    this.invoices.push(inv);
    this.entries.push({ invoice: inv });
    if (!dates.draft) this.close(inv, at);
    else this.webhooks.push({ type: "invoice.drafted", at: formatInstant(at), object: invoiceJson(inv) });
    return inv;
  }

  /**
   * (Re)computes the invoice's fees and totals from its runs and the events known now
   * (§1.2.1), then §1.1: coupons only when `finalizing` (a draft carries none).
   */
  private build(inv: InvoiceRecord, at: Instant, finalizing: boolean, preview = false): void {
    const tz = this.ctx.timezoneOf(inv.customer);
    const billed = [];
    const periods = [];
    const chargesFrom = new Map<Subscription, Instant>();
    for (const run of inv.fixed_lines === null ? inv.runs : []) {
      const r = billRun(run, tz, this.ctx.eventsOf(run.subscription), this.history(run.subscription, inv));
      for (const b of r.fees) billed.push({ billed: b, run });
      if (r.billing.charges_period !== null && run.reason !== "starting") chargesFrom.set(run.subscription, r.billing.charges_period.start);
      const iso = (t: Instant | undefined): string | null => (t === undefined ? null : formatInstant(t));
      periods.push({
        svc_subscription_id: run.subscription.svc_id,
        external_subscription_id: run.subscription.external_id,
        svc_plan_id: run.subscription.plan.svc_id,
        subscription_from_datetime: iso(r.billing.period?.start),
        subscription_to_datetime: iso(r.billing.period === null ? undefined : ((r.billing.period.end - 1000) as Instant)),
        charges_from_datetime: iso(r.billing.charges_period?.start),
        charges_to_datetime: iso(r.billing.charges_period === null ? undefined : ((r.billing.charges_period.end - 1000) as Instant)),
        fixed_charges_from_datetime: iso(r.billing.fixed_charges_period?.start),
        fixed_charges_to_datetime: iso(r.billing.fixed_charges_period === null ? undefined : ((r.billing.fixed_charges_period.end - 1000) as Instant)),
        invoicing_reason: invoicingReason(run.reason),
      });
    }
    if (inv.fixed_lines === null) {
      // The commitment true-ups come last, after every run's fees (§1.1 step 4).
      const lines = invoiceLines(billed, this.ctx.organization);
      for (const run of inv.runs) {
        if (run.subscription.plan.minimum_commitment === null) continue;
        const fees = [...this.feesOf(run.subscription, inv), ...lines.filter((l) => l.run?.subscription === run.subscription).map((l) => l.fee)];
        const c = commitmentLine(run, tz, fees, this.ctx.organization);
        if (c !== undefined) billed.push({ billed: { ...c.billed, taxes: c.taxes }, run });
      }
    }
    let lines = inv.fixed_lines ?? invoiceLines(billed, this.ctx.organization);
    const feesAmount = lines.reduce((a, l) => a + l.fee.amount_cents, 0n);
    const credits: InvoiceCredit[] = [];
    // (a) progressive-billing credits, drafts included (§3).
    let progressive = 0n;
    if (chargesFrom.size > 0 && !preview) {
      const r = this.progressiveCredits(inv, lines, chargesFrom);
      lines = r.lines;
      progressive = r.amount;
      credits.push(...r.credits);
    }
    let coupons = 0n;
    // One-off invoices take no coupons, credit notes or prepaid credits (§1.2).
    const credited = (finalizing || preview) && inv.invoice_type !== "one_off";
    if (preview && feesAmount > 0n) {
      // §4.4: the customer's active coupons, never metric-limited ones, nothing consumed.
      const r = previewCoupons({
        invoice_id: inv.svc_id, currency: inv.currency, fees: lines.map((l) => l.fee), sub_total_excluding_taxes_amount_cents: feesAmount,
        applied_coupons: inv.customer.applied_coupons.filter((a) => a.status === "active"), first_plan_code: inv.runs[0]?.subscription.plan.code ?? null,
      });
      lines = lines.map((l, i) => ({ ...l, fee: r.fees[i]!, taxes: feeTaxAmounts(r.fees[i]!) }));
      coupons = r.coupons_amount_cents;
      credits.push(...r.credits);
    } else if (credited && feesAmount > 0n && inv.customer.applied_coupons.length > 0) {
      const r = applyCoupons({
        invoice_id: inv.svc_id, currency: inv.currency, at, fees: lines.map((l) => l.fee),
        sub_total_excluding_taxes_amount_cents: feesAmount - progressive, applied_coupons: inv.customer.applied_coupons,
      });
      lines = lines.map((l, i) => ({ ...l, fee: r.fees[i]!, taxes: feeTaxAmounts(r.fees[i]!) }));
      coupons = r.coupons_amount_cents;
      credits.push(...r.credits);
      inv.customer.applied_coupons = r.applied_coupons;
    }
    // (c) taxes, then (d) credit notes of the customer, oldest first (finalizing only).
    let after = { credit_notes: 0n, prepaid: 0n };
    if (credited) {
      const before = invoiceTotals(lines, { progressive, coupons }, after).totals;
      const r = applyCreditNoteCredits({
        invoice: { svc_id: inv.svc_id, currency: inv.currency, invoice_type: inv.invoice_type, total_amount_cents: before.total_amount_cents, fees: lines.map((l) => l.fee) },
        credit_notes: this.creditNotes.filter((n) => this.invoices.some((i) => i.svc_id === n.svc_invoice_id && i.customer === inv.customer)),
      });
      if (r.credits.length > 0) {
        lines = lines.map((l, i) => ({ ...l, fee: r.fees[i]! }));
        const updated = new Map(r.credit_notes.map((n) => [n.svc_id, n]));
        if (!preview) this.creditNotes = this.creditNotes.map((n) => updated.get(n.svc_id) ?? n);
        credits.push(...r.credits);
        after = { credit_notes: r.credit_notes_amount_cents, prepaid: 0n };
      }
    }
    // (e) prepaid credits of the customer's wallets (finalizing, total > 0).
    inv.prepaid = { granted: null, purchased: null };
    if (credited) {
      const total = invoiceTotals(lines, { progressive, coupons }, after).totals.total_amount_cents;
      const accounts = this.ctx.wallets.of(inv.customer);
      if (total > 0n && accounts.length > 0) {
        const r = applyPrepaidCredits({
          svc_invoice_id: inv.svc_id, currency: inv.currency, total_amount_cents: total, at,
          fees: lines.map((l) => ({ fee: l.fee, taxes_precise_amount_cents: l.taxes.taxes_precise_amount_cents, target_wallet_code: targetWallet(l.billed.fee) })), accounts,
        });
        if (!preview) this.ctx.wallets.update(r.accounts, r.transactions);
        after = { ...after, prepaid: r.prepaid_credit_amount_cents };
        inv.prepaid = { granted: r.prepaid_granted_credit_amount_cents, purchased: r.prepaid_purchased_credit_amount_cents };
      }
    }
    inv.lines = lines;
    inv.credits = credits;
    inv.billing_periods = inv.fixed_lines === null ? periods : inv.fixed_lines.flatMap((l) => l.run === null ? [] : [{
      svc_subscription_id: l.run.subscription.svc_id,
      external_subscription_id: l.run.subscription.external_id,
      svc_plan_id: l.run.subscription.plan.svc_id,
      subscription_from_datetime: null,
      subscription_to_datetime: null,
      charges_from_datetime: formatInstant(l.billed.fee.from_date),
      charges_to_datetime: formatInstant(l.billed.fee.to_date),
      fixed_charges_from_datetime: null,
      fixed_charges_to_datetime: null,
      invoicing_reason: invoicingReason(l.run.reason),
    }]);
    const { totals, taxes } = invoiceTotals(inv.lines, { progressive, coupons }, after);
    inv.totals = totals;
    inv.taxes = taxes;
    inv.payment_status = totals.total_amount_cents > 0n ? "pending" : "succeeded";
  }

  /**
   * §3: per subscription, the latest progressive-billing invoice whose charges period holds
   * this invoice's charges start is credited (capped at the charge fees it billed), and its
   * fees' full amounts are spread on the matching fees.
   */
  private progressiveCredits(inv: InvoiceRecord, lines: readonly InvoiceLine[], chargesFrom: ReadonlyMap<Subscription, Instant>): { lines: InvoiceLine[]; credits: InvoiceCredit[]; amount: bigint } {
    const keys = new Map<string, string>();
    const keyOf = (l: InvoiceLine): string => JSON.stringify([l.fee.svc_charge_id, l.billed.fee.item.filters ?? null, l.billed.fee.item.grouped_by ?? {}]);
    const subscriptions = [...chargesFrom].map(([s, from]) => {
      const latest = this.latestProgressive(s, from, inv);
      for (const l of [...lines, ...(latest?.lines ?? [])]) keys.set(l.fee.svc_id, keyOf(l));
      return { subscription_id: s.svc_id, latest: latest === undefined ? null : this.progressiveSource(latest, inv) };
    });
    if (subscriptions.every((x) => x.latest === null)) return { lines: [...lines], credits: [], amount: 0n };
    const r = progressiveBillingCredits({
      invoice_id: inv.svc_id, currency: inv.currency, fees: lines.map((l) => l.fee), subscriptions, fee_key: (f) => keys.get(f.svc_id) ?? "",
    });
    for (const x of r.excess) {
      this.ctx.warn(inv.created_at, `the automatic credit note of ${x.amount_cents} cents on progressive-billing invoice ${x.progressive_invoice_id} (credit above the fees it offsets) is not implemented yet`);
    }
    return { lines: lines.map((l, i) => ({ ...l, fee: r.fees[i]!, taxes: feeTaxAmounts(r.fees[i]!) })), credits: r.credits, amount: r.progressive_billing_credit_amount_cents };
  }

  private latestProgressive(s: Subscription, chargesFrom: Instant, inv?: InvoiceRecord): InvoiceRecord | undefined {
    let latest: InvoiceRecord | undefined;
    for (const i of this.invoices) {
      if (i === inv || i.invoice_type !== "progressive_billing" || i.status !== "finalized" || !i.runs.some((r) => r.subscription === s)) continue;
      const p = i.billing_periods[0];
      if (p === undefined || p.charges_from_datetime === null || p.charges_to_datetime === null) continue;
      if (Date.parse(p.charges_from_datetime) <= chargesFrom && chargesFrom <= Date.parse(p.charges_to_datetime)) latest = i;
    }
    return latest;
  }

  private progressiveSource(p: InvoiceRecord, inv: InvoiceRecord): ProgressiveCreditSource {
    const taken = this.invoices.filter((i) => i !== inv && i !== p && i.status !== "voided" && i.status !== "closed")
      .flatMap((i) => i.credits).filter((c) => c.item.type === "invoice" && c.item.svc_item_id === p.svc_id).reduce((a, c) => a + c.amount_cents, 0n);
    const notes = this.creditNotes.filter((n) => n.svc_invoice_id === p.svc_id && (n.credit_status === "available" || n.credit_status === "consumed"))
      .reduce((a, n) => a + n.credit_amount_cents, 0n);
    return {
      svc_id: p.svc_id, number: p.number, fees_amount_cents: p.totals.fees_amount_cents, coupons_amount_cents: p.totals.coupons_amount_cents,
      credits_taken_amount_cents: taken, credit_notes_amount_cents: notes, fees: p.lines.map((l) => l.fee),
    };
  }

  /** The progressive-billed amount `P` of the period holding `at` for `s` (§12.3). */
  progressiveBilled(s: Subscription, chargesFrom: Instant): bigint {
    return this.latestProgressive(s, chargesFrom)?.totals.fees_amount_cents ?? 0n;
  }

  /** Σ charge fees of `s`'s subscription invoices, drafts included (§12.2 invoiced usage). */
  invoicedUsage(s: Subscription): bigint {
    return this.invoices.filter((i) => i.invoice_type === "subscription" && (i.status === "finalized" || i.status === "draft"))
      .flatMap((i) => i.lines).filter((l) => l.fee.fee_type === "charge" && l.run?.subscription.external_id === s.external_id && l.run.subscription.subscription_at === s.subscription_at)
      .reduce((a, l) => a + l.fee.amount_cents, 0n);
  }

  /** The fees of `s` on invoices other than `inv` (voided and closed ones left out) and without invoice. */
  private feesOf(s: Subscription, inv: InvoiceRecord): InvoiceFee[] {
    return this.entries.flatMap((e) => ("line" in e ? [e.line] : e.invoice === inv || e.invoice.status === "voided" || e.invoice.status === "closed" ? [] : e.invoice.lines))
      .filter((l) => l.run?.subscription === s).map((l) => l.fee);
  }

  /** What the invoices other than `inv` billed for `s` (voided and closed ones do not count). */
  private history(s: Subscription, inv: InvoiceRecord): RunHistory {
    const others = this.invoices.filter((i) => i !== inv && i.status !== "voided" && i.status !== "closed" && i.runs.some((r) => r.subscription === s));
    const tz = this.ctx.timezoneOf(s.customer);
    return {
      invoices_count: others.length,
      subscription_fee_days: others.flatMap((i) => i.lines.filter((l) => l.fee.fee_type === "subscription" && l.run?.subscription === s).map(() => dayKey(i.created_at, tz))),
      previous_period_billed: true,
    };
  }

  /**
   * An unsaved invoice for `runs` at `at` (invoice.md §15): the same fees, taxes and totals,
   * preview coupons (§4.4), no progressive-billing credits, credit notes and wallets as they
   * would apply — nothing is stored, consumed or counted.
   */
  preview(customer: Customer, runs: readonly SubscriptionRun[], at: Instant): InvoiceRecord {
    const tz = this.ctx.timezoneOf(customer);
    const dates = issuingDates({
      invoice_at: at, timezone: tz, kind: "non_recurring", invoice_grace_period: 0,
      net_payment_term: customer.net_payment_term ?? this.ctx.organization.net_payment_term,
    });
    const inv: InvoiceRecord = {
      svc_id: stableId("invoice", customer.external_id, "preview", at), number: "PREVIEW", sequential_id: 0, customer,
      currency: runs[0]!.subscription.plan.currency, invoice_type: "subscription", runs, fixed_lines: null, created_at: at,
      issuing_date: dates.issuing_date, payment_due_date: dates.payment_due_date,
      net_payment_term: customer.net_payment_term ?? this.ctx.organization.net_payment_term, finalize_at: null,
      status: "draft", payment_status: "pending", lines: [], totals: undefined as never, taxes: undefined as never, credits: [],
      billing_periods: [], total_paid_amount_cents: 0n, prepaid: { granted: null, purchased: null },
    };
    this.build(inv, at, false, true);
    return inv;
  }

  /** A draft refreshed and finalized (or closed when its fees are 0 and the customer skips those, §1.3). */
  finalize(inv: InvoiceRecord, at: Instant): void {
    if (inv.status !== "draft") return;
    this.build(inv, at, true);
    this.close(inv, at);
  }

  /** The final status of a built invoice. */
  private close(inv: InvoiceRecord, at: Instant): void {
    const setting = inv.customer.finalize_zero_amount_invoice ?? "inherit";
    inv.status = inv.totals.fees_amount_cents === 0n && setting === "skip" ? "closed" : "finalized";
    // A closed invoice's coupon credits count as never given (§1.3).
    if (inv.status === "closed") inv.customer.applied_coupons = releaseCouponCredits(inv.customer.applied_coupons, inv.svc_id);
    inv.finalize_at = null;
    if (inv.status === "finalized") {
      // Notes issued on the draft (a termination during the grace period) are final with it (§10.1).
      this.creditNotes = finalizeDraftCreditNotes(this.creditNotes, inv.svc_id);
      this.webhooks.push({ type: "invoice.created", at: formatInstant(at), object: invoiceJson(inv) });
    }
  }

  /** `refresh_invoice`: a draft is recomputed; a final invoice does not change. */
  refresh(inv: InvoiceRecord, at: Instant): void {
    if (inv.status === "draft") this.build(inv, at, false);
  }

  find(id: unknown): InvoiceRecord | undefined {
    return this.invoices.find((i) => i.svc_id === id && i.status !== "closed");
  }

  /** `update_invoice {payment_status}`: refused on a draft; the fees follow the invoice (§1.1 Payments). */
  setPaymentStatus(inv: InvoiceRecord, status: unknown): "ok" | "payment_status_update_on_draft_invoice" | "invalid_value" {
    if (status === undefined || status === null) return "ok";
    if (status !== "pending" && status !== "succeeded" && status !== "failed") return "invalid_value";
    if (inv.status === "draft") return "payment_status_update_on_draft_invoice";
    inv.payment_status = status;
    return "ok";
  }

  /** `create_payment`: a manual payment on a finalized invoice; paid in full → succeeded. */
  pay(inv: InvoiceRecord, amount: bigint): "ok" | "invalid_status" {
    if (inv.status !== "finalized") return "invalid_status";
    inv.total_paid_amount_cents += amount;
    if (inv.total_paid_amount_cents >= inv.totals.total_amount_cents) inv.payment_status = "succeeded";
    return "ok";
  }

  /** `create_credit_note` on an invoice (§10). */
  createNote(inv: InvoiceRecord, body: Readonly<Record<string, unknown>>, at: Instant): CreditNoteOutcome<CreditNote> {
    // A draft has nothing creditable yet (§10.4): only its own automatic notes are drafts.
    if (inv.status !== "finalized") return { ok: false, code: "invalid_type_or_status" };
    const issued = issuedInvoice(inv, this.creditNotes);
    const req = parseCreateCreditNote(body, issued);
    if (!req.ok) return req;
    const r = createCreditNote(issued, req.value, { created_at: at, issuing_date: isoDay(at, this.ctx.timezoneOf(inv.customer)) });
    if (r.ok) this.addNote(r.value, at);
    return r;
  }

  /** `estimate_credit_note` (§10.5): nothing changes. */
  estimateNote(inv: InvoiceRecord, body: Readonly<Record<string, unknown>>): CreditNoteOutcome<EstimatedCreditNote> {
    const issued = issuedInvoice(inv, this.creditNotes);
    const items = parseEstimateCreditNote(body, issued);
    return items.ok ? { ok: true, value: estimateCreditNote(issued, items.value) } : items;
  }

  addNote(note: CreditNote, at: Instant): void {
    this.creditNotes.push(note);
    this.webhooks.push({ type: "credit_note.created", at: formatInstant(at), object: creditNoteJson(note) });
  }

  /** The last subscription fee of `s` on a live invoice, with that invoice (termination credit notes). */
  lastSubscriptionFee(s: Subscription): { line: InvoiceLine; invoice: InvoiceRecord } | undefined {
    for (let i = this.invoices.length - 1; i >= 0; i--) {
      const inv = this.invoices[i]!;
      if (inv.status === "closed") continue;
      const line = [...inv.lines].reverse().find((l) => l.fee.fee_type === "subscription" && l.run?.subscription === s);
      if (line !== undefined) return { line, invoice: inv };
    }
    return undefined;
  }

  /** `void_invoice`: only a finalized invoice; its coupon credits are given back, credit notes as asked (§16, §4.3). */
  void(inv: InvoiceRecord, at: Instant, body: Readonly<Record<string, unknown>> = {}): CreditNoteOutcome<null> {
    if (inv.status !== "finalized") return { ok: false, code: "not_voidable" };
    const request = parseVoidInvoiceBody(body);
    if (!request.ok) return { ok: false, code: "validation_errors", issues: request.issues };
    const notes = voidInvoiceCreditNotes(issuedInvoice(inv, this.creditNotes), request.value, { created_at: at, issuing_date: isoDay(at, this.ctx.timezoneOf(inv.customer)) });
    if (!notes.ok) return notes;
    for (const n of notes.value.credit_notes) this.addNote(n, at);
    // Without a note, the wallets that paid get their credits back (§16).
    if (notes.value.recredit_wallets) {
      for (const account of this.ctx.wallets.of(inv.customer)) {
        const r = recreditVoidedInvoice(account, inv.svc_id, at);
        this.ctx.wallets.update([r.account], r.transactions);
      }
    }
    inv.status = "voided";
    inv.customer.applied_coupons = recreditCoupons(inv.customer.applied_coupons, inv.svc_id, at);
    this.webhooks.push({ type: "invoice.voided", at: formatInstant(at), object: invoiceJson(inv) });
    return { ok: true, value: null };
  }

  json(): unknown[] {
    return this.invoices.filter((i) => i.status !== "closed").map(invoiceJson);
  }

  /** Every fee created, in creation order: invoices' fees (closed ones left out) and invoice-less fees. */
  feesJson(): unknown[] {
    return this.entries.flatMap((e) => ("line" in e ? [feeJson(null, e.line)] : e.invoice.status === "closed" ? [] : e.invoice.lines.map((l) => feeJson(e.invoice, l))));
  }
}

/** The wallet an event targeted, carried by the fee's group (invoice.md §9 buckets). */
export function targetWallet(fee: Fee): string | null {
  return fee.item.grouped_by?.[TARGET_WALLET] ?? null;
}

/** `YYYY-MM-DD` → the start of that day in the zone. */
function startOfDay(date: string, tz: string): Instant {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return wallToInstant({ year: y, month: m, day: d, hour: 0, minute: 0, second: 0 }, tz);
}

export type { RunReason };
