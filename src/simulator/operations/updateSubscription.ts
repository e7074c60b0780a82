/**
 * `update_subscription` (PUT /subscriptions/{external_id}): `{external_id, subscription:
 * {name, ending_at, subscription_at, plan_overrides}, status?}` (the fields may also be at
 * the top level). `status` `pending` picks the pending record, else the active one (the
 * pending one when none is active). `subscription_at` moves a pending subscription's anchor
 * and start (one whose new date has come starts now, at that date, billed as a start only
 * when it is today); `plan_overrides` give it a child plan; `usage_thresholds` replace its own
 * thresholds and `progressive_billing_disabled` switches its progressive billing (invoice.md §12.1).
 */
import { type Instant, parseTimestamp } from "../../core/instant.js";
import { IssueCollector } from "../../core/issue.js";
import { startOfDayIn } from "../../core/zone.js";
import { startSubscription } from "../clock.js";
import { applyOwnThresholds, overridePlan, readOverrides, readOwnThresholds, usePlan } from "../plans.js";
import { type Answer, invalid, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Obj, Step } from "../steps.js";
import { applyFixedChargeUpdate } from "../subscriptionFixedCharges.js";
import { subscriptionJson } from "../subscriptionRecord.js";
import { TERMINATION_OPTIONS } from "../terminations.js";
import { subscriptionWebhook } from "../webhooks.js";

export function updateSubscription(sim: Sim, step: Step): Answer {
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
  if (issues) return invalid(issues);
  const all = sim.subscriptions.filter((x) => x.external_id === id);
  const s = status == null ? all.find((x) => x.status === "active") ?? all.find((x) => x.status === "pending") : all.find((x) => x.status === status);
  if (s === undefined) return refusal("subscription_not_found");
  // An ending in the past (or before the anchor) is refused.
  if (endingAt != null && (endingAt <= step.at || endingAt <= (subscriptionAt ?? s.subscription_at))) return invalidField("invalid_date", ["ending_at"]);
  // The fixed-charge units are checked here (codes, units, flags), so that applying them below cannot refuse.
  const units = readOverrides(sim, step, raw as Obj, s.plan);
  if (isRefusal(units)) return units;
  const own = overridePlan(sim, s.plan, raw as Obj, s.svc_id);
  if (isRefusal(own)) return own;
  // invoice.md §12.1: the subscription's own thresholds (replacing them; [] removes them) and its progressive-billing switch.
  const disabled = f["progressive_billing_disabled"];
  if (disabled != null && typeof disabled !== "boolean") return invalidField("invalid_value", ["progressive_billing_disabled"]);
  const ownThresholds = readOwnThresholds(f["usage_thresholds"]);
  if (isRefusal(ownThresholds)) return ownThresholds;
  // Checked: from here on the step is accepted.
  if (typeof disabled === "boolean") s.progressive_billing_disabled = disabled;
  applyOwnThresholds(sim, step, s, ownThresholds);
  // A name given as null clears it, as the reference applies every key sent.
  if (typeof f["name"] === "string" || (f["name"] === null && Object.hasOwn(f, "name"))) s.name = f["name"] as string | null;
  if (f["on_termination_invoice"] != null) s.termination_options.invoice = f["on_termination_invoice"] as "generate" | "skip";
  if (f["on_termination_credit_note"] != null) s.termination_options.credit_note = f["on_termination_credit_note"] as "credit" | "refund" | "offset" | "skip";
  if (endingAt !== undefined) {
    s.ending_at = endingAt;
    s.ending_at_set_at = step.at;
    if (s.next?.status === "pending") s.next.ending_at = endingAt;
  }
  usePlan(s, own, step.at);
  for (const [code, u] of units) {
    if (s.started_at === null) s.fixed_charge_start_units = new Map([...(s.fixed_charge_start_units ?? []), [code, u]]);
    else {
      const e = ((raw as Obj)["fixed_charges"] as Obj[]).find((x) => x["code"] === code);
      const fixedCharge = s.plan.fixed_charges.find((x) => x.code === code)!;
      applyFixedChargeUpdate(sim, { subscription: s, fixed_charge: fixedCharge, units: u, immediately: e?.["apply_units_immediately"] === true }, step.at);
    }
  }
  if (subscriptionAt !== undefined && s.status === "pending" && s.previous === null) {
    s.subscription_at = subscriptionAt;
    s.billed_until = subscriptionAt;
    // Its date has come: it starts at its subscription_at (no clamp to a terminated predecessor),
    // billed as a start only when that is today in the customer's zone (periods.md §1.1).
    const tz = sim.timezoneOf(s.customer);
    if (subscriptionAt <= step.at) startSubscription(sim, s, subscriptionAt, step.at, startOfDayIn(subscriptionAt, tz) === startOfDayIn(step.at, tz));
  }
  sim.advance(step.at);
  subscriptionWebhook(sim, "subscription.updated", s, step.at);
  return { subscription: subscriptionJson(s, step.at, sim.catalog.organization) };
}
