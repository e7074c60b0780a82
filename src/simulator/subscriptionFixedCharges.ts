/**
 * Fixed charges of one subscription (periods.md §7, §7.1): the units given in
 * `plan_overrides` at creation, the advance fixed charges billed at the start, and
 * `update_subscription_fixed_charge`.
 */
import { namesUnknownTax } from "./catalogTaxes.js";
import { billUnitsChange } from "./fixedChargeUnitsChange.js";
import { EventLog } from "./eventStore.js";
import { type Decimal, ZERO, parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import type { Instant } from "../core/instant.js";
import { IssueCollector } from "../core/issue.js";
import { trialEnd } from "../fees/index.js";
import { computeBillingPeriod } from "../period/index.js";
import { billRun, periodInput } from "./billing.js";
import { type SubscriptionRun } from "./runs.js";
import { type Plan, taxesOf } from "./catalog.js";
import { remodels } from "./planFixedCharges.js";
import { currentUnits, hasAdvanceFixedCharges } from "./fixedCharges.js";
import { invoiceLines } from "./invoices.js";
import type { Sim } from "./sim.js";
import { fixedChargeJson } from "./catalogJson.js";
import type { Subscription } from "./state.js";
import { type Answer, invalid, type Refusal, refusal } from "./refusal.js";
import type { Obj } from "./steps.js";

/**
 * The fixed-charge units of `plan_overrides` (periods.md §7.1): code → units, held as
 * per-subscription units overrides whatever else the entry overrides (a copy's code is its
 * source's); or the refusal naming every bad entry.
 */
export function fixedChargeOverrides(overrides: Obj, plan: Plan): Map<string, Decimal> | Refusal {
  const entries = Array.isArray(overrides["fixed_charges"]) ? (overrides["fixed_charges"] as unknown[]) : [];
  const c = new IssueCollector();
  const out = new Map<string, Decimal>();
  entries.forEach((entry, i) => {
    const path = ["plan_overrides", "fixed_charges", i];
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return void c.add(entry == null ? "value_is_mandatory" : "invalid_value", path);
    const e = entry as Obj;
    const f = plan.fixed_charges.find((x) => x.code === e["code"]);
    if (f === undefined) c.add(e["code"] == null ? "value_is_mandatory" : "invalid_value", [...path, "code"]);
    // Everything is checked here, before the step changes anything (update_subscription applies them after).
    const units = e["units"] == null ? undefined : parseDecimal(e["units"]);
    // Negative units are out of range (the reference's units override record), unreadable ones invalid.
    if (e["units"] != null && units === undefined) c.add("invalid_value", [...path, "units"]);
    else if (units !== undefined && units.lt(ZERO)) c.add("value_is_out_of_range", [...path, "units"]);
    else if (f !== undefined && units !== undefined) out.set(f.code, units);
    if (e["apply_units_immediately"] != null && typeof e["apply_units_immediately"] !== "boolean") c.add("invalid_value", [...path, "apply_units_immediately"]);
  });
  const issues = c.issues();
  return issues ? invalid(issues) : out;
}

/**
 * A subscription that starts: its pay-in-advance fixed charges get their own invoice (never
 * a draft, invoice.md §1.2) when its plan's starting invoice does not carry them — an
 * arrears plan, or a plan paid in advance still in trial (periods.md §6, §7).
 */
const NO_EVENTS = new EventLog("");

export function startFixedCharges(sim: Sim, s: Subscription, at: Instant): void {
  if (!hasAdvanceFixedCharges(s)) return;
  const trial = trialEnd(s.initial_started_at ?? at, s.plan.trial_period);
  if (s.plan.pay_in_advance && (trial === null || trial.trial_end <= at)) return;
  const starting: SubscriptionRun = { subscription: s, at, reason: "starting", fixed_charges_at_start: true };
  const history = { invoices_count: 0, subscription_fee_days: [], previous_period_billed: true };
  // Their own ids: a trial's end may bill the same window again when this fee is zero (§7's guard).
  const fees = billRun(starting, sim.timezoneOf(s.customer), NO_EVENTS, history).fees.filter((b) => b.fee.item.type === "fixed_charge")
    .map((b) => ({ ...b, fee: { ...b.fee, svc_id: stableId("fee", "fixed_charges_at_start", b.fee.svc_id) } }));
  if (fees.length === 0) return;
  const run: SubscriptionRun = { subscription: s, at, reason: "in_advance_charge" };
  sim.invoicing.issue(s.customer, [run], at, invoiceLines(fees.map((billed) => ({ billed, run })), sim.catalog.organization));
}

/** A fixed-charge update checked (`update_subscription_fixed_charge`): what `applyFixedChargeUpdate` does. */
export interface FixedChargeUpdate {
  readonly subscription: Subscription;
  /** The fixed charge the units apply to: the plan's own, or its copy on `plan`. */
  readonly fixed_charge: Plan["fixed_charges"][number];
  readonly units: Decimal | undefined;
  readonly immediately: boolean;
  /**
   * When the call changes more than units (periods.md §7.1): the `plan_overrides.fixed_charges`
   * entry that makes the subscription's child plan (operations/updateSubscriptionFixedCharge.ts).
   */
  readonly remodel?: Obj | undefined;
}

/**
 * `update_subscription_fixed_charge`'s body checked (periods.md §7.1): a units override for one
 * live subscription's fixed charge, and, when the call sets any other field (`tax_codes`,
 * `properties`, `invoice_display_name`), the child plan the subscription moves to, with a copy of
 * the fixed charge carrying them (as `plan_overrides.fixed_charges` would make it). Or the refusal
 * naming every bad field, or the subscription or fixed charge not found.
 */
export function checkFixedChargeUpdate(sim: Sim, b: Obj): FixedChargeUpdate | Refusal {
  const c = new IssueCollector();
  for (const k of ["external_subscription_id", "code"]) if (typeof b[k] !== "string" || b[k] === "") c.add(b[k] == null ? "value_is_mandatory" : "invalid_value", [k]);
  const units = b["units"] == null ? undefined : parseDecimal(b["units"]);
  // The reference writes the override of units sent, null included, and its record refuses null and negatives.
  if (b["units"] === null && Object.hasOwn(b, "units")) c.add("value_is_mandatory", ["units"]);
  else if (b["units"] != null && units === undefined) c.add("invalid_value", ["units"]);
  else if (units !== undefined && units.lt(ZERO)) c.add("value_is_out_of_range", ["units"]);
  if (b["apply_units_immediately"] != null && typeof b["apply_units_immediately"] !== "boolean") c.add("invalid_value", ["apply_units_immediately"]);
  if (b["tax_codes"] != null && !Array.isArray(b["tax_codes"])) c.add("invalid_value", ["tax_codes"]);
  taxesOf(b["tax_codes"], sim.catalog.taxes, ["tax_codes"], c);
  const issues = c.issues();
  // Only unknown taxes: the reference's fixed-charge override answers tax_not_found, once the subscription and fixed charge are found.
  const unknownTax = issues !== undefined && issues.every((x) => x.path[0] === "tax_codes") && namesUnknownTax(b["tax_codes"], sim.catalog.taxes);
  if (issues && !unknownTax) return invalid(issues);
  const s = sim.subscriptions.find((x) => x.external_id === b["external_subscription_id"] && (x.status === "active" || x.status === "pending"));
  if (s === undefined) return refusal("subscription_not_found");
  const f = s.plan.fixed_charges.find((x) => x.code === b["code"]);
  if (f === undefined) return refusal("fixed_charge_not_found");
  if (unknownTax) return refusal("tax_not_found");
  const immediately = b["apply_units_immediately"] === true;
  const entry: Obj = { code: f.code };
  for (const k of ["tax_codes", "properties", "invoice_display_name"]) if (b[k] != null) entry[k] = b[k];
  // On a child plan the call updates the child's copy, made now when the child has none yet (periods.md §7.1).
  const copy = remodels(entry) || (s.plan.parent_id !== undefined && f.parent_id === undefined);
  return { subscription: s, fixed_charge: f, units, immediately, remodel: copy ? entry : undefined };
}

/** A refusal of `plan_overrides.fixed_charges.0.<field>` as the refusal of `<field>` of the body. */
export function unprefixed(r: Refusal): Refusal {
  const details = r.error["error_details"] as Readonly<Record<string, string[]>> | undefined;
  if (details === undefined) return r;
  const prefix = "plan_overrides.fixed_charges.0.";
  const renamed = Object.fromEntries(Object.entries(details).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v]));
  return refusal(r.error["code"] as string, renamed);
}

/**
 * A checked fixed-charge update applied: the units apply at once with
 * `apply_units_immediately` (an advance fixed charge then bills the delta on its own
 * invoice), else from the next fixed-charges period. Answers `{fixed_charge}`.
 */
export function applyFixedChargeUpdate(sim: Sim, u: FixedChargeUpdate, at: Instant): Answer {
  const { subscription: s, fixed_charge: f, units } = u;
  if (units !== undefined && s.started_at === null) s.fixed_charge_start_units = new Map([...(s.fixed_charge_start_units ?? []), [f.code, units]]);
  else if (units !== undefined) {
    const input = periodInput({ subscription: s, at, reason: "periodic" }, sim.timezoneOf(s.customer));
    const current = computeBillingPeriod(Object.assign({}, input, { current_usage: true }));
    const timestamp = u.immediately ? at : ((current.fixed_charges_period?.end ?? current.next_end_of_period + 1000) as Instant);
    s.fixed_charge_changes = [...(s.fixed_charge_changes ?? []), { code: f.code, timestamp, units }];
    if (u.immediately) billUnitsChange(sim, s, [f], at, input);
  }
  // A units-only override clones nothing: the plan's own fixed charge, no parent (periods.md §7.1);
  // a child plan's copy names the parent plan's fixed charge it was made from.
  return { fixed_charge: fixedChargeJson(f, sim.catalogJson, currentUnits(s, f)) };
}
