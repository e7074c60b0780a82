/**
 * `update_coupon` (`{code, coupon: {...}}`; beyond the contract's list, the service's `PUT
 * /coupons/{code}`): the fields given replace the catalog coupon's, checked as the catalog checks
 * a coupon, from the step's instant on. As the reference's coupon update: once the coupon has
 * been applied (to any customer, whatever the applied coupon's status), only `name`,
 * `description`, `expiration` and `expiration_at` change — the other fields given are named in
 * an `ignored_field` warning — and the applied coupons show the new name and expiration; their
 * amounts, rates and frequencies are theirs. `applies_to` replaces both limits; a new
 * `expiration_at` must be readable and after the step (`invalid_date`). A coupon not yet applied refuses
 * `applies_to` naming an unknown plan (`plans_not_found`) or metric (`billable_metrics_not_found`),
 * or both kinds of limit (`only_one_limitation_type_per_coupon_allowed`), as the reference's update.
 * Answers `{coupon}`.
 */
import { formatInstant } from "../../core/instant.js";
import { recode } from "../../core/issue.js";
import { type CouponTemplate, parseCouponTemplate } from "../../invoice/index.js";
import { couponJson } from "../catalogJson.js";
import { type Answer, invalid, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Obj, Step } from "../steps.js";
import { editFields, keepCode } from "../catalogEdit.js";

/** What an applied coupon's update changes (the reference's coupon update). */
const ALWAYS = ["name", "description", "expiration", "expiration_at"];

/** A catalog coupon as the catalog input writes it. */
export function couponInput(c: CouponTemplate): Obj {
  return {
    svc_id: c.svc_id, code: c.code, name: c.name, description: c.description, coupon_type: c.coupon_type,
    amount_cents: c.amount_cents === null ? null : Number(c.amount_cents), amount_currency: c.amount_currency,
    percentage_rate: c.percentage_rate === null ? null : c.percentage_rate.toFixed(), frequency: c.frequency,
    frequency_duration: c.frequency_duration, expiration: c.expiration, expiration_at: c.expiration_at === null ? null : formatInstant(c.expiration_at),
    reusable: c.reusable, plan_codes: [...c.plan_codes], billable_metric_codes: [...c.billable_metric_codes],
    terminated_at: c.terminated_at === null ? null : formatInstant(c.terminated_at),
  };
}

export function updateCoupon(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const coupon = sim.catalog.coupons.get(code);
  if (coupon === undefined) return refusal("coupon_not_found");
  const fields = editFields(step, "coupon");
  const applied = [...sim.customers.values()].some((c) => c.applied_coupons.some((a) => a.coupon.code === code));
  const patch: Obj = {};
  const ignored: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (k === "code") continue;
    if (applied && !ALWAYS.includes(k)) ignored.push(k);
    else patch[k] = v;
  }
  // The reference's order: unknown plans, unknown metrics, then both kinds of limit at once.
  const limits = patch["applies_to"];
  if (limits !== null && typeof limits === "object" && !Array.isArray(limits)) {
    const listed = (k: string): unknown[] | undefined => (Array.isArray((limits as Obj)[k]) ? (limits as Obj)[k] as unknown[] : undefined);
    const plans = listed("plan_codes"), metrics = listed("billable_metric_codes");
    if (plans?.some((x) => typeof x !== "string" || !sim.catalog.plans.has(x))) return refusal("plans_not_found");
    if (metrics?.some((x) => typeof x !== "string" || !sim.catalog.metrics.has(x))) return refusal("billable_metrics_not_found");
    if ((plans?.length ?? 0) > 0 && (metrics?.length ?? 0) > 0) return refusal("only_one_limitation_type_per_coupon_allowed");
  }
  const base = couponInput(coupon);
  if (patch["applies_to"] !== undefined) {
    delete base["plan_codes"];
    delete base["billable_metric_codes"];
  }
  const r = parseCouponTemplate({ ...base, ...patch, code }, [], { plan_codes: new Set(sim.catalog.plans.keys()), billable_metric_codes: new Set(sim.catalog.metrics.keys()) });
  // The reference's coupon record: an unreadable expiration_at is invalid_date, a currency off the list value_is_invalid.
  if (!r.ok) return invalid(recode(recode(r.issues, "invalid_timestamp", "expiration_at", "invalid_date"), "invalid_currency", "amount_currency", "value_is_invalid"));
  // A new expiration_at must be in the future (the reference's coupon validation).
  if (patch["expiration_at"] != null && r.value.expiration_at !== null && r.value.expiration_at <= step.at) return invalidField("invalid_date", ["expiration_at"]);
  // Checked: from here on the step is accepted.
  keepCode(sim, step, fields, code, "coupon");
  if (ignored.length > 0) sim.warn(step.at, `coupon ${code} has been applied: ${ignored.join(", ")} ignored (only ${ALWAYS.join(", ")} change)`, step.index, "ignored_field");
  const updated = r.value;
  sim.catalog.coupons.set(code, updated);
  for (const c of sim.customers.values()) {
    if (c.applied_coupons.some((a) => a.coupon.code === code)) c.applied_coupons = c.applied_coupons.map((a) => (a.coupon.code === code ? { ...a, coupon: updated } : a));
  }
  return { coupon: couponJson(updated, sim.catalogJson) };
}
