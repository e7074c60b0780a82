/**
 * Subscriptions: `create_subscription` (a plan change when the external id is live, see
 * planChanges.ts), `update_subscription` (name, ending_at, a pending anchor, plan_overrides
 * through planOps.ts), terminations with their credit notes and final invoices, and
 * `fetch_subscription`. Customers are in customerOps.ts, the record and its JSON in
 * subscriptionRecord.ts, per-subscription fixed charges in subscriptionFixedCharges.ts.
 */
import { stableId } from "../core/ids.js";
import { type Instant, parseTimestamp } from "../core/instant.js";
import { IssueCollector, issue, ValidationError } from "../core/issue.js";
import { parseCatalogObject } from "../parse/schemas/index.js";
import { terminationNote } from "./creditNotes.js";
import { newCustomer } from "./customerOps.js";
import { fixedChargeLedger } from "./fixedCharges.js";
import { changePlan, cancelNext } from "./planChanges.js";
import { overridePlan, readOverrides, usePlan } from "./planOps.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";
import { type Obj, outcome, refuse, type Step } from "./steps.js";
import { updateSubscriptionFixedCharge } from "./subscriptionFixedCharges.js";
import { issueAdvanceCharges } from "./advanceCharges.js";
import { newSubscription, subscriptionJson } from "./subscriptionRecord.js";

/** `create_subscription`: a new subscription (pending until `subscription_at`), or a plan change of the live one. */
export function createSubscription(sim: Sim, step: Step, index: number): unknown {
  const r = parseCatalogObject("subscription", step.body);
  if (!r.ok) throw new ValidationError(r.issues);
  const b = r.value;
  const plan = sim.catalog.plans.get(b.plan_code) ?? refuse("plan_not_found");
  const live = sim.subscriptions.find((s) => s.external_id === b.external_id && (s.status === "active" || s.status === "pending"));
  const raw = (b.plan_overrides == null ? {} : step.body["plan_overrides"]) as Obj;
  const units = readOverrides(sim, step, index, raw, plan);
  if (units === undefined) return refuse("not_implemented");
  const count = sim.subscriptions.filter((x) => x.external_id === b.external_id).length;
  const own = overridePlan(plan, raw, sim.catalog.taxes, `${b.external_id}/${count}`);
  let customer = sim.customers.get(b.external_customer_id);
  if (customer === undefined) {
    // The service creates the customer a subscription names when it does not exist yet.
    customer = newCustomer(b.external_customer_id);
    sim.addCustomer(customer);
  }
  if (live !== undefined) return changePlan(sim, live, own, step, units);
  const subscriptionAt = (b.subscription_at == null ? step.at : parseTimestamp(b.subscription_at) ?? step.at) as Instant;
  const s = newSubscription({
    svc_id: stableId("subscription", b.external_id, count),
    external_id: b.external_id,
    customer,
    plan: own,
    name: b.name ?? null,
    billing_time: b.billing_time ?? "calendar",
    subscription_at: subscriptionAt,
    created_at: step.at,
    billed_until: subscriptionAt,
    ending_at: b.ending_at == null ? null : parseTimestamp(b.ending_at) ?? null,
    fixed_charges: { start_units: units, ledger: fixedChargeLedger((x) => sim.invoicing.invoicesNamed(x.external_id)) },
  });
  s.termination_options = { invoice: b.on_termination_invoice ?? null, credit_note: b.on_termination_credit_note ?? null };
  // A customer bills in one currency: a plan in another is refused (interface spec, Limits).
  if (customer.currency !== null && customer.currency !== plan.currency) throw new ValidationError([issue("currencies_does_not_match", ["currency"])]);
  customer.currency ??= plan.currency;
  sim.addSubscription(s);
  if (subscriptionAt <= step.at) sim.start(s, step.at);
  if (s.status === "active") sim.advance(step.at);
  return { subscription: subscriptionJson(s, step.at) };
}

/** `terminate_subscription` with its termination options (periods.md §9). */
export function terminateSubscription(sim: Sim, step: Step, index: number): unknown {
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
  const invoice = (step.body["on_termination_invoice"] ?? null) as "generate" | "skip" | null;
  const creditNote = (step.body["on_termination_credit_note"] ?? null) as "credit" | "refund" | "offset" | "skip" | null;
  terminate(sim, s, step.at, invoice ?? s.termination_options.invoice ?? "generate", creditNote ?? s.termination_options.credit_note ?? "credit");
  return { subscription: subscriptionJson(s, step.at) };
}

/** Ends a subscription at `at` (a step, or its `ending_at`): pending → canceled; active → terminated, its credit note, then its final invoice. */
export function terminate(sim: Sim, s: Subscription, at: Instant, invoice: "generate" | "skip", creditNote: "credit" | "refund" | "offset" | "skip"): void {
  if (s.status === "pending") {
    cancelNext(s, at);
    s.status = "canceled";
    s.canceled_at = at;
    return;
  }
  // The credit note of a plan paid in advance comes first (the final invoice can use it); it is
  // computed before anything changes, so that its refusal refuses the step with nothing changed.
  const computed = terminationNote(s, at, sim.timezoneOf(s.customer), creditNote, sim.invoicing.lastSubscriptionFee(s), sim.invoicing.creditNotes);
  const note = computed === undefined ? undefined : outcome(computed);
  cancelNext(s, at);
  s.status = "terminated";
  s.terminated_at = at;
  s.on_termination_invoice = invoice;
  // Recorded for a plan paid in advance, the only one a credit note concerns.
  s.on_termination_credit_note = s.plan.pay_in_advance ? creditNote : null;
  if (note !== undefined) sim.invoicing.addNote(note, at);
  if (invoice === "generate") sim.invoicing.issue(s.customer, [{ subscription: s, at, reason: "terminating" }], at);
  // The paid non-invoiceable fees are regrouped at the termination too (invoice.md §1.4; Lago's advance_charges_dates scenario).
  issueAdvanceCharges(sim.invoicing, [s], at);
}

/** `fetch_subscription`: the active one under the external id, else the latest. */
export function fetchSubscription(sim: Sim, step: Step): unknown {
  const id = step.body["external_id"];
  const all = sim.subscriptions.filter((s) => s.external_id === id);
  const s = all.find((x) => x.status === "active") ?? all.at(-1) ?? refuse("subscription_not_found");
  return { subscription: subscriptionJson(s, step.at) };
}

export const TERMINATION_OPTIONS = {
  on_termination_invoice: ["generate", "skip"],
  on_termination_credit_note: ["credit", "refund", "offset", "skip"],
} as const;


/**
 * `update_subscription` (PUT /subscriptions/{external_id}): `{external_id, subscription:
 * {name, ending_at, subscription_at, plan_overrides}, status?}` (the fields may also be at
 * the top level). `status` `pending` picks the pending record, else the active one (the
 * pending one when none is active). `subscription_at` moves a pending subscription's anchor
 * and start (one whose new date has come starts now); `plan_overrides` give it a child plan.
 */
export function updateSubscription(sim: Sim, step: Step, index: number): unknown {
  const inner = step.body["subscription"];
  const f = (typeof inner === "object" && inner !== null && !Array.isArray(inner) ? inner : step.body) as Obj;
  const id = step.body["external_id"] ?? f["external_id"];
  const status = step.body["status"] ?? f["status"];
  const c = new IssueCollector();
  if (typeof id !== "string" || id === "") c.add("value_is_mandatory", ["external_id"]);
  if (status != null && status !== "active" && status !== "pending") c.add("invalid_value", ["status"]);
  if (f["name"] !== undefined && f["name"] !== null && typeof f["name"] !== "string") c.add("invalid_value", ["name"]);
  const time = (k: string): Instant | null | undefined => {
    if (f[k] == null) return f[k] === null ? null : undefined;
    const t = typeof f[k] === "string" ? parseTimestamp(f[k]) : undefined;
    if (t === undefined) c.add("invalid_date", [k]);
    return t ?? undefined;
  };
  const endingAt = time("ending_at");
  const subscriptionAt = time("subscription_at") ?? undefined;
  const raw = f["plan_overrides"] ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) c.add("invalid_value", ["plan_overrides"]);
  for (const k of ["on_termination_invoice", "on_termination_credit_note"] as const) {
    const v = f[k];
    if (v != null && !(TERMINATION_OPTIONS[k] as readonly unknown[]).includes(v)) c.add("invalid_value", [k]);
  }
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  const all = sim.subscriptions.filter((x) => x.external_id === id);
  const s = (status == null ? all.find((x) => x.status === "active") ?? all.find((x) => x.status === "pending") : all.find((x) => x.status === status))
    ?? refuse("subscription_not_found");
  // An ending in the past (or before the anchor) is refused.
  if (endingAt != null && (endingAt <= step.at || endingAt <= (subscriptionAt ?? s.subscription_at))) throw new ValidationError([issue("invalid_date", ["ending_at"])]);
  const units = readOverrides(sim, step, index, raw as Obj, s.plan);
  if (units === undefined) return refuse("not_implemented");
  const own = overridePlan(s.plan, raw as Obj, sim.catalog.taxes, s.svc_id);
  if (typeof f["name"] === "string") s.name = f["name"];
  if (f["on_termination_invoice"] != null) s.termination_options.invoice = f["on_termination_invoice"] as "generate" | "skip";
  if (f["on_termination_credit_note"] != null) s.termination_options.credit_note = f["on_termination_credit_note"] as "credit" | "refund" | "offset" | "skip";
  if (endingAt !== undefined) {
    s.ending_at = endingAt;
    if (s.next?.status === "pending") s.next.ending_at = endingAt;
  }
  usePlan(s, own, step.at);
  for (const [code, u] of units) {
    if (s.started_at === null) s.fixed_charge_start_units = new Map([...(s.fixed_charge_start_units ?? []), [code, u]]);
    else {
      const e = ((raw as Obj)["fixed_charges"] as Obj[]).find((x) => x["code"] === code);
      updateSubscriptionFixedCharge(sim, { ...step, body: { external_subscription_id: s.external_id, code, units: e?.["units"], apply_units_immediately: e?.["apply_units_immediately"] } });
    }
  }
  if (subscriptionAt !== undefined && s.status === "pending" && s.previous === null) {
    s.subscription_at = subscriptionAt;
    s.billed_until = subscriptionAt;
    if (subscriptionAt <= step.at) sim.start(s, step.at);
  }
  sim.advance(step.at);
  return { subscription: subscriptionJson(s, step.at) };
}
