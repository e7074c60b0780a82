/**
 * Time-driven notices (contract §4 "Webhooks"): jobs of the clock that change no amount and
 * send a webhook — a trial ends (`subscription.trial_ended`), a subscription's `ending_at` is
 * 45 and then 15 days away (`subscription.termination_alert`), a finalized invoice's due date
 * passes unpaid (`invoice.payment_overdue`). Each is sent once; clock.ts lists them in its jobs.
 */
import type { Instant } from "../core/instant.js";
import { dateOf, wallToInstant } from "../core/zone.js";
import { trialEnd } from "../fees/index.js";
import type { InvoiceRecord } from "./invoices.js";
import type { Sim } from "./sim.js";
import type { Customer, Subscription } from "./state.js";
import { emitWebhook, subscriptionWebhook } from "./webhooks.js";

const DAY = 86_400_000;

/** When the subscription's trial ends while it is active (periods.md §6), unless already announced. */
export function trialEndsAt(s: Subscription): Instant | undefined {
  if (s.status !== "active" || s.trial_end_notified === true || s.initial_started_at === null || s.started_at === null) return undefined;
  const trial = trialEnd(s.initial_started_at, s.plan.trial_period);
  // A trial that ended before this record started (an upgrade after it) was announced by its predecessor, or never had one to announce.
  if (trial === null || trial.trial_end <= s.started_at) return undefined;
  return trial.trial_end;
}

export function announceTrialEnd(sim: Sim, s: Subscription, at: Instant): void {
  const t = trialEndsAt(s);
  if (t === undefined || t > at) return;
  s.trial_end_notified = true;
  subscriptionWebhook(sim, "subscription.trial_ended", s, at);
}

/**
 * The next termination alert of an active subscription with an `ending_at`: the start (UTC) of the
 * day 45 days, then 15 days, before the date of its `ending_at` — the reference's daily job, which
 * alerts when `ending_at` falls 45 or 15 days after the current date. A day already past when the
 * subscription was created (or when its `ending_at` was set) is not alerted late.
 */
export function terminationAlertAt(s: Subscription): Instant | undefined {
  if (s.status !== "active" || s.ending_at === null) return undefined;
  const endDay = Math.floor(s.ending_at / DAY) * DAY;
  for (const days of [45, 15]) {
    const t = (endDay - days * DAY) as Instant;
    if (t >= s.created_at && t >= (s.ending_at_set_at ?? s.created_at) && (s.termination_alerted_at === undefined || t > s.termination_alerted_at)) return t;
  }
  return undefined;
}

export function alertTermination(sim: Sim, s: Subscription, at: Instant): void {
  const t = terminationAlertAt(s);
  if (t === undefined || t > at) return;
  s.termination_alerted_at = t;
  subscriptionWebhook(sim, "subscription.termination_alert", s, at);
}

/**
 * When a finalized invoice becomes overdue: the start, in the customer's zone, of the day after
 * its `payment_due_date` (invoice.md §1.1 "Payments": overdue once the due date has passed while
 * it is finalized and not paid), unless announced already.
 */
export function overdueAt(inv: InvoiceRecord, timezone: string): Instant | undefined {
  // An invoice whose payment dispute was lost is never overdue (the reference's overdue job leaves it out).
  if (inv.status !== "finalized" || inv.payment_status === "succeeded" || inv.overdue_notified === true || inv.payment_dispute_lost_at !== undefined) return undefined;
  // The instant of a due date in a zone, kept per invoice: the schedule asks for every invoice of a customer at each of its changes.
  const hit = overdueInstants.get(inv);
  if (hit !== undefined && hit.date === inv.payment_due_date && hit.timezone === timezone) return hit.at;
  const [y, m, d] = inv.payment_due_date.split("-").map(Number) as [number, number, number];
  const next = dateOf(Date.UTC(y, m - 1, d + 1) as Instant, "UTC");
  const at = wallToInstant(next, timezone);
  overdueInstants.set(inv, { date: inv.payment_due_date, timezone, at });
  return at;
}

const overdueInstants = new WeakMap<InvoiceRecord, { readonly date: string; readonly timezone: string; readonly at: Instant }>();

/**
 * The customer's next overdue notice. An invoice that becomes unpaid again after its overdue
 * instant (`update_invoice` from `succeeded` to `failed` or `pending`) turns overdue at that
 * moment: its notice is due at once, at the clock's instant, never in the past (the clock only
 * moves forward).
 */
export function invoicesOverdueAt(sim: Sim, c: Customer): Instant | undefined {
  let next: Instant | undefined;
  const tz = sim.timezoneOf(c);
  for (const inv of sim.invoicing.invoicesOf(c)) {
    const t = overdueAt(inv, tz);
    if (t !== undefined && (next === undefined || t < next)) next = t;
  }
  return next !== undefined && next < sim.clock ? sim.clock : next;
}

export function announceOverdue(sim: Sim, c: Customer, at: Instant): void {
  const tz = sim.timezoneOf(c);
  for (const inv of sim.invoicing.invoicesOf(c)) {
    const t = overdueAt(inv, tz);
    if (t === undefined || t > at) continue;
    inv.overdue_notified = true;
    emitWebhook(sim, "invoice.payment_overdue", at, sim.invoicing.invoiceJson(inv, at));
  }
}
