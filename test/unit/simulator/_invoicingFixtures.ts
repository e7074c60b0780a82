/** Shared setup of the simulator's invoicing tests: a small catalog and step builders. */
export type Obj = Record<string, unknown>;
export interface Invoice {
  svc_id: string; status: string; payment_status: string; issuing_date: string; payment_due_date: string; created_at: string;
  fees_amount_cents: number; coupons_amount_cents: number; total_amount_cents: number;
  prepaid_granted_credit_amount_cents: number | null; fees: { item: { type: string }; amount_cents: number }[];
}
export interface Webhook { type: string; at: string; object: Invoice }

/** Monthly plans of 31.00 (`m`) and 0 (`free`), 2.00 a call, and a once coupon of 5.00. */
export const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [
    { code: "m", name: "M", interval: "monthly", amount_cents: 3100, amount_currency: "EUR",
      charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "2" } }] },
    { code: "free", name: "Free", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
      charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "2" } }] },
  ],
  coupons: [{ code: "five", name: "Five", coupon_type: "fixed_amount", frequency: "once", amount_cents: 500, amount_currency: "EUR",
    expiration: "no_expiration", reusable: true }],
};
export const start = "2024-03-01T00:00:00Z";
export const customer = (extra: Obj = {}): Obj => ({ at: start, op: "create_customer", body: { external_id: "c1", ...extra } });
