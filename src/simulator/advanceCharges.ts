/**
 * Fees of non-invoiceable pay-in-advance charges at a billing run: the renewal fees a periodic
 * run creates outside any invoice (charges.md §16 step 4), and the `advance_charges` invoice
 * that regroups the paid ones (invoice.md §1.2, §1.4).
 */
import { dec, div, round, ZERO } from "../core/decimal.js";
import { formatInstant, type Instant } from "../core/instant.js";
import { issuingDates, usageChargeFees, usageChargeIsBilled } from "../fees/index.js";
import type { AppliedInvoiceTax, InvoiceTaxAmounts, InvoiceTotals } from "../invoice/index.js";
import { type BillingPeriod, computeBillingPeriod } from "../period/index.js";
import { periodInput } from "./billing.js";
import { type BilledFee, type SubscriptionRun } from "./runs.js";
import { type EventLog, windowEvents } from "./eventStore.js";
import type { StandaloneFee } from "./standaloneFees.js";
import { newInvoiceRecord, setInvoicePayment } from "./invoiceBook.js";
import type { Invoicing } from "./invoicing.js";
import type { BillingPeriodJson, InvoiceRecord } from "./invoices.js";
import type { Subscription } from "./state.js";

/**
 * The renewal fees of `run` (charges.md §16 step 4): a periodic run bills a non-invoiceable
 * pay-in-advance charge of a recurring metric for the period that starts, as it would bill an
 * invoiceable one (billing.ts), but outside any invoice, and keeps them even when all zero.
 */
export function renewalFees(run: SubscriptionRun, timezone: string, events: EventLog): BilledFee[] {
  const s = run.subscription;
  const out: BilledFee[] = [];
  if (run.reason !== "periodic") return out;
  let billing: BillingPeriod | undefined;
  for (const ch of s.plan.charges) {
    if (ch.charge.pay_in_advance !== true || ch.invoiceable) continue;
    if (!usageChargeIsBilled({ pay_in_advance: true }, ch.metric.recurring === true, run.reason)) continue;
    billing ??= computeBillingPeriod(Object.assign({}, periodInput(run, timezone), { current_usage: true }));
    const window = billing.charges_period;
    if (window === null) continue;
    for (const fee of usageChargeFees({
      charge: ch.usage, metric: ch.metric, events: windowEvents(events, ch.metric.recurring === true, window), charges_duration_in_days: billing.charges_duration_in_days, window,
      timezone, currency: s.plan.currency, renewal: true, ids: { subscription_id: s.svc_id },
    })) out.push({ fee, charge: ch });
  }
  return out;
}

/**
 * After the periodic runs `runs` of one customer at `at` (their invoice already issued): the
 * renewal fees without invoice, then the `advance_charges` invoice of the paid fees (§1.4).
 */
export function billNonInvoiceableFees(book: Invoicing, runs: readonly SubscriptionRun[], at: Instant): void {
  for (const run of runs) {
    for (const b of renewalFees(run, book.ctx.timezoneOf(run.subscription.customer), book.ctx.eventsOf(run.subscription))) book.addStandaloneFee(b, run);
  }
  issueAdvanceCharges(book, runs.map((r) => r.subscription), at);
}

/** A charge whose paid fees are regrouped on an invoice (§1.4): pay in advance, not invoiceable, `regroup_paid_fees: invoice`. */
const regroups = (s: Subscription): boolean =>
  s.plan.charges.some((ch) => ch.charge.pay_in_advance === true && !ch.invoiceable && ch.regroup_paid_fees === "invoice");

/**
 * The fees an `advance_charges` invoice at `at` takes for the `initial` subscriptions (§1.4):
 * the invoice-less fees of the subscriptions sharing their external ids (active or terminated)
 * that are `succeeded` with `succeeded_at ≤ at`; on a plain periodic run (every one active,
 * with no next subscription) only those whose charges period ended by `at` (`to_date ≤ at`).
 */
export function regroupableFees(book: Invoicing, initial: readonly Subscription[], at: Instant): StandaloneFee[] {
  const customer = initial[0]?.customer;
  const ids = new Set(initial.map((s) => s.external_id));
  const plain = initial.every((s) => s.status === "active" && s.next === null && s.terminated_at === null);
  return (customer === undefined ? [] : book.standaloneFeesOf(customer)).filter((e) => {
    if (e.payment.invoice !== null || e.line.run === null) return false;
    const s = e.line.run.subscription;
    if (s.customer !== customer || !ids.has(s.external_id) || (s.status !== "active" && s.status !== "terminated")) return false;
    if (e.payment.status !== "succeeded" || e.payment.succeeded_at === null || e.payment.succeeded_at > at) return false;
    return !plain || e.line.billed.fee.to_date <= at;
  });
}

/**
 * invoice.md §1.4: at a periodic run or a plan change of `initial` at `at`, when the plan of a
 * subscription with fees to take has a regrouping charge, one `advance_charges` invoice holds
 * those fees (no fee, no invoice). Totals per the §1.2 table: fees = Σ amount, taxes = Σ fee
 * taxes, no coupons, progressive credits, credit notes or wallets; finalized (or closed, §1.3)
 * at once with `payment_status: succeeded`.
 */
export function issueAdvanceCharges(book: Invoicing, initial: readonly Subscription[], at: Instant): InvoiceRecord | undefined {
  const fees = regroupableFees(book, initial, at);
  const subscriptions = [...new Set(fees.map((e) => e.line.run!.subscription))];
  if (fees.length === 0 || !subscriptions.some(regroups)) return undefined;
  const customer = initial[0]!.customer;
  const tz = book.ctx.timezoneOf(customer);
  const net = customer.net_payment_term ?? book.ctx.organization.net_payment_term;
  const dates = issuingDates({ invoice_at: at, timezone: tz, kind: "pay_in_advance_charge", invoice_grace_period: 0, net_payment_term: net });
  const inv = newInvoiceRecord({
    ...book.newIdentity(customer),
    customer,
    currency: initial[0]!.plan.currency,
    invoice_type: "advance_charges",
    runs: subscriptions.map((s) => ({ subscription: s, at, reason: "in_advance_charge" as const })),
    fixed_lines: fees.map((e) => e.line),
    created_at: at,
    issuing_date: dates.issuing_date,
    payment_due_date: dates.payment_due_date,
    net_payment_term: net,
    finalize_at: null,
  });
  inv.lines = inv.fixed_lines!;
  inv.billing_periods = advancePeriods(book, subscriptions, initial, at);
  const { totals, taxes } = aggregatedTotals(inv);
  inv.totals = totals;
  inv.taxes = taxes;
  setInvoicePayment(inv, "succeeded", at);
  // The reference records the fees' payment on the invoice (a manual payment of its total).
  inv.total_paid_amount_cents = totals.total_amount_cents;
  for (const e of fees) e.payment.invoice = inv;
  book.keep(inv);
  book.close(inv, at);
  return inv;
}

/**
 * Totals of an `advance_charges` invoice (invoice.md §1.2 table): the fees' own amounts and taxes
 * summed, nothing recomputed on the sum; `taxes_rate = rhu(taxes × 100 / fees, 2)` (0 when the
 * fees are 0); one applied tax per tax with the sum of the fees' applied-tax amounts, and as its
 * `fees_amount_cents` the taxable base: the sum of the subtotals (excluding taxes) of the fees
 * carrying it (objects.md; the reference's current aggregation — an earlier one copied the tax).
 */
export function aggregatedTotals(inv: Pick<InvoiceRecord, "lines">): { totals: InvoiceTotals; taxes: InvoiceTaxAmounts } {
  const fees = inv.lines.reduce((a, l) => a + l.fee.amount_cents, 0n);
  const taxes = inv.lines.reduce((a, l) => a + l.taxes.taxes_amount_cents, 0n);
  const perTax = new Map<string, AppliedInvoiceTax>();
  for (const l of inv.lines) {
    // The fee's subtotal excluding taxes: its amount less its coupons, rounded half up.
    const base = l.fee.precise_coupons_amount_cents.eq(ZERO) ? l.fee.amount_cents
      : BigInt(round(dec(l.fee.amount_cents).minus(l.fee.precise_coupons_amount_cents), 0, "half_up").toFixed());
    for (const t of l.taxes.applied_taxes) {
      const cur = perTax.get(t.tax.code);
      perTax.set(t.tax.code, { tax: t.tax, amount_cents: (cur?.amount_cents ?? 0n) + t.amount_cents, fees_amount_cents: (cur?.fees_amount_cents ?? 0n) + base });
    }
  }
  return {
    taxes: {
      taxes_amount_cents: taxes,
      taxes_rate: fees === 0n ? ZERO : round(div(dec(taxes * 100n), dec(fees)), 2, "half_up"),
      applied_taxes: [...perTax.values()],
    },
    totals: {
      fees_amount_cents: fees,
      progressive_billing_credit_amount_cents: 0n,
      coupons_amount_cents: 0n,
      sub_total_excluding_taxes_amount_cents: fees,
      taxes_amount_cents: taxes,
      sub_total_including_taxes_amount_cents: fees + taxes,
      credit_notes_amount_cents: 0n,
      prepaid_credit_amount_cents: 0n,
      total_amount_cents: fees + taxes,
    },
  };
}

/**
 * The billing periods of an `advance_charges` invoice: one per subscription with fees, all with
 * the charges period that the run at `at` closes for the latest started of them (as both its
 * subscription and charges period), reason `in_advance_charge_periodic`.
 */
function advancePeriods(book: Invoicing, subscriptions: readonly Subscription[], initial: readonly Subscription[], at: Instant): BillingPeriodJson[] {
  // Dated on the run that regroups: a live subscription's period just ended, else the terminated one's end.
  const live = initial.filter((s) => s.status === "active");
  const pool = live.length > 0 ? live : initial;
  const latest = pool.reduce((a, s) => ((s.started_at ?? 0) > (a.started_at ?? 0) ? s : a));
  const tz = book.ctx.timezoneOf(latest.customer);
  const input = periodInput({ subscription: latest, at, reason: latest.status === "terminated" ? "terminating" : "periodic" }, tz);
  const charges = computeBillingPeriod(input).charges_period;
  const from = charges === null ? null : formatInstant(charges.start);
  const to = charges === null ? null : formatInstant((charges.end - 1000) as Instant);
  return subscriptions.map((s) => ({
    svc_subscription_id: s.svc_id, external_subscription_id: s.external_id, svc_plan_id: s.plan.svc_id,
    subscription_from_datetime: from, subscription_to_datetime: to, charges_from_datetime: from, charges_to_datetime: to,
    fixed_charges_from_datetime: null, fixed_charges_to_datetime: null, invoicing_reason: "in_advance_charge_periodic",
  }));
}
