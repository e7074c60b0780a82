/**
 * Customers and subscriptions: create (an upsert for customers), plan changes (periods.md
 * §8), terminations with their credit notes and final invoices, and their JSON.
 */
import type { CurrencyCode } from "../core/currency.js";
import { type Decimal, ZERO, parseDecimal, toDecimalString } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import { formatInstant, type Instant, parseTimestamp } from "../core/instant.js";
import { issue, IssueCollector, ValidationError } from "../core/issue.js";
import { isValidTimeZone } from "../core/zone.js";
import { classifyPlanChange, trialEnd } from "../fees/index.js";
import { parseCatalogObject } from "../parse/schemas/index.js";
import { type BillingTime, computeBillingPeriod } from "../period/index.js";
import { type SubscriptionRun, billRun, periodInput } from "./billing.js";
import { type Plan, taxesOf } from "./catalog.js";
import { terminationNote } from "./creditNotes.js";
import { billUnitsChange, currentUnits, fixedChargeLedger, hasAdvanceFixedCharges } from "./fixedCharges.js";
import { invoiceLines } from "./invoices.js";
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
  const overrides = b.plan_overrides == null ? new Map<string, Decimal>() : fixedChargeOverrides(step.body["plan_overrides"] as Obj, plan);
  if (overrides === undefined) {
    sim.warn(step.at, `subscription ${b.external_id}: plan_overrides other than fixed-charge units are not implemented yet; the step changed nothing`, index);
    return refuse("not_implemented");
  }
  let customer = sim.customers.get(b.external_customer_id);
  if (customer === undefined) {
    // The service creates the customer a subscription names when it does not exist yet.
    customer = newCustomer(b.external_customer_id);
    sim.customers.set(customer.external_id, customer);
  }
  if (live !== undefined) return changePlan(sim, live, plan, step, overrides);
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
    fixed_charge_start_units: overrides,
    fixed_charge_changes: [],
    fixed_charge_taxes: new Map(),
    fixed_charge_ledger: fixedChargeLedger(() => sim.invoicing.invoices),
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
export function changePlan(sim: Simulation, live: Subscription, plan: Plan, step: Step, overrides: ReadonlyMap<string, Decimal> = new Map()): unknown {
  if (live.plan === plan) return { subscription: subscriptionJson(live) };
  if (live.status === "pending" && live.previous === null) {
    live.plan = plan;
    live.fixed_charge_start_units = overrides;
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
    fixed_charge_start_units: overrides,
    fixed_charge_changes: [],
    fixed_charge_taxes: new Map(),
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
  const advancePlan = s.plan.pay_in_advance && (old.change === "downgrade" || trial === null || trial.trial_end <= start);
  // The new one is on the invoice when its plan is paid in advance, or for its pay-in-advance fixed charges (§8.1, §8.2).
  if (advancePlan || hasAdvanceFixedCharges(s)) runs.push({ subscription: s, at: invoiceAt, reason: "starting" });
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

/**
 * `plan_overrides` of `create_subscription` holding only fixed-charge units (periods.md
 * §7.1: a per-subscription units override, no child plan): code → units. `undefined` when
 * it overrides anything else (not implemented).
 */
function fixedChargeOverrides(overrides: Obj, plan: Plan): Map<string, Decimal> | undefined {
  const present = (k: string): boolean => overrides[k] !== undefined && overrides[k] !== null;
  if (Object.keys(overrides).some((k) => k !== "fixed_charges" && present(k))) return undefined;
  const entries = Array.isArray(overrides["fixed_charges"]) ? (overrides["fixed_charges"] as Obj[]) : [];
  if (entries.some((e) => Object.keys(e).some((k) => !["code", "units", "apply_units_immediately"].includes(k) && e[k] != null))) return undefined;
  const c = new IssueCollector();
  const out = new Map<string, Decimal>();
  entries.forEach((e, i) => {
    const path = ["plan_overrides", "fixed_charges", i];
    const f = plan.fixed_charges.find((x) => x.code === e["code"]);
    if (f === undefined) c.add(e["code"] == null ? "value_is_mandatory" : "invalid_value", [...path, "code"]);
    const units = e["units"] == null ? undefined : parseDecimal(e["units"]);
    if (units !== undefined && units.lt(ZERO)) c.add("invalid_value", [...path, "units"]);
    else if (f !== undefined && units !== undefined) out.set(f.code, units);
  });
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  return out;
}

/**
 * A subscription that starts: its pay-in-advance fixed charges get their own invoice (never
 * a draft, invoice.md §1.2) when its plan's starting invoice does not carry them — an
 * arrears plan, or a plan paid in advance still in trial (periods.md §6, §7).
 */
export function startFixedCharges(sim: Simulation, s: Subscription, at: Instant): void {
  if (!hasAdvanceFixedCharges(s)) return;
  const trial = trialEnd(s.initial_started_at ?? at, s.plan.trial_period);
  if (s.plan.pay_in_advance && (trial === null || trial.trial_end <= at)) return;
  const starting: SubscriptionRun = { subscription: s, at, reason: "starting" };
  const history = { invoices_count: 0, subscription_fee_days: [], previous_period_billed: true };
  // Their own ids: a trial's end may bill the same window again when this fee is zero (§7's guard).
  const fees = billRun(starting, sim.timezoneOf(s.customer), [], history).fees.filter((b) => b.fee.item.type === "fixed_charge")
    .map((b) => ({ ...b, fee: { ...b.fee, svc_id: stableId("fee", "fixed_charges_at_start", b.fee.svc_id) } }));
  if (fees.length === 0) return;
  const run: SubscriptionRun = { subscription: s, at, reason: "in_advance_charge" };
  sim.invoicing.issue(s.customer, [run], at, invoiceLines(fees.map((billed) => ({ billed, run })), sim.catalog.organization));
}

/**
 * `update_subscription_fixed_charge` (periods.md §7.1): a units override (and/or the fixed
 * charge's taxes) for one subscription. The units apply at once with
 * `apply_units_immediately` (an advance fixed charge then bills the delta on its own
 * invoice), else from the next fixed-charges period.
 */
export function updateSubscriptionFixedCharge(sim: Simulation, step: Step): unknown {
  const b = step.body;
  const c = new IssueCollector();
  for (const k of ["external_subscription_id", "code"]) if (typeof b[k] !== "string" || b[k] === "") c.add(b[k] == null ? "value_is_mandatory" : "invalid_value", [k]);
  const units = b["units"] == null ? undefined : parseDecimal(b["units"]);
  if (b["units"] != null && (units === undefined || units.lt(ZERO))) c.add("invalid_value", ["units"]);
  if (b["apply_units_immediately"] != null && typeof b["apply_units_immediately"] !== "boolean") c.add("invalid_value", ["apply_units_immediately"]);
  if (b["tax_codes"] != null && !Array.isArray(b["tax_codes"])) c.add("invalid_value", ["tax_codes"]);
  const taxes = taxesOf(b["tax_codes"], sim.catalog.taxes, ["tax_codes"], c);
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  const s = sim.subscriptions.find((x) => x.external_id === b["external_subscription_id"] && (x.status === "active" || x.status === "pending")) ?? refuse("subscription_not_found");
  const f = s.plan.fixed_charges.find((x) => x.code === b["code"]) ?? refuse("fixed_charge_not_found");
  if (taxes !== undefined) s.fixed_charge_taxes = new Map([...(s.fixed_charge_taxes ?? []), [f.code, taxes]]);
  if (units !== undefined && s.started_at === null) s.fixed_charge_start_units = new Map([...(s.fixed_charge_start_units ?? []), [f.code, units]]);
  else if (units !== undefined) {
    const input = periodInput({ subscription: s, at: step.at, reason: "periodic" }, sim.timezoneOf(s.customer));
    const immediately = b["apply_units_immediately"] === true;
    const current = computeBillingPeriod({ ...input, current_usage: true });
    const timestamp = immediately ? step.at : ((current.fixed_charges_period?.end ?? current.next_end_of_period + 1000) as Instant);
    s.fixed_charge_changes = [...(s.fixed_charge_changes ?? []), { code: f.code, timestamp, units }];
    if (immediately) billUnitsChange(sim, s, f, step.at, input);
  }
  const own = s.fixed_charge_taxes?.get(f.code) ?? f.taxes ?? [];
  return {
    fixed_charge: {
      code: f.code, units: toDecimalString(currentUnits(s, f)), svc_parent_id: f.svc_id,
      taxes: own.map((t) => ({ svc_id: t.svc_id, code: t.code, name: t.name, rate: t.rate.toFixed() })),
    },
  };
}
