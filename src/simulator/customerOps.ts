/**
 * Customers: `create_customer` (an upsert keyed by external_id), the record of a customer
 * created implicitly (by a subscription or a preview), and the customer JSON.
 */
import type { CurrencyCode } from "../core/currency.js";
import { stableId } from "../core/ids.js";
import { IssueCollector, ValidationError } from "../core/issue.js";
import { isValidTimeZone } from "../core/zone.js";
import { parseCatalogObject } from "../parse/schemas/index.js";
import { taxesOf } from "./catalog.js";
import type { Sim } from "./sim.js";
import type { Customer } from "./state.js";
import type { Obj, Step } from "./steps.js";

/** `create_customer`: creates the customer, or replaces the given fields of an existing one. */
export function createCustomer(sim: Sim, step: Step): unknown {
  const r = parseCatalogObject("customer", step.body);
  if (!r.ok) throw new ValidationError(r.issues);
  const b = r.value;
  const c = new IssueCollector();
  const taxes = taxesOf(b.tax_codes, sim.catalog.taxes, ["tax_codes"], c);
  if (b.timezone != null && !isValidTimeZone(b.timezone)) c.add("invalid_timezone", ["timezone"]);
  const anchor = setting(b.billing_configuration, "subscription_invoice_issuing_date_anchor", ANCHORS, c);
  const adjustment = setting(b.billing_configuration, "subscription_invoice_issuing_date_adjustment", ADJUSTMENTS, c);
  const issues = c.issues();
  if (issues) throw new ValidationError(issues);
  const existing = sim.customers.get(b.external_id);
  // An upsert keyed by external_id: given fields replace the stored ones.
  const customer: Customer = existing ?? newCustomer(b.external_id);
  if (b.name != null) customer.name = b.name;
  if (b.net_payment_term != null) customer.net_payment_term = b.net_payment_term;
  if (b.finalize_zero_amount_invoice != null) customer.finalize_zero_amount_invoice = b.finalize_zero_amount_invoice;
  const grace = b.billing_configuration?.invoice_grace_period;
  const regrace = existing !== undefined && grace != null && grace !== customer.invoice_grace_period;
  if (grace != null) customer.invoice_grace_period = grace;
  if (anchor != null) customer.issuing_date_anchor = anchor;
  if (adjustment != null) customer.issuing_date_adjustment = adjustment;
  if (b.currency != null) customer.currency = b.currency as CurrencyCode;
  if (b.timezone != null) customer.timezone = b.timezone;
  if (taxes !== undefined) customer.taxes = taxes;
  sim.addCustomer(customer);
  // Its drafts follow the new grace period (finalized now if it has ended).
  if (regrace) sim.invoicing.regrace(customer, step.at);
  return { customer: customerJson(sim, customer) };
}

const ANCHORS = ["next_period_start", "current_period_end"] as const;
const ADJUSTMENTS = ["keep_anchor", "align_with_finalization_date"] as const;

/** An issuing-date setting of `billing_configuration` (periods.md §10): one of `allowed`, else `invalid_value`. */
function setting<T extends string>(config: Readonly<Record<string, unknown>> | null | undefined, key: string, allowed: readonly T[], c: IssueCollector): T | undefined {
  const v = config?.[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string" && (allowed as readonly string[]).includes(v)) return v as T;
  c.add("invalid_value", ["billing_configuration", key]);
  return undefined;
}

/** The customer as returned by the customer steps. */
export function customerJson(sim: Sim, c: Customer): Obj {
  return {
    svc_id: c.svc_id, external_id: c.external_id, name: c.name, currency: c.currency, timezone: c.timezone,
    applicable_timezone: sim.timezoneOf(c), taxes: (c.taxes ?? []).map((t) => ({ svc_id: t.svc_id, code: t.code, name: t.name, rate: t.rate.toFixed() })),
  };
}

/** A customer with only its external id: every setting inherited from the organization. */
export function newCustomer(externalId: string): Customer {
  return {
    svc_id: stableId("customer", externalId), external_id: externalId, name: null, currency: null, timezone: null, taxes: undefined,
    invoice_grace_period: null, net_payment_term: null, finalize_zero_amount_invoice: null, applied_coupons: [],
  };
}

