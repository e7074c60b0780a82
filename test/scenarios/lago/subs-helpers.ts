/**
 * Small builders for the ported Lago subscription / fee scenarios (spec/scenarios/subscriptions,
 * fees/recurring_*, fees/advance_*, pay_in_advance_charges, billing/billing_monthly).
 */
import { simulate } from "../../../src/index.js";
import { match } from "../../conformance/match.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Step {
  at: string;
  op: string;
  body: Json;
}

export function run(opts: {
  plans: Json[];
  metrics?: Json[];
  steps: Step[];
  until: string;
  taxes?: Json[];
  addOns?: Json[];
  coupons?: Json[];
  org?: Json;
}): Json {
  return simulate({
    organization: {
      timezone: "UTC",
      invoice_grace_period: 0,
      default_currency: "EUR",
      tax_codes: [],
      document_locale: "en",
      ...(opts.org ?? {}),
    },
    billable_metrics: opts.metrics ?? [],
    plans: opts.plans,
    add_ons: opts.addOns ?? [],
    coupons: opts.coupons ?? [],
    taxes: opts.taxes ?? [],
    steps: opts.steps.filter((s) => Date.parse(s.at) <= Date.parse(opts.until)),
    until: opts.until,
  } as Json) as Json;
}

export function plan(code: string, fields: Json): Json {
  return {
    code,
    name: code,
    interval: "monthly",
    amount_cents: 0,
    amount_currency: "EUR",
    pay_in_advance: false,
    trial_period: 0,
    bill_charges_monthly: null,
    charges: [],
    ...fields,
  };
}

export const customer = (at: string, timezone = "UTC", currency = "EUR", id = "cust_1"): Step => ({
  at,
  op: "create_customer",
  body: { external_id: id, name: id, currency, timezone },
});

export const subscribe = (at: string, planCode: string, extra: Json = {}): Step => ({
  at,
  op: "create_subscription",
  body: {
    external_customer_id: "cust_1",
    external_id: "sub_1",
    plan_code: planCode,
    billing_time: "calendar",
    ...extra,
  },
});

let tx = 0;
export const event = (at: string, code: string, properties: Json = {}, sub = "sub_1", extra: Json = {}): Step => ({
  at,
  op: "create_event",
  body: { transaction_id: `tx_${++tx}`, code, external_subscription_id: sub, properties, ...extra },
});

export const terminate = (at: string, body: Json = {}): Step => ({
  at,
  op: "terminate_subscription",
  body: { external_id: "sub_1", ...body },
});

/** Subset-match with the contract's rules; fails with the list of differences. */
export function expectMatch(actual: unknown, expected: unknown): void {
  const errs: string[] = [];
  match(expected, actual, "$", errs);
  if (errs.length) throw new Error(`mismatch:\n${errs.join("\n")}`);
}

export function subInvoices(out: Json): Json[] {
  return (out.invoices as Json[]).filter((i) => i.invoice_type === "subscription" || i.invoice_type === undefined);
}

/** Compact view of invoices, for debugging. */
export function summary(out: Json): string {
  return (out.invoices as Json[])
    .map(
      (i) =>
        `${i.issuing_date} ${i.invoice_type} ${i.status} total=${i.total_amount_cents} sub=${i.sub_total_excluding_taxes_amount_cents} cn=${i.credit_notes_amount_cents} [${(i.billing_periods ?? []).map((b: Json) => b.invoicing_reason).join(",")}]\n` +
        (i.fees as Json[])
          .map((f) => `   ${f.item.type}:${f.item.code} units=${f.units} amt=${f.amount_cents} ${f.from_date ?? ""}..${f.to_date ?? ""}`)
          .join("\n"),
    )
    .join("\n") +
    `\nfees(no invoice): ${(out.fees as Json[]).filter((f) => !f.svc_invoice_id).map((f) => `${f.item.code}=${f.amount_cents}/${f.units}`).join(" ")}` +
    `\ncredit_notes: ${JSON.stringify((out.credit_notes as Json[]).map((c) => ({ t: c.total_amount_cents, c: c.credit_amount_cents, r: c.refund_amount_cents, b: c.balance_amount_cents })))}` +
    `\nsubs: ${JSON.stringify((out.subscriptions ?? []).map((s: Json) => [s.external_id, s.status, s.terminated_at, s.started_at]))}` +
    `\nerrors: ${JSON.stringify((out.responses as Json[]).map((r, i) => (r && r.error ? [i, r.error] : null)).filter(Boolean))}`;
}
