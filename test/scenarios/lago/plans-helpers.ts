/**
 * Builders for the ports of Lago's spec/scenarios/plans/* (plan updates, charge filters,
 * `cascade_updates` to the child plans that `plan_overrides` make). The figures are read from
 * current usage (`fetch_current_usage`) and from the periodic invoices.
 *
 * Mapping of the Lago calls:
 * - `create_plan` → a catalog plan (or its state after the Lago steps that simulate cannot
 *   express, as each port says);
 * - `update_plan(plan, {..., charges, cascade_updates})` → the `update_plan` op with the same body,
 *   charges named by `code` (Lago names them by `id`);
 * - `update_subscription_charge(sub, code, {...})` → `update_subscription` with
 *   `plan_overrides.charges: [{code, ...}]` (the subscription's own copy of the plan);
 * - a direct database edit of a child filter's price (`filter.update!(properties: ...)`) →
 *   the same `plan_overrides` listing the child's filters with those prices.
 */
import { run as runSim, type Step } from "./subs-helpers.js";

export { expectMatch, summary, type Step } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export const ALL = "__ALL_FILTER_VALUES__";
export const START = "2024-03-01T00:00:00Z";

export function simulatePlans(opts: { metrics: Json[]; plans: Json[]; steps: Step[]; until?: string | undefined }): Json {
  return runSim({ metrics: opts.metrics, plans: opts.plans, steps: opts.steps, until: opts.until ?? "2024-04-01T12:00:00Z" });
}

export function plan(code: string, fields: Json): Json {
  return { code, name: code, interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: false, trial_period: 0, charges: [], ...fields };
}

export const customer = (id: string, at = START): Step => ({ at, op: "create_customer", body: { external_id: id, name: id, currency: "EUR", timezone: "UTC" } });

export const subscribe = (customerId: string, subId: string, planCode: string, at = START, extra: Json = {}): Step => ({
  at,
  op: "create_subscription",
  body: { external_customer_id: customerId, external_id: subId, plan_code: planCode, billing_time: "calendar", ...extra },
});

/** Lago's `update_subscription_charge` / `update_subscription(plan_overrides)`. */
export const overrideCharges = (subId: string, charges: Json[], at = START): Step => ({
  at,
  op: "update_subscription",
  body: { external_id: subId, subscription: { plan_overrides: { charges } } },
});

export const updatePlan = (body: Json, at = "2024-03-05T00:00:00Z"): Step => ({ at, op: "update_plan", body });

let tx = 0;
export const event = (subId: string, code: string, properties: Json, at = "2024-03-10T00:00:00Z"): Step => ({
  at,
  op: "create_event",
  body: { transaction_id: `plans_tx_${++tx}`, code, external_subscription_id: subId, properties },
});

export const fetchUsage = (customerId: string, subId: string, at = "2024-03-20T00:00:00Z"): Step => ({
  at,
  op: "fetch_current_usage",
  body: { external_customer_id: customerId, external_subscription_id: subId },
});

/** The `customer_usage` answered at step `i`, failing on an error answer. */
export function usageAt(out: Json, i: number): Json {
  const r = out.responses[i];
  if (r?.error) throw new Error(`step ${i} refused: ${JSON.stringify(r.error)}`);
  return r.customer_usage;
}

const keyOf = (name: string | null | undefined, values: Json): string => name ?? (values == null ? "default" : JSON.stringify(values));

/**
 * A charge's filter buckets in a current usage: name (the filter's display name, else its values
 * as JSON, "default" for the default bucket) → [units, amount_cents, events_count].
 */
export function usageFilters(usage: Json, chargeCode?: string): Record<string, [number, number, number]> {
  const cu = (usage.charges_usage as Json[]).find((c) => chargeCode === undefined || c.charge?.code === chargeCode || c.billable_metric?.code === chargeCode);
  if (cu === undefined) throw new Error(`no charge usage for ${chargeCode}`);
  return Object.fromEntries(
    (cu.filters as Json[]).map((f) => [keyOf(f.invoice_display_name, f.values), [Number(f.units), f.amount_cents, f.events_count]]),
  );
}

/**
 * The charge fees of the subscription on the subscription invoice issued on `day`: name (as
 * usageFilters) → [units, amount_cents]; only the fees of charge `chargeSvcId` when it is given.
 */
export function invoiceFilters(out: Json, subId: string, day = "2024-04-01", chargeSvcId?: string): Record<string, [number, number]> {
  const fees = (out.invoices as Json[])
    .filter((i) => i.issuing_date === day && i.invoice_type === "subscription")
    .flatMap((i) => i.fees as Json[])
    .filter((f) => f.item.type === "charge" && f.external_subscription_id === subId && (chargeSvcId === undefined || f.svc_charge_id === chargeSvcId));
  if (fees.length === 0) throw new Error(`no charge fee on ${day} for ${subId}`);
  return Object.fromEntries(fees.map((f) => [keyOf(f.item.filter_invoice_display_name, f.item.filters), [Number(f.units), f.amount_cents]]));
}

/** The svc id of the charge `code` in a current usage (to pick its fees on an invoice). */
export function chargeSvcId(usage: Json, code: string): string {
  const cu = (usage.charges_usage as Json[]).find((c) => c.charge?.code === code);
  if (cu === undefined) throw new Error(`no charge usage for ${code}`);
  return cu.charge.svc_id;
}
