/**
 * Invoice steps: coupons applied to customers, invoice operations (finalize, refresh, update,
 * void, payments), credit notes, one-off invoices.
 */
import { type CurrencyCode, isCurrencyCode } from "../core/currency.js";
import { formatInstant } from "../core/instant.js";
import { issue, ValidationError } from "../core/issue.js";
import { amountCentsRemaining, type AppliedCoupon, parseApplyCoupon } from "../invoice/index.js";
import { creditNoteJson, estimatedNoteJson } from "./creditNotes.js";
import type { InvoiceRecord } from "./invoices.js";
import { oneOffLines } from "./oneOff.js";
import type { Sim } from "./sim.js";
import type { Customer } from "./state.js";
import { outcome, refuse, type Step } from "./steps.js";

export function applyCoupon(sim: Sim, step: Step): unknown {
  const id = step.body["external_customer_id"];
  const customer = (typeof id === "string" ? sim.customers.get(id) : undefined) ?? refuse("customer_not_found");
  const code = step.body["coupon_code"];
  const planMetrics = new Map([...sim.catalog.plans.values()].map((p) => [p.code, p.charges.map((ch) => ch.metric.code)] as const));
  const r = parseApplyCoupon(step.body, typeof code === "string" ? sim.catalog.coupons.get(code) : undefined, {
    at: step.at,
    customer_id: customer.svc_id,
    applied_coupons: customer.applied_coupons,
    customer_currency: customer.currency,
    plan_metric_codes: planMetrics,
  });
  if (!r.ok) return refuse(r.refusal.code, r.refusal.error_details);
  customer.applied_coupons = [...customer.applied_coupons, r.value.applied_coupon];
  customer.currency = r.value.customer_currency;
  return { applied_coupon: appliedCouponJson(r.value.applied_coupon, customer) };
}

/** An invoice operation: the invoice (`invoice_id`) must exist; answers `{invoice}`. */
export function invoiceOp(sim: Sim, step: Step, f: (inv: InvoiceRecord) => void): unknown {
  const inv = sim.invoicing.find(step.body["invoice_id"]) ?? refuse("invoice_not_found");
  f(inv);
  return { invoice: sim.invoicing.invoiceJson(inv, step.at) };
}

/** Turns an operation's outcome into a refusal (a field's `invalid_value`, or the code itself). */
export function check(outcome: string, field?: string): void {
  if (outcome === "ok") return;
  if (outcome === "invalid_value" && field !== undefined) throw new ValidationError([issue("invalid_value", [field])]);
  refuse(outcome);
}

export function createCreditNote(sim: Sim, step: Step): unknown {
  const inv = sim.invoicing.find(step.body["invoice_id"]) ?? refuse("invoice_not_found");
  return { credit_note: creditNoteJson(outcome(sim.invoicing.createNote(inv, step.body, step.at))) };
}

export function estimateCreditNote(sim: Sim, step: Step): unknown {
  const inv = sim.invoicing.find(step.body["invoice_id"]) ?? refuse("invoice_not_found");
  return { estimated_credit_note: estimatedNoteJson(outcome(sim.invoicing.estimateNote(inv, step.body))) };
}

export function createOneOff(sim: Sim, step: Step): unknown {
  const id = step.body["external_customer_id"];
  const customer = (typeof id === "string" ? sim.customers.get(id) : undefined) ?? refuse("customer_not_found");
  const currency = (typeof step.body["currency"] === "string" ? step.body["currency"] : customer.currency ?? sim.catalog.organization.default_currency) as CurrencyCode | undefined;
  if (currency === undefined || !isCurrencyCode(currency)) throw new ValidationError([issue("invalid_currency", ["currency"])]);
  // One currency per customer, as for a subscription (the reference's customer currency update).
  if (customer.currency !== null && customer.currency !== currency) throw new ValidationError([issue("currencies_does_not_match", ["currency"])]);
  const seq = sim.invoicing.invoicesOf(customer).length + 1;
  const lines = oneOffLines(step.body, customer, sim.catalog, currency, step.at, seq);
  if (lines === "add_on_not_found") return refuse("add_on_not_found");
  customer.currency ??= currency;
  return { invoice: sim.invoicing.invoiceJson(sim.invoicing.issue(customer, [], step.at, lines, { currency }), step.at) };
}

export function createPayment(sim: Sim, step: Step): unknown {
  const inv = sim.invoicing.find(step.body["invoice_id"]) ?? refuse("invoice_not_found");
  const amount = step.body["amount_cents"];
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) throw new ValidationError([issue("invalid_value", ["amount_cents"])]);
  check(sim.invoicing.pay(inv, BigInt(amount)));
  return { payment: { svc_invoice_id: inv.svc_id, amount_cents: amount, amount_currency: inv.currency, reference: step.body["reference"] ?? null, created_at: formatInstant(step.at) } };
}

export function appliedCouponJson(a: AppliedCoupon, customer: Customer): Record<string, unknown> {
  const remaining = amountCentsRemaining(a);
  return {
    svc_id: a.svc_id, svc_coupon_id: a.coupon.svc_id, coupon_code: a.coupon.code, coupon_name: a.coupon.name,
    svc_customer_id: customer.svc_id, external_customer_id: customer.external_id, status: a.status,
    amount_cents: a.amount_cents === null ? null : Number(a.amount_cents), amount_cents_remaining: remaining === null ? null : Number(remaining),
    amount_currency: a.amount_currency, percentage_rate: a.percentage_rate === null ? null : a.percentage_rate.toFixed(),
    frequency: a.frequency, frequency_duration: a.frequency_duration, frequency_duration_remaining: a.frequency_duration_remaining,
    created_at: formatInstant(a.created_at), terminated_at: a.terminated_at === null ? null : formatInstant(a.terminated_at),
  };
}
