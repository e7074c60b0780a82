/**
 * The one-subscription timeline of the alert step tests (alertBatch, alertChanges): customer c0,
 * subscription s0 on a monthly plan charging 1 per GB of `gb` (a sum of `size`), January 2024.
 */
import { simulate } from "../../../src/index.js";

export type Obj = Record<string, unknown>;
export const T = (d: number): string => `2024-01-${String(d).padStart(2, "0")}T00:00:00Z`;
export const event = (d: number, tx: string, gb: string): Obj => ({ at: T(d), op: "create_event", body: { transaction_id: tx, external_subscription_id: "s0", code: "gb", properties: { size: gb } } });

export type AlertRun = { responses: Obj[]; webhooks: { type: string; at: string; object: Obj }[] } & Obj;

/** `steps` after the customer and subscription are created on day 1, run to day 20. */
export function runAlertTimeline(steps: readonly Obj[]): AlertRun {
  return simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "gb", name: "GB", aggregation_type: "sum_agg", field_name: "size" }],
    plans: [{ code: "p", name: "p", interval: "monthly", amount_cents: 0, amount_currency: "EUR", charges: [{ billable_metric_code: "gb", charge_model: "standard", properties: { amount: "1" } }] }],
    steps: [
      { at: T(1), op: "create_customer", body: { external_id: "c0", currency: "EUR" } },
      { at: T(1), op: "create_subscription", body: { external_customer_id: "c0", external_id: "s0", plan_code: "p" } },
      ...steps,
    ],
    until: T(20),
  }) as unknown as AlertRun;
}
