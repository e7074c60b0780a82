/**
 * Customers and subscriptions: create (an upsert for customers), plan changes (periods.md
 * §8), terminations with their credit notes and final invoices, and their JSON.
 */
import type { CurrencyCode } from "../core/currency.js";
import { stableId } from "../core/ids.js";
import { formatInstant, type Instant, parseTimestamp } from "../core/instant.js";
import { issue, IssueCollector, ValidationError } from "../core/issue.js";
import { isValidTimeZone } from "../core/zone.js";
import { classifyPlanChange, trialEnd } from "../fees/index.js";
import { parseCatalogObject } from "../parse/schemas/index.js";
import type { BillingTime } from "../period/index.js";
import type { SubscriptionRun } from "./billing.js";
import { type Plan, taxesOf } from "./catalog.js";
import { terminationNote } from "./creditNotes.js";
import type { Simulation } from "./simulate.js";
import type { Customer, SubscriptionStatus as Status, Subscription } from "./state.js";
import { type Obj, outcome, refuse, type Step } from "./steps.js";

export interface SubscriptionJson {
  readonly svc_id: string;
  readonly external_id: string;
  readonly external_customer_id: string;
  readonly svc_customer_id: string;
  readonly plan_code: string;
  readonly previous_plan_code: string | null;
  readonly next_plan_code: string | null;
  readonly name: string | null;
  readonly status: Status;
  readonly billing_time: BillingTime;
  readonly subscription_at: string;
  readonly started_at: string | null;
  readonly terminated_at: string | null;
  readonly canceled_at: string | null;
  readonly created_at: string;
}

export function createCustomer(sim: Simulation, step: Step): unknown {
  const r = parseCatalogObject("customer", step.body);
  if (!r.ok) throw new ValidationError(r.issues);
  const b = r.value;
  const c = new IssueCollector();
  const taxes = taxesOf(b.tax_codes, sim.catalog.taxes, ["tax_codes"], c);
  if (b.timezone != null && !isValidTimeZone(b.timezone)) c.add("invalid_timezone", ["timezone"]);
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  const existing = sim.customers.get(b.external_id);
  // An upsert keyed by external_id: given fields replace the stored ones.
  const customer: Customer = existing ?? newCustomer(b.external_id);
  if (b.name != null) customer.name = b.name;
  if (b.net_payment_term != null) customer.net_payment_term = b.net_payment_term;
  if (b.finalize_zero_amount_invoice != null) customer.finalize_zero_amount_invoice = b.finalize_zero_amount_invoice;
  if (b.billing_configuration?.invoice_grace_period != null) customer.invoice_grace_period = b.billing_configuration.invoice_grace_period;
  if (b.currency != null) customer.currency = b.currency as CurrencyCode;
  if (b.timezone != null) customer.timezone = b.timezone;
  if (taxes !== undefined) customer.taxes = taxes;
  sim.customers.set(customer.external_id, customer);
  return { customer: customerJson(sim, customer) };
}

export function customerJson(sim: Simulation, c: Customer): Obj {
  return {
    svc_id: c.svc_id, external_id: c.external_id, name: c.name, currency: c.currency, timezone: c.timezone,
    applicable_timezone: sim.timezoneOf(c), taxes: (c.taxes ?? []).map((t) => ({ svc_id: t.svc_id, code: t.code, name: t.name, rate: t.rate.toFixed() })),
  };
}

export function createSubscription(sim: Simulation, step: Step, index: number): unknown {
  const r = parseCatalogObject("subscription", step.body);
  if (!r.ok) throw new ValidationError(r.issues);
  const b = r.value;
  const plan = sim.catalog.plans.get(b.plan_code) ?? refuse("plan_not_found");
  const live = sim.subscriptions.find((s) => s.external_id === b.external_id && (s.status === "active" || s.status === "pending"));
  if (b.plan_overrides != null) {
    sim.warn(step.at, `subscription ${b.external_id}: plan_overrides are not implemented yet; the step changed nothing`, index);
    return refuse("not_implemented");
  }
  if (plan.fixed_charges_count > 0) sim.warn(step.at, `plan ${plan.code}: fixed charges are not billed yet (no invoices)`, index);
  let customer = sim.customers.get(b.external_customer_id);
  if (customer === undefined) {
    // The service creates the customer a subscription names when it does not exist yet.
    customer = newCustomer(b.external_customer_id);
    sim.customers.set(customer.external_id, customer);
  }
  if (live !== undefined) return changePlan(sim, live, plan, step);
  const subscriptionAt = (b.subscription_at == null ? step.at : parseTimestamp(b.subscription_at) ?? step.at) as Instant;
  const s: Subscription = {
    svc_id: stableId("subscription", b.external_id, sim.subscriptions.filter((x) => x.external_id === b.external_id).length),
    external_id: b.external_id,
    customer,
    plan,
    name: b.name ?? null,
    billing_time: b.billing_time ?? "calendar",
    subscription_at: subscriptionAt,
    created_at: step.at,
    status: "pending",
    started_at: null,
    terminated_at: null,
    canceled_at: null,
    on_termination_invoice: "generate",
    billed_until: subscriptionAt,
    initial_started_at: null,
    trial_billing_at: null,
    previous: null,
    next: null,
    change: null,
    ending_at: b.ending_at == null ? null : parseTimestamp(b.ending_at) ?? null,
  };
  // A customer bills in one currency: a plan in another is refused (interface spec, Limits).
  if (customer.currency !== null && customer.currency !== plan.currency) throw new ValidationError([issue("currencies_does_not_match", ["currency"])]);
  customer.currency ??= plan.currency;
  sim.subscriptions.push(s);
  if (subscriptionAt <= step.at) sim.start(s, step.at);
  if (s.status === "active") sim.advance(step.at);
  return { subscription: subscriptionJson(s) };
}

/**
 * A subscription on another plan under a live external id (periods.md §8): a pending one
 * just gets the plan; an upgrade ends the old one now and bills both at now + 1 s; a
 * downgrade waits, pending, for the old one's next billing run.
 */
export function changePlan(sim: Simulation, live: Subscription, plan: Plan, step: Step): unknown {
  if (live.plan === plan) return { subscription: subscriptionJson(live) };
  if (live.status === "pending" && live.previous === null) {
    live.plan = plan;
    return { subscription: subscriptionJson(live) };
  }
  cancelNext(live, step.at);
  const kind = classifyPlanChange(live.plan, plan);
  const s: Subscription = {
    ...live,
    svc_id: stableId("subscription", live.external_id, sim.subscriptions.filter((x) => x.external_id === live.external_id).length),
    plan,
    name: typeof step.body["name"] === "string" ? step.body["name"] : live.name,
    created_at: step.at,
    status: "pending",
    started_at: null,
    terminated_at: null,
    canceled_at: null,
    on_termination_invoice: "generate",
    billed_until: step.at,
    trial_billing_at: null,
    previous: live,
    next: null,
    change: null,
  };
  sim.subscriptions.push(s);
  live.next = s;
  live.change = kind === "downgrade" ? "downgrade" : "upgrade";
  if (live.change === "downgrade") return { subscription: subscriptionJson(s) };
  // Upgrade: the old one ends now; an old plan paid in advance gets its credit note (upgrade day included).
  const paid = sim.invoicing.lastSubscriptionFee(live);
  live.status = "terminated";
  live.terminated_at = step.at;
  const note = terminationNote(live, step.at, sim.timezoneOf(live.customer), "credit", paid, sim.invoicing.creditNotes, true);
  if (note !== undefined) sim.invoicing.addNote(outcome(note), step.at);
  switchTo(sim, s, live, step.at, (step.at + 1000) as Instant);
  return { subscription: subscriptionJson(s) };
}

/** The new subscription of a plan change starts at `start`; one invoice at `invoiceAt` bills the old one's end and the new one's start. */
export function switchTo(sim: Simulation, s: Subscription, old: Subscription, start: Instant, invoiceAt: Instant): void {
  s.status = "active";
  s.started_at = start;
  s.billed_until = start;
  s.initial_started_at = old.initial_started_at ?? old.started_at;
  const runs: SubscriptionRun[] = [{ subscription: old, at: invoiceAt, reason: "terminating" }];
  const trial = trialEnd(s.initial_started_at ?? start, s.plan.trial_period);
  if (s.plan.pay_in_advance && (old.change === "downgrade" || trial === null || trial.trial_end <= start)) runs.push({ subscription: s, at: invoiceAt, reason: "starting" });
  sim.invoicing.issue(s.customer, runs, invoiceAt);
}

/** A pending downgrade is cancelled by any later change or by a termination. */
export function cancelNext(s: Subscription, at: Instant): void {
  if (s.next === null || s.next.status !== "pending") return;
  s.next.status = "canceled";
  s.next.canceled_at = at;
  s.next = null;
  s.change = null;
}

export function terminateSubscription(sim: Simulation, step: Step, index: number): unknown {
  const id = step.body["external_id"];
  if (typeof id !== "string" || id === "") throw new ValidationError([issue("value_is_mandatory", ["external_id"])]);
  // periods.md §9: the termination options.
  const bad = (["on_termination_invoice", "on_termination_credit_note"] as const).filter((k) => {
    const v = step.body[k];
    return v !== undefined && v !== null && !(TERMINATION_OPTIONS[k] as readonly unknown[]).includes(v);
  });
  const [first, ...rest] = bad.map((k) => issue("invalid_value", [k]));
  if (first !== undefined) throw new ValidationError([first, ...rest]);
  const s = sim.subscriptions.find((x) => x.external_id === id && (x.status === "active" || x.status === "pending")) ?? refuse("subscription_not_found");
  const option = step.body["on_termination_credit_note"];
  terminate(sim, s, step.at, step.body["on_termination_invoice"] === "skip" ? "skip" : "generate",
    option === "refund" || option === "offset" || option === "skip" ? option : "credit");
  return { subscription: subscriptionJson(s) };
}

/** Ends a subscription at `at` (a step, or its `ending_at`): pending → canceled; active → terminated, its credit note, then its final invoice. */
export function terminate(sim: Simulation, s: Subscription, at: Instant, invoice: "generate" | "skip", creditNote: "credit" | "refund" | "offset" | "skip"): void {
  cancelNext(s, at);
  if (s.status === "pending") {
    s.status = "canceled";
    s.canceled_at = at;
    return;
  }
  s.status = "terminated";
  s.terminated_at = at;
  s.on_termination_invoice = invoice;
  // The credit note of a plan paid in advance comes first: the final invoice can use it.
  const note = terminationNote(s, at, sim.timezoneOf(s.customer), creditNote, sim.invoicing.lastSubscriptionFee(s), sim.invoicing.creditNotes);
  if (note !== undefined) sim.invoicing.addNote(outcome(note), at);
  if (invoice === "generate") sim.invoicing.issue(s.customer, [{ subscription: s, at, reason: "terminating" }], at);
}

export function fetchSubscription(sim: Simulation, step: Step): unknown {
  const id = step.body["external_id"];
  const all = sim.subscriptions.filter((s) => s.external_id === id);
  const s = all.find((x) => x.status === "active") ?? all.at(-1) ?? refuse("subscription_not_found");
  return { subscription: subscriptionJson(s) };
}

export const TERMINATION_OPTIONS = {
  on_termination_invoice: ["generate", "skip"],
  on_termination_credit_note: ["credit", "refund", "offset", "skip"],
} as const;

export function newCustomer(externalId: string): Customer {
  return {
    svc_id: stableId("customer", externalId), external_id: externalId, name: null, currency: null, timezone: null, taxes: undefined,
    invoice_grace_period: null, net_payment_term: null, finalize_zero_amount_invoice: null, applied_coupons: [],
  };
}

export function subscriptionJson(s: Subscription): SubscriptionJson {
  const t = (x: Instant | null): string | null => (x === null ? null : formatInstant(x));
  return {
    svc_id: s.svc_id,
    external_id: s.external_id,
    external_customer_id: s.customer.external_id,
    svc_customer_id: s.customer.svc_id,
    plan_code: s.plan.code,
    previous_plan_code: s.previous?.plan.code ?? null,
    next_plan_code: s.next?.plan.code ?? null,
    name: s.name,
    status: s.status,
    billing_time: s.billing_time,
    subscription_at: formatInstant(s.subscription_at),
    started_at: t(s.started_at),
    terminated_at: t(s.terminated_at),
    canceled_at: t(s.canceled_at),
    created_at: formatInstant(s.created_at),
  };
}
