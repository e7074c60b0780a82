/**
 * `preview_invoice` (invoice.md §15): the invoice the service would issue next, unsaved —
 * for the customer's live subscriptions (`subscriptions.external_ids`, at their next billing
 * run, or at `terminated_at`), or for a new subscription to a plan (`plan_code`: at its start
 * when the plan is paid in advance, else at the end of its first period).
 */
import { stableId } from "../../core/ids.js";
import { type Instant, parseInstant, parseTimestamp } from "../../core/instant.js";
import { classifyPlanChange } from "../../fees/index.js";
import { startOfNextDayIn } from "../../core/zone.js";
import { type AppliedCoupon, type CreditNote, parseApplyCoupon, parseCouponTemplate } from "../../invoice/index.js";
import type { SubscriptionRun } from "../runs.js";
import { terminationNote } from "../creditNotes.js";
import { invoiceJson, type InvoiceRecord } from "../invoices.js";
import type { Sim } from "../sim.js";
import type { Customer, Subscription } from "../state.js";
import { isObj, type Step } from "../steps.js";
import { mergeDetails, newCustomer } from "../customers.js";
import { type Answer, invalid, invalidField, isRefusal, type Refusal, refusal } from "../refusal.js";
import { newSubscription, subscriptionJson } from "../subscriptionRecord.js";
import { namesOtherBillingEntity } from "../integrations.js";

export function previewInvoice(sim: Sim, step: Step): Answer {
  const b = step.body;
  // The reference's preview route checks the body's shape first: `subscriptions` an object, the
  // billing entity one it has (the organization's).
  if (b["subscriptions"] != null && !isObj(b["subscriptions"])) return invalidField("invalid_value", ["subscriptions"]);
  if (namesOtherBillingEntity(sim, b["billing_entity_code"])) return refusal("billing_entity_not_found");
  // The customer named by `customer.external_id` (customer_not_found when the service has none),
  // or, without an external id, one described by the request and not stored (the reference's preview).
  const cb = isObj(b["customer"]) ? b["customer"] : {};
  const externalId = cb["external_id"];
  if (externalId != null && typeof externalId !== "string") return invalidField("invalid_value", ["customer", "external_id"]);
  const known = externalId == null ? undefined : sim.customers.get(externalId);
  if (externalId != null && known === undefined) return refusal("customer_not_found");
  const customer = known ?? previewCustomer("preview", cb, step.at);
  const subs = b["subscriptions"];
  // Named subscriptions are previewed as they are (the reference: only a stored customer's); none, a new one to `plan_code`.
  const existing = isObj(subs) && Array.isArray(subs["external_ids"]) && subs["external_ids"].length > 0;
  if (existing && known === undefined) return invalidField("must_be_persisted", ["customer"]);
  const preview = existing
    ? livePreview(sim, customer, subs as Record<string, unknown>, step.at)
    : { runs: newSubscriptionRun(sim, customer, step), credit: "none" as const };
  if (isRefusal(preview)) return preview;
  if (isRefusal(preview.runs)) return preview.runs;
  if (preview.runs.length === 0) return refusal("subscription_not_found");
  const runs: SubscriptionRun[] = preview.runs.map((r) => Object.assign({}, r, { preview: true as const }));
  const coupons = requestCoupons(sim, customer, b["coupons"], step.at);
  if (isRefusal(coupons)) return coupons;
  const inv = withCoupons(customer, coupons, () => withNotes(sim, terminationNotes(sim, runs, preview.credit), () => sim.invoicing.preview(customer, runs, runs[0]!.at)));
  return { invoice: previewJson(sim, inv, runs, step.at) };
}

/**
 * The preview as the service answers it (objects.md §1 "Preview answer"): an invoice that is not
 * stored has no id, no sequential id and no billing periods, and its fees no ids; it lists the
 * previewed subscriptions.
 */
function previewJson(sim: Sim, inv: InvoiceRecord, runs: readonly SubscriptionRun[], at: Instant): Record<string, unknown> {
  const org = sim.catalog.organization;
  const json = invoiceJson(inv, org) as Record<string, unknown>;
  const fees = (json["fees"] as readonly Record<string, unknown>[]).map((f) => Object.assign({}, f, { svc_id: null, svc_invoice_id: null }));
  return Object.assign({}, json, {
    svc_id: null, number: sim.invoicing.draftNumber(inv.customer), sequential_id: null, billing_periods: [], fees,
    subscriptions: runs.map((r) => subscriptionJson(r.subscription, at, org)),
  });
}

/**
 * A termination preview of a plan paid in advance credits the note its termination would
 * create (§15, §10.6; "credit", as the reference's preview computes it). Nothing is stored.
 */
function terminationNotes(sim: Sim, runs: readonly SubscriptionRun[], credit: LivePreview["credit"]): CreditNote[] {
  // A downgrade's switch computes no would-be termination credit note (§15).
  if (credit === "none") return [];
  return runs.flatMap((r) => {
    if (r.reason !== "terminating") return [];
    const live = sim.subscriptions.find((s) => s.svc_id === r.subscription.svc_id);
    if (live === undefined) return [];
    const note = terminationNote(live, r.at, sim.timezoneOf(live.customer), "credit", sim.invoicing.lastSubscriptionFee(live), sim.invoicing.creditNotes, credit === "upgrade");
    return note?.ok === true ? [note.value] : [];
  });
}

/**
 * The coupons of the request (§4.4: read only when the customer has no active coupon), each
 * a catalog coupon named by `coupon_code` / `code`, or a coupon described in full; applied as
 * `apply_coupon` would (amount, percentage and frequency overrides), nothing stored.
 */
function requestCoupons(sim: Sim, customer: Customer, raw: unknown, at: Instant): AppliedCoupon[] | undefined | Refusal {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) return invalidField("invalid_value", ["coupons"]);
  if (customer.applied_coupons.some((a) => a.status === "active")) return undefined;
  const planMetrics = new Map([...sim.catalog.plans.values()].map((p) => [p.code, p.charges.map((ch) => ch.metric.code)] as const));
  const refs = { plan_codes: new Set(sim.catalog.plans.keys()), billable_metric_codes: new Set(sim.catalog.metrics.keys()) };
  const out: AppliedCoupon[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c: unknown = raw[i];
    if (!isObj(c)) return invalidField("invalid_value", ["coupons", i]);
    const code = c["coupon_code"] ?? c["code"];
    const known = typeof code === "string" ? sim.catalog.coupons.get(code) : undefined;
    const parsed = known === undefined ? parseCouponTemplate({ expiration: "no_expiration", reusable: true, ...c, code }, ["coupons", i], refs) : undefined;
    if (parsed?.ok === false) return invalid(parsed.issues);
    const template = known ?? (parsed?.ok === true ? parsed.value : undefined);
    if (template === undefined) continue;
    // No currency check: a fixed coupon in another currency than the invoice's is skipped when
    // the preview applies it (invoice.md §4.4), as the reference builds request coupons unchecked.
    const r = parseApplyCoupon({ ...c, coupon_code: template.code }, template, {
      at, customer_id: customer.svc_id, applied_coupons: out, customer_currency: null, plan_metric_codes: planMetrics,
    });
    if (!r.ok) return refusal(r.refusal.code, r.refusal.error_details);
    out.push(r.value.applied_coupon);
  }
  return out;
}

/** Runs `f` with `coupons` as the customer's coupons (when given), then puts them back. */
function withCoupons<T>(customer: Customer, coupons: AppliedCoupon[] | undefined, f: () => T): T {
  if (coupons === undefined) return f();
  const saved = customer.applied_coupons;
  customer.applied_coupons = coupons;
  try {
    return f();
  } finally {
    customer.applied_coupons = saved;
  }
}

/** Runs `f` with `notes` among the customer's credit notes, then puts the list back. */
function withNotes<T>(sim: Sim, notes: readonly CreditNote[], f: () => T): T {
  if (notes.length === 0) return f();
  const saved = sim.invoicing.creditNotes;
  sim.invoicing.creditNotes = [...saved, ...notes];
  try {
    return f();
  } finally {
    sim.invoicing.creditNotes = saved;
  }
}

/** A customer the preview describes but the simulation does not have: nothing is stored. */
function previewCustomer(externalId: string, body: Record<string, unknown>, at: Instant): Customer {
  const c = newCustomer(externalId, at);
  c.details = mergeDetails(c.details, body, c.svc_id, at);
  if (typeof body["currency"] === "string") c.currency = body["currency"] as Customer["currency"];
  if (typeof body["timezone"] === "string") c.timezone = body["timezone"];
  if (typeof body["name"] === "string") c.name = body["name"];
  return c;
}

/**
 * What a preview of existing subscriptions bills (invoice.md §15), chosen as the reference's
 * subscriptions preview chooses it: a termination (`terminated_at`, or a sole subscription whose
 * `ending_at` comes by its next billing day), a plan change (`plan_code`), or the next billing run.
 */
interface LivePreview {
  readonly runs: SubscriptionRun[];
  /** The would-be termination credit note of a terminated plan paid in advance (none with a downgrade). */
  readonly credit: "none" | "termination" | "upgrade";
}

function livePreview(sim: Sim, customer: Customer, subs: Record<string, unknown>, now: Instant): LivePreview | Refusal {
  const ids = subs["external_ids"] as readonly unknown[];
  // The customer's active subscriptions among those named (another's, or an unknown id, is left
  // out as the reference's lookup leaves it), or a sole pending one that starts later.
  const found = sim.subscriptions.filter((x) => x.customer === customer && x.status === "active" && ids.includes(x.external_id));
  const future = found.length === 0 && ids.length === 1 ? startingInFuture(sim, customer, ids[0], now) : undefined;
  if (future !== undefined) {
    // Not a stored subscription: billed as a new one would be — at its start when its plan is paid in advance.
    if (future.plan.pay_in_advance) return { runs: [{ subscription: future, at: future.subscription_at, reason: "starting" }], credit: "none" };
    found.push(future);
  }
  if (found.length === 0) return refusal("subscription_not_found");
  const sole = found.length === 1 ? found[0]! : undefined;
  const endingAt = sole !== undefined && sole.ending_at !== null && sole.ending_at <= billingDayEnd(sim, sole) ? sole.ending_at : null;
  const terminatedAt = subs["terminated_at"] ?? null;
  const planCode = subs["plan_code"] ?? null;
  if (terminatedAt !== null || endingAt !== null) {
    if (sole === undefined) return invalidField("only_one_subscription_allowed_for_termination", ["subscriptions"]);
    if (terminatedAt === null) return terminationPreview(sole, endingAt!);
    // An ISO 8601 instant, not in the past (the reference's termination preview refuses both).
    const at = parseInstant(terminatedAt);
    if (at === undefined) return invalidField("invalid_timestamp", ["terminated_at"]);
    if (at < now) return invalidField("cannot_be_in_past", ["terminated_at"]);
    return terminationPreview(sole, at);
  }
  if (planCode !== null) {
    if (sole === undefined) return invalidField("only_one_subscription_allowed_for_plan_change", ["subscriptions"]);
    return planChangePreview(sim, sole, planCode, now);
  }
  return projectionPreview(sim, found);
}

/** The subscription terminated at `at` (the request's `terminated_at`, or its own `ending_at`). */
function terminationPreview(s: Subscription, at: Instant): LivePreview {
  return { runs: [{ subscription: { ...s, status: "terminated", terminated_at: at }, at, reason: "terminating" }], credit: pendingDowngrade(s) ? "none" : "termination" };
}

/**
 * The subscription moved to the plan `code` (the reference's plan-change preview): an upgrade
 * (a yearly price at least the current one's) ends it now and starts the new one now; a downgrade
 * switches at the next billing run, as a scheduled one does. The new subscription is on the
 * invoice only when its plan is paid in advance.
 */
function planChangePreview(sim: Sim, s: Subscription, code: unknown, now: Instant): LivePreview | Refusal {
  const plan = typeof code === "string" ? sim.catalog.plans.get(code) : undefined;
  if (plan === undefined) return refusal("plan_not_found");
  if (s.plan.svc_id === (plan.parent_id ?? plan.svc_id)) return invalidField("new_plan_should_be_different_from_existing_plan", ["base"]);
  const kind = classifyPlanChange(s.plan, plan) === "downgrade" ? "downgrade" : "upgrade";
  const next = newSubscription({
    svc_id: stableId("subscription", "preview", s.external_id, plan.code, now),
    external_id: s.external_id,
    customer: s.customer,
    plan,
    name: plan.name,
    billing_time: s.billing_time,
    subscription_at: s.subscription_at,
    created_at: now,
    billed_until: now,
    previous: s,
    ending_at: s.ending_at,
  });
  if (kind === "downgrade") return { runs: downgradeRuns(sim, { ...s, next, change: "downgrade" }, next), credit: "none" };
  const old: Subscription = { ...s, status: "terminated", terminated_at: now, next, change: "upgrade" };
  const runs: SubscriptionRun[] = [{ subscription: old, at: now, reason: "terminating" }];
  if (plan.pay_in_advance) {
    const started: Subscription = { ...next, status: "active", started_at: now, billed_until: now, initial_started_at: s.initial_started_at ?? s.started_at };
    runs.push({ subscription: started, at: now, reason: "starting" });
  }
  return { runs, credit: "upgrade" };
}

/** The subscriptions at their next billing run (all at the first one's), a scheduled downgrade as its switch. */
function projectionPreview(sim: Sim, subs: readonly Subscription[]): LivePreview | Refusal {
  const at = sim.boundaryAfter(subs[0]!);
  // invoice.md §15: the subscriptions previewed together share their next period end.
  if (subs.some((s) => sim.boundaryAfter(s) !== at)) return invalidField("billing_periods_does_not_match", ["base"]);
  const runs = subs.flatMap((s) => (pendingDowngrade(s) ? downgradeRuns(sim, s, s.next!) : [{ subscription: s, at, reason: "periodic" as const }]));
  return { runs, credit: subs.some(pendingDowngrade) ? "none" : "termination" };
}

/**
 * The reference's "next billing day" of a live subscription: the end of its current period plus
 * one day, i.e. the last second of the next period's first day in the customer's zone.
 */
function billingDayEnd(sim: Sim, s: Subscription): Instant {
  return (startOfNextDayIn(sim.boundaryAfter(s), sim.timezoneOf(s.customer)) - 1000) as Instant;
}

/**
 * A sole pending subscription that starts later (not a pending plan change), previewed as the
 * reference previews it: a copy, active from its `subscription_at`, billed at its first run.
 */
function startingInFuture(sim: Sim, customer: Customer, id: unknown, now: Instant): Subscription | undefined {
  const s = sim.subscriptions.find((x) => x.customer === customer && x.external_id === id && x.status === "pending" && x.previous === null);
  if (s === undefined || s.subscription_at <= now) return undefined;
  return { ...s, status: "active", started_at: s.subscription_at, billed_until: s.subscription_at, initial_started_at: s.subscription_at };
}

const pendingDowngrade = (s: Subscription): boolean => s.change === "downgrade" && s.next !== null && s.next.status === "pending";

/**
 * The switch a downgrade makes at the next billing run, as a preview bills it (invoice.md §15
 * "Existing subscription with a scheduled downgrade"): the old subscription terminated at the
 * last second of the next period's first day (the billing time), billed as at the switch; the
 * new one (`next`), only when its plan is paid in advance, active from the next period's start.
 */
function downgradeRuns(sim: Sim, s: Subscription, next: Subscription): SubscriptionRun[] {
  const start = sim.boundaryAfter(s);
  const at = billingDayEnd(sim, s);
  const runs: SubscriptionRun[] = [{ subscription: { ...s, status: "terminated", terminated_at: at }, at, reason: "terminating" }];
  if (next.plan.pay_in_advance) {
    const started: Subscription = { ...next, status: "active", started_at: start, billed_until: start, initial_started_at: s.initial_started_at ?? s.started_at };
    runs.push({ subscription: started, at, reason: "starting" });
  }
  return runs;
}

/** A subscription to `plan_code` that does not exist yet, billed where its first invoice would be. */
function newSubscriptionRun(sim: Sim, customer: Customer, step: Step): SubscriptionRun[] | Refusal {
  const b = step.body;
  const plan = typeof b["plan_code"] === "string" ? sim.catalog.plans.get(b["plan_code"]) : undefined;
  if (plan === undefined) return refusal("plan_not_found");
  const start = b["subscription_at"] == null ? step.at : parseTimestamp(b["subscription_at"]);
  if (start === undefined) return refusal("invalid_timestamp");
  const s = newSubscription({
    svc_id: stableId("subscription", "preview", customer.external_id, plan.code, start),
    external_id: `preview_${plan.code}`,
    customer,
    plan,
    name: null,
    billing_time: b["billing_time"] === "anniversary" ? "anniversary" : "calendar",
    subscription_at: start,
    created_at: step.at,
    status: "active",
    started_at: start,
    billed_until: start,
    initial_started_at: start,
  });
  return [plan.pay_in_advance ? { subscription: s, at: start, reason: "starting" } : { subscription: s, at: sim.boundaryAfter(s), reason: "periodic" }];
}
