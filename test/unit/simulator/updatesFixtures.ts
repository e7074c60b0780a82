/**
 * Shared catalog and step builders of the update_subscription / update_plan / plan_overrides
 * tests: a monthly calendar plan at 10.00 EUR in arrears with 0.50 per call, 20 % VAT from
 * the organization, and a 10 % tax `lux`; `adv` is the same plan paid in advance.
 */
import { simulate } from "../../../src/index.js";

export type Obj = Record<string, unknown>;
export interface Fee { item: { type: string; code: string; name: string }; amount_cents: number; units: string; applied_taxes: { tax_code: string }[] }
export interface Invoice { number: string; status: string; invoice_type: string; created_at: string; fees_amount_cents: number; fees: Fee[]; billing_periods: { invoicing_reason: string }[] }
export interface Sub { svc_id: string; name: string | null; status: string; started_at: string | null; subscription_at: string; terminated_at: string | null; plan_code: string }

const charge = { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.5" } };
export const plan = (code: string, extra: Obj = {}): Obj =>
  ({ code, name: code.toUpperCase(), interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: false, charges: [charge], ...extra });

export function run(steps: Obj[], opts: { until?: string; plans?: Obj[]; integrations?: string[]; addOns?: Obj[] } = {}) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"], premium_integrations: opts.integrations ?? [] },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }, { code: "lux", name: "Lux", rate: "10" }],
    add_ons: opts.addOns ?? [],
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    plans: opts.plans ?? [plan("basic"), plan("adv", { pay_in_advance: true }), plan("small", { amount_cents: 500 })],
    steps,
    until: opts.until ?? "2024-04-01T00:00:00Z",
  });
  return {
    invoices: r.invoices as Invoice[], responses: r.responses as Obj[], warnings: r.warnings as readonly { message: string; step?: number }[],
    subscriptions: r.subscriptions as readonly Sub[],
  };
}

export const customer = (id = "c1", at = "2024-03-01T00:00:00Z"): Obj => ({ at, op: "create_customer", body: { external_id: id } });
export const subscribe = (extra: Obj = {}, at = "2024-03-01T00:00:00Z"): Obj =>
  ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "basic", ...extra } });
export const update = (at: string, body: Obj): Obj => ({ at, op: "update_subscription", body: { external_id: "s1", ...body } });
export const updatePlan = (at: string, body: Obj): Obj => ({ at, op: "update_plan", body: { code: "basic", ...body } });
export const event = (at: string, id: string, sub = "s1"): Obj => ({ at, op: "create_event", body: { transaction_id: id, code: "calls", external_subscription_id: sub } });
/** Each fee as [type, amount_cents, tax codes]. */
export const fees = (inv: Invoice | undefined): [string, number, string][] =>
  (inv?.fees ?? []).map((f) => [f.item.type, f.amount_cents, f.applied_taxes.map((t) => t.tax_code).join(",")]);
