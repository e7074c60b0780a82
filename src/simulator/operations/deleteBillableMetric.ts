/**
 * `delete_billable_metric` (`{code}`; beyond the contract's list, the service's `DELETE
 * /billable_metrics/{code}`): as the reference's metric deletion, the metric leaves the catalog
 * (a plan, alert or charge naming it later is refused as an unknown metric), its charges are
 * removed from every plan — the catalog's and the subscriptions' own — and its alerts are
 * deleted, from the step's instant on: its events are still stored but no later invoice,
 * usage read or alert counts them. The drafts that billed its charges are refreshed without
 * them (the reference flags them for refresh); issued invoices keep their fees.
 * `billable_metric.deleted` is sent. Answers `{billable_metric}` as it was.
 */
import { metricJson } from "../catalogJson.js";
import { draftsWhere, swapMetric } from "../catalogSwap.js";
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { emitWebhook } from "../webhooks.js";

export function deleteBillableMetric(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const metric = sim.catalog.metrics.get(code);
  if (metric === undefined) return refusal("billable_metric_not_found");
  // Checked: from here on the step is accepted.
  const answer = metricJson(metric, sim.catalogJson);
  const drafts = draftsWhere(sim, (inv) => inv.runs.some((run) => run.subscription.plan.charges.some((ch) => ch.metric.code === code)));
  swapMetric(sim, code, null);
  sim.alerts = sim.alerts.filter((a) => a.billable_metric?.code !== code);
  for (const inv of drafts) sim.invoicing.refresh(inv, step.at);
  emitWebhook(sim, "billable_metric.deleted", step.at, answer);
  return { billable_metric: answer };
}
