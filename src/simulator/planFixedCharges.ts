/**
 * `update_plan` with `fixed_charges` (contract "Simulation details", periods.md §7.1): the
 * list replaces the plan's — an entry whose `code` names a fixed charge updates it, one with
 * `add_on_code` (and no such code) adds one, a fixed charge left out is removed — and a change
 * of the plan's units reaches the live subscriptions that do not hold their own units.
 */
import { billUnitsChange } from "./fixedChargeUnitsChange.js";
import { type Decimal, ZERO, parseDecimal } from "../core/decimal.js";
import { stableId } from "../core/ids.js";
import type { Instant } from "../core/instant.js";
import { IssueCollector } from "../core/issue.js";
import { computeBillingPeriod } from "../period/index.js";
import { periodInput } from "./billing.js";
import type { Plan, PlanFixedCharge } from "./catalog.js";
import { parsePlanFixedCharges } from "./catalogFixedCharges.js";
import { holdsOwnUnits } from "./fixedCharges.js";
import { invalid, invalidField, refusal, type Refusal } from "./refusal.js";
import { namesUnknownTax } from "./catalogTaxes.js";
import { plainJson } from "../fees/index.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === "object" && x !== null && !Array.isArray(x);

/** A change of a fixed charge's plan units (`from` 0 for an added one). */
export interface UnitsChange {
  readonly code: string;
  readonly from: Decimal;
  readonly to: Decimal;
  readonly immediately: boolean;
}

export interface FixedChargesUpdate {
  readonly fixed_charges: readonly PlanFixedCharge[];
  /** Each old fixed charge's new version (null: removed). */
  readonly replaced: ReadonlyMap<PlanFixedCharge, PlanFixedCharge | null>;
  readonly added: readonly PlanFixedCharge[];
  readonly changes: readonly UnitsChange[];
}

/**
 * The plan's fixed charges after `list` (refused as a whole, `fixed_charges.i.*` paths, on any bad
 * entry); `attached`: some subscription is on the plan (its fixed charges then keep their models).
 */
export function updateFixedCharges(sim: Sim, old: Plan, list: unknown, at: Instant, attached: boolean): FixedChargesUpdate | Refusal {
  const c = new IssueCollector();
  if (!Array.isArray(list)) return invalidField("invalid_value", ["fixed_charges"]);
  const replaced = new Map<PlanFixedCharge, PlanFixedCharge | null>(old.fixed_charges.map((f) => [f, null]));
  const added: PlanFixedCharge[] = [];
  const changes: UnitsChange[] = [];
  list.forEach((e: unknown, i) => {
    const path = ["fixed_charges", i];
    if (!isObj(e)) return c.add("invalid_value", path);
    const immediately = e["apply_units_immediately"] === true;
    if (e["apply_units_immediately"] != null && typeof e["apply_units_immediately"] !== "boolean") c.add("invalid_value", [...path, "apply_units_immediately"]);
    const f = old.fixed_charges.find((x) => x.code === e["code"]);
    if (f !== undefined) {
      const next = updatedFixedCharge(sim, old, f, e, path, c, attached);
      if (next === undefined) return;
      replaced.set(f, next);
      if (!next.units.eq(f.units)) changes.push({ code: f.code, from: f.units, to: next.units, immediately });
      return;
    }
    if (typeof e["add_on_code"] !== "string") return c.add(e["code"] == null ? "value_is_mandatory" : "invalid_value", [...path, "code"]);
    const taken = [...old.fixed_charges.map((f) => f.code), ...added.map((f) => f.code)];
    const [made] = parsePlanFixedCharges(old.code, at1(i, e), ["fixed_charges"], sim.catalog.add_ons, sim.catalog.taxes, c, taken).map((x) => ({ ...x, svc_id: newId(old, at, i) }));
    if (made === undefined) return;
    const fixed = { ...made, fixed_charge: { ...made.fixed_charge, id: made.svc_id } };
    added.push(fixed);
    changes.push({ code: fixed.code, from: ZERO, to: fixed.units, immediately });
  });
  const kept = old.fixed_charges.flatMap((f) => (replaced.get(f) === null ? [] : [replaced.get(f)!]));
  const all = [...kept, ...added];
  all.forEach((f, k) => {
    if (all.findIndex((x) => x.code === f.code) !== k) c.add("invalid_value", ["fixed_charges"], `duplicate fixed charge code ${JSON.stringify(f.code)}`);
  });
  const issues = c.issues();
  if (issues) return invalid(issues);
  return { fixed_charges: all, replaced, added, changes };
}

const newId = (old: Plan, at: Instant, i: number): string => stableId("fixed_charge", old.code, "update_plan", at, i);

/** `[raw]` placed at index `i`, so that the catalog parser names its issues `fixed_charges.i.*`. */
function at1(i: number, raw: Obj): Obj[] {
  const list: Obj[] = [];
  list[i] = raw;
  return list;
}

/** `f` with the entry's units, and its model, properties, display name and taxes when given (the id stays). */
function updatedFixedCharge(sim: Sim, plan: Plan, f: PlanFixedCharge, e: Obj, path: (string | number)[], c: IssueCollector, attached: boolean): PlanFixedCharge | undefined {
  const units = e["units"] == null ? f.units : parseDecimal(e["units"]);
  if (units === undefined || units.lt(ZERO)) {
    c.add("invalid_value", [...path, "units"]);
    return undefined;
  }
  const remodel = e["properties"] != null || e["charge_model"] != null || e["tax_codes"] != null;
  if (!remodel) {
    const display = typeof e["invoice_display_name"] === "string" ? e["invoice_display_name"] : f.fixed_charge.invoice_display_name ?? null;
    return { ...f, units, fixed_charge: { ...f.fixed_charge, invoice_display_name: display } };
  }
  if (e["properties"] == null) {
    c.add("value_is_mandatory", [...path, "properties"]);
    return undefined;
  }
  // A plan with subscriptions keeps its fixed charges' models, and the properties sent are read for
  // the kept model only (the reference's fixed-charge update on an attached plan).
  const model = attached ? f.fixed_charge.charge_model : e["charge_model"] ?? f.fixed_charge.charge_model;
  const raw: Obj = {
    add_on_code: f.add_on.code, code: f.code, units: e["units"] ?? f.units.toFixed(),
    charge_model: model, pay_in_advance: f.fixed_charge.pay_in_advance, prorated: f.fixed_charge.prorated,
    properties: attached ? propertiesOf(model, e["properties"]) : e["properties"], invoice_display_name: e["invoice_display_name"] ?? f.fixed_charge.invoice_display_name,
    ...(e["tax_codes"] == null ? {} : { tax_codes: e["tax_codes"] }),
  };
  const [made] = parsePlanFixedCharges(plan.code, at1(Number(path[1]), raw), ["fixed_charges"], sim.catalog.add_ons, sim.catalog.taxes, c);
  if (made === undefined) return undefined;
  return { ...made, svc_id: f.svc_id, fixed_charge: { ...made.fixed_charge, id: f.svc_id }, taxes: e["tax_codes"] == null ? f.taxes : made.taxes };
}

/**
 * The plan's units changes reach `subs` (now on the updated plan): each one without units of
 * its own gets a units event — at `at` when applied immediately, else at the start of its next
 * fixed-charges period — and the pay-in-advance ones changed now bill their delta on one
 * invoice per subscription (§7.1).
 */
export function applyPlanUnits(sim: Sim, subs: readonly Subscription[], changes: readonly UnitsChange[], at: Instant): void {
  for (const s of subs) {
    const now: PlanFixedCharge[] = [];
    const input = periodInput({ subscription: s, at, reason: "periodic" }, sim.timezoneOf(s.customer));
    const current = s.started_at === null ? undefined : computeBillingPeriod(Object.assign({}, input, { current_usage: true }));
    for (const ch of changes) {
      const f = s.plan.fixed_charges.find((x) => x.code === ch.code);
      if (f === undefined) continue;
      // What it started with stays the plan's old units (0 for a fixed charge just added), also
      // for a subscription holding its own units, which the change does not reach.
      if (s.fixed_charge_base_units?.has(ch.code) !== true) s.fixed_charge_base_units = new Map([...(s.fixed_charge_base_units ?? []), [ch.code, ch.from]]);
      if (holdsOwnUnits(s, ch.code)) continue;
      if (current === undefined) {
        // Not started: it starts with the new units.
        s.fixed_charge_base_units = new Map([...(s.fixed_charge_base_units ?? []), [ch.code, ch.to]]);
        continue;
      }
      const timestamp = ch.immediately ? at : ((current.fixed_charges_period?.end ?? current.next_end_of_period + 1000) as Instant);
      s.fixed_charge_changes = [...(s.fixed_charge_changes ?? []), { code: ch.code, timestamp, units: ch.to, source: "plan" }];
      if (ch.immediately) now.push(f);
    }
    if (now.length > 0) billUnitsChange(sim, s, now, at, input);
  }
}

/** The fields of a `plan_overrides.fixed_charges` entry beyond its units (periods.md §7.1). */
const REMODEL_KEYS = ["properties", "charge_model", "invoice_display_name", "tax_codes"] as const;

/** Whether a `plan_overrides.fixed_charges` entry changes more than the units. */
export const remodels = (e: unknown): boolean => isObj(e) && REMODEL_KEYS.some((k) => e[k] != null);

/**
 * The fixed charges of the child plan that `plan_overrides` makes (periods.md §7.1 "beyond units"),
 * or undefined when there is none: `child` says the overrides make one (or `plan` is one) whatever
 * the fixed-charge entries, else one is made when an entry changes more than units. Then each entry
 * is a copy of the plan's fixed charge with the overridden fields (its units stay the
 * subscription's override, fixedChargeOverrides), keeping its code and charge model (another model is
 * refused `cannot_override_charge_model`, an unknown tax `tax_not_found`) and naming its source
 * in `parent_id`; a plan that is already a child has its copies updated in place. `childId` is
 * the child plan's svc id.
 */
export function overrideFixedCharges(sim: Sim, plan: Plan, entries: unknown, childId: string, child: boolean): PlanFixedCharge[] | undefined | Refusal {
  if (!Array.isArray(entries) || !(child || entries.some(remodels))) return undefined;
  // Another charge model is forbidden outright (the reference's cannot_override_charge_model).
  const remodeled = entries.some((e: unknown) => {
    if (!remodels(e) || (e as Obj)["charge_model"] == null) return false;
    const f = plan.fixed_charges.find((x) => x.code === (e as Obj)["code"]);
    return f !== undefined && (e as Obj)["charge_model"] !== f.fixed_charge.charge_model;
  });
  if (remodeled) return refusal("cannot_override_charge_model");
  const c = new IssueCollector();
  const out = [...plan.fixed_charges];
  entries.forEach((e: unknown, i) => {
    if (!isObj(e)) return; // fixedChargeOverrides refuses it
    const entry = e;
    const path = ["plan_overrides", "fixed_charges", i];
    const k = out.findIndex((x) => x.code === entry["code"]);
    const f = out[k];
    if (f === undefined) return c.add(entry["code"] == null ? "value_is_mandatory" : "invalid_value", [...path, "code"]);
    if (entry["charge_model"] != null && entry["charge_model"] !== f.fixed_charge.charge_model) return c.add("invalid_value", [...path, "charge_model"]);
    const raw: Obj = {
      add_on_code: f.add_on.code, code: f.code, units: f.units.toFixed(), charge_model: f.fixed_charge.charge_model,
      pay_in_advance: f.fixed_charge.pay_in_advance, prorated: f.fixed_charge.prorated,
      properties: entry["properties"] ?? plainJson(f.fixed_charge.properties),
      invoice_display_name: entry["invoice_display_name"] ?? f.fixed_charge.invoice_display_name ?? null,
      ...(entry["tax_codes"] == null ? {} : { tax_codes: entry["tax_codes"] }),
    };
    const issues = new IssueCollector();
    const [made] = parsePlanFixedCharges(plan.code, at1(i, raw), ["plan_overrides", "fixed_charges"], sim.catalog.add_ons, sim.catalog.taxes, issues);
    const found = issues.issues();
    if (found) return found.forEach((x) => c.add(x.code, x.path));
    if (made === undefined) return;
    // A copy of a parent's fixed charge gets its own id; a child's copy keeps its id and source.
    const copy = f.parent_id === undefined;
    const svc_id = copy ? stableId("fixed_charge", childId, f.code) : f.svc_id;
    out[k] = {
      ...made, svc_id, parent_id: copy ? f.svc_id : f.parent_id!, fixed_charge: { ...made.fixed_charge, id: svc_id },
      taxes: entry["tax_codes"] == null ? f.taxes : made.taxes,
    };
  });
  const issues = c.issues();
  // Its other fields valid, an entry naming an unknown tax is the reference's tax_not_found.
  const unknownTax = issues?.every((x) => x.path[3] === "tax_codes") === true
    && entries.some((e: unknown) => remodels(e) && namesUnknownTax((e as Obj)["tax_codes"], sim.catalog.taxes));
  if (unknownTax) return refusal("tax_not_found");
  return issues ? invalid(issues) : out;
}

/** The keys a fixed charge's model reads (standard: amount; graduated and volume: their ranges). */
const MODEL_KEYS: Readonly<Record<string, readonly string[]>> = { standard: ["amount"], graduated: ["graduated_ranges"], volume: ["volume_ranges"] };

/** `properties` with only the keys `model` reads (anything not an object is left to the parser to refuse). */
function propertiesOf(model: unknown, properties: unknown): unknown {
  const keys = typeof model === "string" ? MODEL_KEYS[model] : undefined;
  if (keys === undefined || !isObj(properties)) return properties;
  return Object.fromEntries(keys.filter((k) => Object.hasOwn(properties, k)).map((k) => [k, properties[k]]));
}
