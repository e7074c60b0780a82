/**
 * Building an invoice (invoice.md §1.1, §1.2.1): its runs billed with the events known now
 * (or its fixed lines), the commitment true-ups, then the credit steps (invoiceCredits.ts),
 * taxes and totals, and the billing periods it covers.
 */
import { type Instant, type Period, formatInstant } from "../core/instant.js";
import { type InvoiceFee, refreshDraftCreditNote } from "../invoice/index.js";
import { currentPeriodStart } from "../fees/index.js";
import { computeBillingPeriod, scheduleOf } from "../period/index.js";
import { type RunHistory, billRun, dayKey, periodInput } from "./billing.js";
import { type SubscriptionRun } from "./runs.js";
import { commitmentLine } from "./commitments.js";
import { type InvoiceBook, setInvoicePayment } from "./invoiceBook.js";
import { applyInvoiceCredits } from "./invoiceCredits.js";
import { type InvoiceRecord, invoiceLines, invoicingReason } from "./invoices.js";
import type { Subscription } from "./state.js";

/**
 * (Re)computes the invoice's fees and totals from its runs and the events known now
 * (§1.2.1), then §1.1: coupons only when `finalizing` (a draft carries none); a `preview`
 * takes preview coupons and no progressive-billing credits, and consumes nothing.
 */
export function buildInvoice(book: InvoiceBook, inv: InvoiceRecord, at: Instant, finalizing: boolean, preview = false): void {
  const tz = book.ctx.timezoneOf(inv.customer);
  const before = inv.lines;
  const billed = [];
  const periods = [];
  const chargesFrom = new Map<Subscription, Instant>();
  for (const run of inv.fixed_lines === null ? inv.runs : []) {
    const r = billRun(run, tz, book.ctx.eventsOf(run.subscription), history(book, run.subscription, inv, run));
    for (const b of r.fees) billed.push({ billed: b, run });
    if (r.billing.charges_period !== null && run.reason !== "starting") chargesFrom.set(run.subscription, r.billing.charges_period.start);
    periods.push(billingPeriodJson(run, r.billing));
  }
  // The commitment true-ups come last, after every run's fees (§1.1 step 4); the lines they read
  // are made only when a plan has a minimum commitment (they are made again below, with the true-ups).
  if (inv.fixed_lines === null && inv.runs.some((r) => r.subscription.plan.minimum_commitment !== null)) {
    const lines = invoiceLines(billed, book.ctx.organization);
    for (const run of inv.runs) {
      if (run.subscription.plan.minimum_commitment === null) continue;
      const fees = [...feesOf(book, run.subscription, inv), ...lines.filter((l) => l.run?.subscription === run.subscription).map((l) => l.fee)];
      const first = !book.invoicesNamed(run.subscription.external_id).some((i) => i !== inv && i.invoice_type === "subscription" && i.status !== "closed" && i.runs.some((r) => r.subscription === run.subscription));
      const c = commitmentLine(run, tz, fees, book.ctx.organization, first);
      if (c !== undefined) billed.push({ billed: Object.assign({}, c.billed, { taxes: c.taxes }), run });
    }
  }
  applyInvoiceCredits(
    book, inv, inv.fixed_lines ?? invoiceLines(billed, book.ctx.organization), chargesFrom, at, finalizing, preview,
  );
  inv.billing_periods = inv.fixed_lines === null ? periods : fixedChargePeriods(inv, tz) ?? inv.fixed_lines.flatMap((l) => l.run === null ? [] : [{
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
  setInvoicePayment(inv, inv.totals.total_amount_cents > 0n ? "pending" : "succeeded", at);
  if (!preview) refreshDraftNotes(book, inv, before);
}

/**
 * invoice.md §1.2.1: the draft credit notes of a rebuilt draft are recomputed on its new fee (the
 * fee billing what their items credited: same subscription and item), keeping their items'
 * proportions of the old fee's amount — its taxes and, at finalization, its coupons as they now are.
 */
function refreshDraftNotes(book: InvoiceBook, inv: InvoiceRecord, before: InvoiceRecord["lines"]): void {
  if (!book.creditNotes.some((n) => n.svc_invoice_id === inv.svc_id && n.status === "draft")) return;
  book.creditNotes = book.creditNotes.map((n) => {
    if (n.svc_invoice_id !== inv.svc_id || n.status !== "draft" || n.items.length === 0) return n;
    const old = before.find((l) => l.fee.svc_id === n.items[0]!.fee_id);
    if (old === undefined) return n;
    const fresh = inv.lines.find((l) => l.fee.svc_id === old.fee.svc_id)
      ?? inv.lines.find((l) => l.run?.subscription === old.run?.subscription && l.billed.fee.item.type === old.billed.fee.item.type && l.billed.charge === old.billed.charge);
    return fresh === undefined ? n : refreshDraftCreditNote(n, fresh.fee, old.fee.amount_cents);
  });
}

/** The fees of `s` on invoices other than `inv` (voided and closed ones left out) and without invoice. */
function feesOf(book: InvoiceBook, s: Subscription, inv: InvoiceRecord): InvoiceFee[] {
  return book.entries.flatMap((e) => ("line" in e ? [e.line] : e.invoice === inv || e.invoice.status === "voided" || e.invoice.status === "closed" ? [] : e.invoice.lines))
    .filter((l) => l.run?.subscription === s).map((l) => l.fee);
}

/**
 * What the invoices other than `inv` billed for `s`. A voided invoice keeps its fees (invoice.md
 * §16), so it still counts as billed (periods.md §4 rule 3(b), §5); closed ones do not count.
 */
/** The invoices with a run of each subscription, indexed as the book grows (runs never change). */
const bySubscription = new WeakMap<InvoiceBook, { seen: number; index: Map<Subscription, InvoiceRecord[]> }>();

function invoicesOf(book: InvoiceBook, s: Subscription): readonly InvoiceRecord[] {
  let cache = bySubscription.get(book);
  if (cache === undefined) bySubscription.set(book, (cache = { seen: 0, index: new Map() }));
  for (; cache.seen < book.invoices.length; cache.seen++) {
    const inv = book.invoices[cache.seen]!;
    for (const sub of new Set(inv.runs.map((r) => r.subscription))) {
      const list = cache.index.get(sub);
      if (list === undefined) cache.index.set(sub, [inv]);
      else list.push(inv);
    }
  }
  return cache.index.get(s) ?? [];
}

function history(book: InvoiceBook, s: Subscription, inv: InvoiceRecord, run: SubscriptionRun): RunHistory {
  const others = invoicesOf(book, s).filter((i) => i !== inv && i.status !== "closed");
  const tz = book.ctx.timezoneOf(s.customer);
  const days: string[] = [];
  for (const i of others) for (const d of subscriptionFeeDays(i, s, tz)) days.push(d);
  return {
    invoices_count: others.length,
    subscription_fee_days: days,
    previous_period_billed: run.reason !== "terminating" || s.change !== null || previousPeriodBilled(book, run, inv, tz),
  };
}

/**
 * The local day of `i` once per subscription fee of `s` on it, kept per invoice while its lines
 * stay the same (each new invoice of a subscription reads every earlier one's).
 */
function subscriptionFeeDays(i: InvoiceRecord, s: Subscription, tz: string): readonly string[] {
  let cache = feeDays.get(i);
  if (cache === undefined || cache.lines !== i.lines || cache.tz !== tz || cache.created_at !== i.created_at) {
    feeDays.set(i, (cache = { lines: i.lines, tz, created_at: i.created_at, bySubscription: new Map() }));
  }
  let days = cache.bySubscription.get(s);
  if (days === undefined) {
    days = i.lines.filter((l) => l.fee.fee_type === "subscription" && l.run?.subscription === s).map(() => dayKey(i.created_at, tz));
    cache.bySubscription.set(s, days);
  }
  return days;
}

const feeDays = new WeakMap<InvoiceRecord, {
  readonly lines: InvoiceRecord["lines"]; readonly tz: string; readonly created_at: Instant; readonly bySubscription: Map<Subscription, readonly string[]>;
}>();

/**
 * periods.md §5: whether an invoice (whatever its status) other than `inv` records for the
 * subscription the periodic boundaries a run at its termination would bill if it were still
 * active — the previous period, when the termination comes within a day of its end. A
 * subscription started in the running period has no previous period to bill.
 */
function previousPeriodBilled(book: InvoiceBook, run: SubscriptionRun, inv: InvoiceRecord, tz: string): boolean {
  const s = run.subscription;
  const t = s.terminated_at;
  if (t === null || s.started_at === null) return true;
  if (s.started_at >= currentPeriodStart(t, scheduleOf(s.plan.interval, s.billing_time, s.subscription_at, tz), tz)) return true;
  const input = periodInput(run, tz);
  const asActive = computeBillingPeriod(Object.assign({}, input, { subscription: Object.assign({}, input.subscription, { status: "active", terminated_at: null }), current_usage: false }));
  const iso = (p: Period | null): [string | null, string | null] => (p === null ? [null, null] : [formatInstant(p.start), formatInstant((p.end - 1000) as Instant)]);
  const [from, to] = iso(asActive.period);
  const [chargesFrom, chargesTo] = iso(asActive.charges_period);
  return book.invoicesNamed(s.external_id).some((i) => i !== inv && i.billing_periods.some((b) => b.svc_subscription_id === run.subscription.svc_id
    && b.invoicing_reason === invoicingReason("periodic") && b.subscription_from_datetime === from && b.subscription_to_datetime === to
    && b.charges_from_datetime === chargesFrom && b.charges_to_datetime === chargesTo));
}

/** A billing period of the invoice as the period calculator gives it (objects.md §1 `billing_periods`). */
function billingPeriodJson(run: SubscriptionRun, billing: ReturnType<typeof computeBillingPeriod>): InvoiceRecord["billing_periods"][number] {
  const iso = (t: Instant | undefined): string | null => (t === undefined ? null : formatInstant(t));
  const last = (p: Period | null): string | null => (p === null ? null : formatInstant((p.end - 1000) as Instant));
  return {
    svc_subscription_id: run.subscription.svc_id,
    external_subscription_id: run.subscription.external_id,
    svc_plan_id: run.subscription.plan.svc_id,
    subscription_from_datetime: iso(billing.period?.start),
    subscription_to_datetime: last(billing.period),
    charges_from_datetime: iso(billing.charges_period?.start),
    charges_to_datetime: last(billing.charges_period),
    fixed_charges_from_datetime: iso(billing.fixed_charges_period?.start),
    fixed_charges_to_datetime: last(billing.fixed_charges_period),
    invoicing_reason: invoicingReason(run.reason),
  };
}

/**
 * The billing periods of a fixed-charge invoice (a subscription's start, a units change; periods.md
 * §7.1 "Billing period recorded on the invoice"): one per subscription, however many fixed charges
 * it bills, from the period calculator in normal mode at the invoice's timestamp — `started_at + 1 s`
 * for the start. Undefined for other invoices of fixed lines (pay-in-advance charges).
 */
function fixedChargePeriods(inv: InvoiceRecord, tz: string): InvoiceRecord["billing_periods"] | undefined {
  const lines = inv.fixed_lines ?? [];
  if (lines.length === 0 || lines.some((l) => l.run === null || l.billed.fee.item.type !== "fixed_charge")) return undefined;
  const seen = new Set<Subscription>();
  const out: InvoiceRecord["billing_periods"][number][] = [];
  for (const l of lines) {
    const run = l.run!;
    const s = run.subscription;
    if (seen.has(s)) continue;
    seen.add(s);
    const at = s.started_at !== null && run.at <= s.started_at ? ((s.started_at + 1000) as Instant) : run.at;
    const billing = computeBillingPeriod(periodInput({ subscription: s, at, reason: "periodic" }, tz));
    out.push(billingPeriodJson(run, billing));
  }
  return out;
}
