/**
 * `update_billable_metric` (`{code, billable_metric: {...}}`; beyond the contract's list, the
 * service's `PUT /billable_metrics/{code}`): the fields given replace the metric's, checked as
 * the catalog checks a metric, from the step's instant on. As the reference's metric update:
 * while a plan has a charge on the metric (a catalog plan, or a live subscription's own plan),
 * only `name`, `description` and `filters` change — the other fields given that differ are named
 * in an `ignored_field` warning. A change of `filters` trims the charges' filters as the
 * reference's filter batch update does (catalogSwap.ts `trimChargeFilters`). Later invoices and usage
 * show the new name; issued invoices keep theirs (catalogSwap.ts), and the drafts of its charges
 * are refreshed. `billable_metric.updated` is sent. Answers `{billable_metric}`.
 */
import { IssueCollector } from "../../core/issue.js";
import { parseMetric } from "../../aggregation/index.js";
import { parseCatalogObject } from "../../parse/schemas/index.js";
import { metricJson } from "../catalogJson.js";
import { editFields, keepCode } from "../catalogEdit.js";
import { draftsWhere, metricAttached, swapMetric } from "../catalogSwap.js";
import type { Metric } from "../catalogTypes.js";
import { type Answer, invalid, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Obj, Step } from "../steps.js";
import { emitWebhook } from "../webhooks.js";
import { distinctFilterValues } from "../catalog.js";

/** What changes while plans use the metric (the reference's metric update; `filters` too, handled apart). */
const ALWAYS = ["name", "description"];

/** A catalog metric as the catalog input writes it. */
export function metricInput(m: Metric): Obj {
  const out: Obj = { code: m.code, name: m.name, description: m.description, aggregation_type: m.aggregation_type, recurring: m.recurring === true, filters: m.filters.map((f) => ({ key: f.key, values: [...f.values] })) };
  if (m.field_name !== undefined) out["field_name"] = m.field_name;
  if (m.rounding_function !== undefined) out["rounding_function"] = m.rounding_function;
  if (m.rounding_precision !== undefined) out["rounding_precision"] = m.rounding_precision;
  if (m.expression !== undefined) out["expression"] = m.expression;
  if (m.aggregation_type === "weighted_sum_agg") out["weighted_interval"] = "seconds";
  return out;
}

export function updateBillableMetric(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const metric = sim.catalog.metrics.get(code);
  if (metric === undefined) return refusal("billable_metric_not_found");
  const fields = editFields(step, "billable_metric");
  const attached = metricAttached(sim, code);
  const base = metricInput(metric);
  const patch: Obj = {};
  const ignored: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (k === "code" || v === undefined) continue;
    if (attached && !ALWAYS.includes(k) && k !== "filters") {
      if (JSON.stringify(v) !== JSON.stringify(base[k] ?? null)) ignored.push(k);
    } else patch[k] = v;
  }
  const merged = { ...base, ...patch, code };
  const r = parseCatalogObject("billable_metric", merged);
  if (!r.ok) return invalid(r.issues);
  const c = new IssueCollector();
  const parsed = parseMetric(merged, c, []);
  const issues = c.issues();
  if (issues) return invalid(issues);
  if (parsed === undefined) return invalidField("invalid_value", ["aggregation_type"]);
  const filters = distinctFilterValues(r.value.filters ?? []);
  // Checked: from here on the step is accepted.
  keepCode(sim, step, fields, code, "billable metric");
  if (ignored.length > 0) sim.warn(step.at, `billable metric ${code} is used by plans: ${ignored.join(", ")} ignored (only ${ALWAYS.join(", ")} and filters change)`, step.index, "ignored_field");
  const next: Metric = attached
    ? { ...metric, name: r.value.name, description: r.value.description ?? null, filters }
    : { ...parsed, svc_id: metric.svc_id, name: r.value.name, description: r.value.description ?? null, filters };
  const drafts = draftsWhere(sim, (inv) => inv.runs.some((run) => run.subscription.plan.charges.some((ch) => ch.metric.code === code)));
  swapMetric(sim, code, next);
  for (const inv of drafts) sim.invoicing.refresh(inv, step.at);
  const answer = metricJson(next, sim.catalogJson);
  emitWebhook(sim, "billable_metric.updated", step.at, answer);
  return { billable_metric: answer };
}
