/**
 * `update_plan` (contract §4): the catalog plan changed from the step's instant on (later
 * billing runs see it). `{code, ...fields}` (or `{plan: {...}}`): the fields of
 * planOverrides.ts' `PATCHABLE`, a `charges` list being the whole list (see updatedPlan).
 * Live subscriptions on the plan follow it; those with their own overrides (child plans) keep
 * them, and get the charges changes with `cascade_updates` where their charge is still the
 * parent's. `fixed_charges` replace the plan's (planFixedCharges.ts). The interval, currency
 * and `bill_*_monthly` change only while no subscription uses the plan, as the reference's
 * plan update does; otherwise they stay, with a warning. Answers `{plan}`.
 */
import type { Instant } from "../../core/instant.js";
import { isCurrencyCode } from "../../core/currency.js";
import { type Interval, INTERVALS } from "../../period/index.js";
import { stableId } from "../../core/ids.js";
import { IssueCollector } from "../../core/issue.js";
import type { UsageChargeFilter } from "../../fees/index.js";
import type { FilterValues } from "../../aggregation/index.js";
import type { Charge } from "../../charges/index.js";
import { withDefaultProperties } from "../../charges/index.js";
import type { Plan, PlanCharge } from "../catalog.js";
import { parsePlanCharge } from "../catalogPlans.js";
import { namesUnknownTax } from "../catalogTaxes.js";
import { applyPlanChange, cancelNext, checkPlanChange, type PlanChange } from "../planChanges.js";
import { classifyPlanChange } from "../../fees/index.js";
import { applyPlanUnits, updateFixedCharges } from "../planFixedCharges.js";
import { chargeIndex, NO_THRESHOLDS, PATCHABLE, patchPlan } from "../planOverrides.js";
import { usePlan } from "../plans.js";
import { planJson } from "../catalogJson.js";
import { type Answer, invalid, invalidField, isRefusal, type Refusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Subscription } from "../state.js";
import { isObj, type Obj, type Step } from "../steps.js";
import { emitWebhook } from "../webhooks.js";
import { integrationOn } from "../integrations.js";

const live = (s: Subscription): boolean => s.status === "active" || s.status === "pending";

/**
 * Plan fields that change only while no subscription record (of any status) is on the plan
 * (the reference's `plans/update_service.rb`: what would re-cut or re-price billed periods);
 * with subscriptions the plan keeps them and the step says so in a warning.
 */
const UNATTACHED_ONLY: Readonly<Record<string, { readonly read: (p: Plan) => unknown; readonly parse: (v: unknown) => Partial<Plan> | undefined }>> = {
  interval: { read: (p) => p.interval, parse: (v) => (INTERVALS.includes(v as Interval) ? { interval: v as Interval } : undefined) },
  amount_currency: { read: (p) => p.currency, parse: (v) => (isCurrencyCode(v) ? { currency: v } : undefined) },
  bill_charges_monthly: { read: (p) => p.bill_charges_monthly, parse: (v) => (typeof v === "boolean" ? { bill_charges_monthly: v } : undefined) },
  bill_fixed_charges_monthly: { read: (p) => p.bill_fixed_charges_monthly, parse: (v) => (typeof v === "boolean" ? { bill_fixed_charges_monthly: v } : undefined) },
};


const sameProperties = (a: Charge, b: Charge): boolean => a.charge_model === b.charge_model && JSON.stringify(a.properties) === JSON.stringify(b.properties);

/**
 * A parent charge's change (`before` → `after`) reaching a child's own copy of it (`child`),
 * as the reference cascades it: what the child left as the parent had it takes the new
 * version — its properties, and each filter (matched by its values) whose properties are still
 * the parent's old ones, a filter the parent added, a filter the parent removed; a parent filter
 * the update did not change is not cascaded at all (the child keeps its own) — and what the
 * child customized stays (a customized filter still takes the parent's grouping keys); the pricing unit's conversion rate follows on its own, where the child's is
 * still the parent's old one. A child on another charge model keeps its charge.
 */
function cascadeCharge(child: PlanCharge, before: PlanCharge, after: PlanCharge): PlanCharge {
  if (child.charge.charge_model !== before.charge.charge_model) return child;
  const same = (a: FilterValues, b: FilterValues): boolean => JSON.stringify(sortValues(a)) === JSON.stringify(sortValues(b));
  const oldFilters = before.usage.filters ?? [];
  const mine = child.usage.filters ?? [];
  const customized = (f: UsageChargeFilter): boolean => {
    const parent = oldFilters.find((o) => same(o.values, f.values));
    return parent === undefined || !sameProperties(parent.charge, f.charge);
  };
  // A parent filter the update left as it was (properties, grouping keys, display name) is not cascaded:
  // the child keeps its own filter of those values as it is, or has none.
  const unchanged = (f: UsageChargeFilter): boolean => {
    const o = oldFilters.find((x) => same(x.values, f.values));
    return o !== undefined && sameProperties(o.charge, f.charge) && (o.invoice_display_name ?? null) === (f.invoice_display_name ?? null)
      && JSON.stringify(o.pricing_group_keys ?? []) === JSON.stringify(f.pricing_group_keys ?? []);
  };
  const filters = [
    // A filter the child customized keeps its properties but takes the parent's grouping keys (the reference's cascade).
    ...(after.usage.filters ?? []).flatMap((f) => {
      if (unchanged(f)) return mine.filter((x) => same(x.values, f.values)).slice(0, 1);
      const m = mine.find((x) => same(x.values, f.values) && customized(x));
      return [m === undefined ? f : Object.assign({}, m, { pricing_group_keys: f.pricing_group_keys ?? [] })];
    }),
    // The child's own filters, and the ones it customized that the parent dropped, stay.
    ...mine.filter((m) => customized(m) && !(after.usage.filters ?? []).some((f) => same(f.values, m.values))),
  ];
  const charge = sameProperties(child.charge, before.charge) ? after.charge : child.charge;
  const keys = charge === after.charge ? after.usage.pricing_group_keys : child.usage.pricing_group_keys;
  // The pricing unit's rate follows on its own: the new one where the child's is still the parent's old one.
  const rate = (c: PlanCharge): string | undefined => c.usage.pricing_unit?.conversion_rate.toFixed();
  const next = after.usage.pricing_unit;
  const unit = next !== undefined && child.usage.pricing_unit !== undefined && rate(child) === rate(before) ? { pricing_unit: next } : {};
  return { ...child, charge, usage: Object.assign({ ...child.usage, charge, filters }, keys === undefined ? {} : { pricing_group_keys: keys }, unit) };
}

function sortValues(v: FilterValues): [string, string[]][] {
  return Object.entries(v).map(([k, l]): [string, string[]] => [k, [...l].sort()]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A new plan amount can undo a pending downgrade (the reference's plan update): a subscription
 * on the plan gives up the downgrade it waits for when the plan now costs less than the one it
 * would move to. (One waiting to move to the plan is upgraded instead: {@link pendingUpgrades}.)
 */
function cancelObsoleteDowngrades(sim: Sim, old: Plan, next: Plan, at: Instant): void {
  for (const s of sim.subscriptions) {
    if (s.status !== "active" || s.next === null || s.next.status !== "pending") continue;
    if (s.plan === old && next.amount_cents < s.next.plan.amount_cents) cancelNext(sim, s, at);
  }
}

/**
 * The subscriptions waiting to move to the plan (or, with `cascade`, to a child plan still at its
 * old amount) that its new amount makes an upgrade (a yearly price at least their current one's):
 * the reference's plan update upgrades them at once — the
 * pending subscription is canceled and the plan change made now, under the pending one's name —
 * each checked here, before the step is accepted.
 */
function pendingUpgrades(sim: Sim, old: Plan, next: Plan, step: Step, cascade: boolean): PlanChange[] | Refusal {
  if (next.amount_cents === old.amount_cents) return [];
  const out: PlanChange[] = [];
  for (const s of sim.subscriptions) {
    if (s.status !== "active" || s.next === null || s.next.status !== "pending") continue;
    // With `cascade_updates`, one waiting for a child plan that takes the new amount too (the
    // reference's cascaded amount update processes the child plan's pending subscriptions alike).
    const waited = s.next.plan;
    const target = waited === old ? next
      : cascade && waited.parent_id === old.svc_id && waited.amount_cents === old.amount_cents ? Object.assign({}, waited, { amount_cents: next.amount_cents }) : undefined;
    if (target === undefined || classifyPlanChange(s.plan, target) !== "upgrade") continue;
    const change = checkPlanChange(sim, s, target, { ...step, body: s.next.name === null ? {} : { name: s.next.name } });
    if (isRefusal(change)) return change;
    out.push(change);
  }
  return out;
}

/**
 * `update_plan` `{code, ...fields}` (or `{plan: {...}}`): the fields of planOverrides.ts'
 * `PATCHABLE`, a `charges` list being the whole list (see updatedPlan). Live subscriptions on
 * the plan follow it; those with their own overrides (child plans) keep them, and get the
 * charges changes with `cascade_updates` where their charge is still the parent's. `fixed_charges`
 * replace the plan's (planFixedCharges.ts). Changes of the interval, currency or payment timing
 * answer `not_implemented`.
 */
export function updatePlan(sim: Sim, step: Step): Answer {
  const body = isObj(step.body["plan"]) ? step.body["plan"] : step.body;
  // Without the progressive_billing integration the thresholds sent are not applied (a warning says so).
  const thresholdsIgnored = body["usage_thresholds"] !== undefined && !integrationOn(sim, "progressive_billing");
  const raw = thresholdsIgnored ? Object.assign({}, body, { usage_thresholds: undefined }) : body;
  const code = raw["code"];
  if (typeof code !== "string" || code === "") return invalidField(code == null ? "value_is_mandatory" : "invalid_value", ["code"]);
  const old = sim.catalog.plans.get(code);
  if (old === undefined) return refusal("plan_not_found");
  const known: readonly string[] = [...PATCHABLE, "code", "cascade_updates", "fixed_charges", "pay_in_advance", ...Object.keys(UNATTACHED_ONLY)];
  if (raw["pay_in_advance"] != null && typeof raw["pay_in_advance"] !== "boolean") return invalidField("invalid_value", ["pay_in_advance"]);
  const attached = sim.subscriptions.some((s) => s.plan.svc_id === old.svc_id);
  // An explicit null payment timing on a plan without subscriptions is refused (the reference's plan validation).
  if (!attached && Object.hasOwn(raw, "pay_in_advance") && raw["pay_in_advance"] === null) return invalidField("value_is_invalid", ["pay_in_advance"]);
  const structural: Partial<Plan>[] = [];
  const kept: string[] = [];
  for (const [key, field] of Object.entries(UNATTACHED_ONLY)) {
    const v = raw[key];
    if (v === undefined || v === null) continue;
    const parsed = field.parse(v);
    if (parsed === undefined) return invalidField(key === "interval" ? "value_is_invalid" : "invalid_value", [key]);
    if (field.read(old) === v) continue;
    if (attached) kept.push(key);
    else structural.push(parsed);
  }
  // A new interval (on a plan without subscriptions) sets both monthly flags as the reference's plan
  // update does: the flags sent (false when absent) for a yearly or semiannual plan, off otherwise.
  if (!attached && raw["interval"] != null) {
    const monthly = raw["interval"] === "yearly" || raw["interval"] === "semiannual";
    structural.push({ bill_charges_monthly: monthly && raw["bill_charges_monthly"] === true, bill_fixed_charges_monthly: monthly && raw["bill_fixed_charges_monthly"] === true });
  }
  const fixed = raw["fixed_charges"] == null ? undefined : updateFixedCharges(sim, old, raw["fixed_charges"], step.at, attached);
  if (isRefusal(fixed)) return notFound(fixed, raw, sim) ?? fixed;
  const flags = chargeFlagChanges(old, raw, attached);
  if (isRefusal(flags)) return flags;
  const updated = updatedPlan(sim, old, raw, step.at, attached);
  if (isRefusal(updated)) return notFound(updated, raw, sim) ?? updated;
  // Paying in advance or in arrears from now on: each later run bills the plan as it then is
  // (an arrears period left unbilled when switching to advance, Lago's plan_pay_in_advance_switch).
  const timing = typeof raw["pay_in_advance"] === "boolean" ? { pay_in_advance: raw["pay_in_advance"] } : {};
  const next: Plan = Object.assign({}, fixed === undefined ? updated.next : { ...updated.next, fixed_charges: fixed.fixed_charges }, timing, ...structural, { updated_at: step.at });
  const upgrades = pendingUpgrades(sim, old, next, step, raw["cascade_updates"] === true);
  if (isRefusal(upgrades)) return upgrades;
  // Checked: from here on the step is accepted.
  const { replaced, added } = updated;
  for (const f of flags) {
    sim.warn(step.at, `update_plan ${code}: charges.${f.index}.${f.key} unchanged: the simulator keeps a charge's ${f.key} when update_plan names an existing charge (as the service does for a plan with subscriptions)`, step.index, "ignored_field");
  }
  if (kept.length > 0) {
    sim.warn(step.at, `update_plan ${code}: ${kept.join(", ")} unchanged: subscriptions use the plan, and the service changes them only on a plan without subscriptions`, step.index, "ignored_field");
  }
  if (thresholdsIgnored) sim.warn(step.at, `update_plan ${code}: ${NO_THRESHOLDS("usage_thresholds")}`, step.index, "ignored_field");
  for (const key of Object.keys(raw)) {
    if (raw[key] !== undefined && !known.includes(key)) sim.warn(step.at, `update_plan ${code}: ${JSON.stringify(key)} is not a plan field the simulator reads; it was ignored`, step.index, "ignored_field");
  }
  sim.catalog.plans.set(code, next);
  if (next.amount_cents !== old.amount_cents) cancelObsoleteDowngrades(sim, old, next, step.at);
  for (const change of upgrades) applyPlanChange(sim, change);
  const following = sim.subscriptions.filter((s) => live(s) && s.plan === old);
  for (const s of following) usePlan(s, next, step.at);
  if (fixed !== undefined) applyPlanUnits(sim, following, fixed.changes, step.at);
  if (fixed !== undefined && raw["cascade_updates"] === true) {
    // Child plans get the changes where their fixed charge is still the parent's, the added ones, and lose the removed ones (§7.1).
    // A child's own copy of a fixed charge the parent removed goes too, whatever it customized (the reference's destroy-children cascade).
    const removed = new Set(old.fixed_charges.filter((f) => fixed.replaced.get(f) === null).map((f) => f.svc_id));
    for (const s of sim.subscriptions) {
      if (!live(s) || s.plan.parent_id !== old.svc_id) continue;
      const shared = new Set(s.plan.fixed_charges.filter((f) => fixed.replaced.has(f)).map((f) => f.code));
      const fixed_charges = [...s.plan.fixed_charges.flatMap((f) => {
        if (fixed.replaced.has(f)) return fixed.replaced.get(f) === null ? [] : [fixed.replaced.get(f)!];
        return f.parent_id !== undefined && removed.has(f.parent_id) ? [] : [f];
      }), ...fixed.added];
      usePlan(s, { ...s.plan, fixed_charges }, step.at);
      applyPlanUnits(sim, [s], fixed.changes.filter((ch) => shared.has(ch.code) || fixed.added.some((f) => f.code === ch.code)), step.at);
    }
  }
  if (raw["cascade_updates"] === true && next.amount_cents !== old.amount_cents) {
    // Child plans whose amount is still the parent's old one take the new amount (the reference's
    // cascaded amount update); one with its own amount keeps it.
    for (const s of sim.subscriptions) {
      if (live(s) && s.plan.parent_id === old.svc_id && s.plan.amount_cents === old.amount_cents) usePlan(s, { ...s.plan, amount_cents: next.amount_cents }, step.at);
    }
  }
  if (raw["cascade_updates"] === true && raw["charges"] != null) {
    // Children get the parent's charge changes: a charge still the parent's is replaced (or
    // removed); one the child overrode takes each change it did not customize (cascadeCharge).
    for (const s of sim.subscriptions) {
      if (!live(s) || s.plan.parent_id !== old.svc_id) continue;
      const charges = [...s.plan.charges.flatMap((ch) => {
        if (replaced.has(ch)) return replaced.get(ch) === null ? [] : [replaced.get(ch)!];
        const before = old.charges.find((p) => p.svc_id === ch.svc_id);
        if (before === undefined || !replaced.has(before)) return [ch];
        const after = replaced.get(before)!;
        return after === null ? [] : [cascadeCharge(ch, before, after)];
      }), ...added];
      if (charges.length !== s.plan.charges.length || charges.some((ch, k) => ch !== s.plan.charges[k])) usePlan(s, { ...s.plan, charges }, step.at);
    }
  }
  // The plan's drafts are rebuilt with it (the reference flags them for refresh on a plan update).
  for (const inv of sim.invoicing.invoices) {
    if (inv.status === "draft" && inv.runs.some((r) => r.subscription.plan === next || r.subscription.plan.parent_id === old.svc_id)) sim.invoicing.refresh(inv, step.at);
  }
  sim.advance(step.at);
  emitWebhook(sim, "plan.updated", step.at, planJson(next, sim.catalogJson));
  return { plan: planJson(next, sim.catalogJson) };
}

/**
 * The flags of the existing charges a `charges` list names: `invoiceable: false` on a charge left
 * in arrears is refused (charges.md §19.5); a change of `pay_in_advance`, `prorated` or
 * `invoiceable` is not applied in place, nor a new `code` while subscriptions use the plan; each is
 * named in a warning (never dropped silently).
 */
function chargeFlagChanges(old: Plan, raw: Obj, attached: boolean): { index: number; key: string }[] | Refusal {
  const list = raw["charges"];
  if (!Array.isArray(list)) return [];
  const out: { index: number; key: string }[] = [];
  for (let i = 0; i < list.length; i++) {
    const e: unknown = list[i];
    if (!isObj(e)) continue;
    const k = chargeIndex(old.charges, e, i);
    const ch = k >= 0 ? old.charges[k] : undefined;
    const inAdvance = typeof e["pay_in_advance"] === "boolean" ? e["pay_in_advance"] : ch?.charge.pay_in_advance === true;
    if (e["invoiceable"] === false && !inAdvance) return invalidField("must_be_true_unless_pay_in_advance", ["charges", i, "invoiceable"]);
    if (ch === undefined) continue;
    const current: Record<string, boolean> = { pay_in_advance: ch.charge.pay_in_advance === true, prorated: ch.charge.prorated === true, invoiceable: ch.invoiceable };
    for (const key of Object.keys(current)) {
      if (typeof e[key] === "boolean" && e[key] !== current[key]) out.push({ index: i, key });
    }
    // A charge named by id keeps its code while subscriptions use the plan (renamedCharges).
    if (attached && typeof e["id"] === "string" && typeof e["code"] === "string" && e["code"] !== "" && e["code"] !== ch.code) out.push({ index: i, key: "code" });
  }
  return out;
}

/**
 * The plan `raw` makes of `old`. A `charges` list is the plan's whole list (the reference's
 * plan update): an entry naming one of its charges (`id`, `code`, `billable_metric_id` or
 * `billable_metric_code`, else its place) updates it, an entry naming none adds a charge, and
 * a charge no entry names is removed. `replaced` maps each old charge to its new version
 * (null: removed).
 */
function updatedPlan(sim: Sim, old: Plan, raw: Obj, at: Instant, attached: boolean): { next: Plan; replaced: Map<PlanCharge, PlanCharge | null>; added: PlanCharge[] } | Refusal {
  const list = raw["charges"];
  if (!Array.isArray(list)) {
    const next = patchPlan(old, raw, sim.catalog.taxes, [], {}, integrationOn(sim, "events_targeting_wallets"));
    if (isRefusal(next)) return next;
    return { next, replaced: new Map(old.charges.map((ch, k) => [ch, next.charges[k] ?? ch])), added: [] };
  }
  const named = list.map((e: unknown, i) => (isObj(e) ? chargeIndex(old.charges, e, i) : i));
  // Listed charges are named by id from here on, so that leaving out the new ones keeps every place.
  const existing = list.flatMap((e: unknown, i) => (named[i]! >= 0 ? [isObj(e) ? { ...e, id: old.charges[named[i]!]!.svc_id } : e] : []));
  const patched = patchPlan(old, { ...raw, charges: existing }, sim.catalog.taxes, [], {}, integrationOn(sim, "events_targeting_wallets"));
  if (isRefusal(patched)) return patched;
  const c = new IssueCollector();
  // A charge added without a code gets one past the codes of the charges kept and added before it.
  const taken = old.charges.filter((_, k) => named.includes(k)).map((ch) => ch.code);
  const added = list.flatMap((e: unknown, i) => {
    if (named[i]! >= 0 || !isObj(e)) return [];
    const j = old.charges.length + i;
    const ch = parsePlanCharge(old.code, withDefaultProperties(e), j, ["charges", i], {
      metrics: sim.catalog.metrics, taxes: sim.catalog.taxes, pricing_units: sim.catalog.pricing_units,
      targets_wallets: integrationOn(sim, "events_targeting_wallets"),
    }, c, taken);
    if (ch === undefined) return [];
    taken.push(ch.code);
    const svc_id = stableId("charge", old.code, "update_plan", at, i);
    return [{ ...ch, svc_id, usage: { ...ch.usage, id: svc_id } }];
  });
  const issues = c.issues();
  if (issues) return invalid(issues);
  const { charges: renamed, entries } = renamedCharges(old, patched.charges, list, named, attached);
  const replaced = new Map<PlanCharge, PlanCharge | null>(old.charges.map((ch, k) => [ch, named.includes(k) ? renamed[k]! : null]));
  const charges = [...old.charges.flatMap((ch) => (replaced.get(ch) === null ? [] : [replaced.get(ch)!])), ...added];
  // A new code must not be another charge's (the reference's charge validation).
  for (const i of entries) {
    const ch = renamed[named[i]!]!;
    if (charges.some((other) => other !== ch && other.code === ch.code)) return invalidField("value_already_exist", ["charges", i, "code"]);
  }
  return { next: { ...patched, charges }, replaced, added };
}

/**
 * `patched` with each charge an entry names by `id` renamed to the entry's `code`, on a plan
 * without subscriptions only (the reference's charge update changes a code only while no
 * subscription uses the plan, and keeps it silently otherwise); `entries`: the renaming entries.
 */
function renamedCharges(
  old: Plan, patched: readonly PlanCharge[], list: readonly unknown[], named: readonly number[], attached: boolean,
): { charges: readonly PlanCharge[]; entries: number[] } {
  const charges = [...patched];
  const entries: number[] = [];
  if (!attached) list.forEach((e: unknown, i) => {
    const k = named[i]!;
    if (k < 0 || !isObj(e) || typeof e["id"] !== "string" || typeof e["code"] !== "string" || e["code"] === "" || e["code"] === old.charges[k]!.code) return;
    charges[k] = Object.assign({}, charges[k]!, { code: e["code"] });
    entries.push(i);
  });
  return { charges, entries };
}

/**
 * The reference's not-found answer when `refused` names only unknown references of one kind, as
 * its plan update's services answer them: a tax of the plan, a charge or the commitment (`tax_not_found`), a
 * new charge's metric (`billable_metric_not_found`), a new fixed charge's add-on (`add_on_not_found`).
 */
function notFound(refused: Refusal, raw: Obj, sim: Sim): Refusal | undefined {
  const details = refused.error["error_details"];
  if (!isObj(details)) return undefined;
  const keys = Object.keys(details);
  const only = (re: RegExp): boolean => keys.length > 0 && keys.every((k) => re.test(k));
  const entries = (field: string): unknown[] => (Array.isArray(raw[field]) ? (raw[field] as unknown[]) : []);
  const named = (field: string, key: string): unknown[] => entries(field).map((e) => (isObj(e) ? e[key] : undefined));
  if (only(/^((fixed_)?charges\.\d+\.|minimum_commitment\.)?tax_codes(\.\d+)?$/)) {
    const commitment = raw["minimum_commitment"];
    const lists = [raw["tax_codes"], ...named("charges", "tax_codes"), ...named("fixed_charges", "tax_codes"), isObj(commitment) ? commitment["tax_codes"] : undefined];
    return lists.some((l) => namesUnknownTax(l, sim.catalog.taxes)) ? refusal("tax_not_found") : undefined;
  }
  if (only(/^charges\.\d+\.billable_metric_code$/) && named("charges", "billable_metric_code").some((m) => typeof m === "string" && !sim.catalog.metrics.has(m))) {
    return refusal("billable_metric_not_found");
  }
  if (only(/^fixed_charges\.\d+\.add_on_code$/) && named("fixed_charges", "add_on_code").some((a) => typeof a === "string" && !sim.catalog.add_ons.has(a))) {
    return refusal("add_on_not_found");
  }
  return undefined;
}
