/**
 * Small builders for porting Lago's spec/scenarios into `simulate` timelines.
 * Every scenario has one customer and one subscription, both named "cust_1".
 */
import { simulate } from "../../../src/index.js";

type Json = Record<string, unknown>;
export type Step = { at: string; op: string; body: Json };

const SUB = "cust_1";
let tx = 0;

export const customer = (at: string, extra: Json = {}): Step => ({
  at,
  op: "create_customer",
  body: { external_id: SUB, name: SUB, currency: "EUR", ...extra },
});

export const subscribe = (at: string, extra: Json = {}): Step => ({
  at,
  op: "create_subscription",
  body: { external_customer_id: SUB, external_id: SUB, plan_code: "plan", billing_time: "calendar", ...extra },
});

/** An event at `at` (its timestamp is the step's clock unless `timestamp` is given). */
export const event = (at: string, code: string, properties: Json = {}, extra: Json = {}): Step => ({
  at,
  op: "create_event",
  body: { transaction_id: `tx_${++tx}`, code, external_subscription_id: SUB, properties, ...extra },
});

export const fetchUsage = (at: string, extra: Json = {}): Step => ({
  at,
  op: "fetch_current_usage",
  body: { external_customer_id: SUB, external_subscription_id: SUB, ...extra },
});

export const terminate = (at: string): Step => ({
  at,
  op: "terminate_subscription",
  body: { external_id: SUB },
});

export interface Scenario {
  metrics: Json[];
  charges: Json[];
  plan?: Json;
  taxes?: Json[];
  /** More plans (same defaults as the main one), e.g. an upgrade target. */
  otherPlans?: Json[];
  /** Customer timezone etc. go in the create_customer step; organization fields here. */
  organization?: Json;
  steps: Step[];
  until?: string;
}

export interface Run {
  result: any;
  /** customer_usage of each fetch_current_usage step, in order. */
  usages: any[];
  /** invoices of the subscription, in issue order. */
  invoices: any[];
}

export function run(s: Scenario): Run {
  const last = s.steps[s.steps.length - 1]!.at;
  const until = s.until ?? new Date(Date.parse(last) + 60_000).toISOString();
  const planOf = (p: Json, charges: Json[]) => ({
    code: "plan",
    name: "plan",
    interval: "monthly",
    amount_cents: 0,
    amount_currency: "EUR",
    pay_in_advance: false,
    trial_period: 0,
    bill_charges_monthly: null,
    ...p,
    charges: charges.map((c) => ({ pay_in_advance: false, invoiceable: true, prorated: false, ...c })),
  });
  const input = {
    organization: { timezone: "UTC", invoice_grace_period: 0, default_currency: "EUR", tax_codes: [], document_locale: "en", ...s.organization },
    billable_metrics: s.metrics.map((m) => ({ name: m.code, recurring: false, ...m })),
    plans: [planOf(s.plan ?? {}, s.charges), ...(s.otherPlans ?? []).map((p) => planOf(p, (p.charges as Json[]) ?? []))],
    add_ons: [],
    coupons: [],
    taxes: s.taxes ?? [],
    steps: s.steps,
    until,
  };
  const result: any = simulate(input as any);
  const usages = s.steps.flatMap((st, i) => {
    if (st.op !== "fetch_current_usage") return [];
    const r = result.responses[i];
    return [r?.customer_usage ?? r];
  });
  return { result, usages, invoices: result.invoices };
}

/** Decimal-string helper: "3.0" and "3" compare equal. */
export const num = (v: unknown): number => Number(v);
