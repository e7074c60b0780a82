/**
 * `create_customer`: creates the customer, or replaces the given fields of an existing one
 * (an upsert keyed by `external_id`). Answers `{customer}`.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { IssueCollector } from "../../core/issue.js";
import { isValidTimeZone } from "../../core/zone.js";
import { parseCatalogObject } from "../../parse/schemas/index.js";
import { taxesOf } from "../catalog.js";
import { customerObject } from "../customerJson.js";
import { ADJUSTMENTS, ANCHORS, mergeDetails, newCustomer, setting } from "../customers.js";
import { type Answer, invalid } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Customer } from "../state.js";
import type { Step } from "../steps.js";
import { emitWebhook } from "../webhooks.js";

export function createCustomer(sim: Sim, step: Step): Answer {
  const r = parseCatalogObject("customer", step.body);
  if (!r.ok) return invalid(r.issues);
  const b = r.value;
  const c = new IssueCollector();
  const taxes = taxesOf(b.tax_codes, sim.catalog.taxes, ["tax_codes"], c);
  if (b.timezone != null && !isValidTimeZone(b.timezone)) c.add("invalid_timezone", ["timezone"]);
  const anchor = setting(b.billing_configuration, "subscription_invoice_issuing_date_anchor", ANCHORS, c);
  const adjustment = setting(b.billing_configuration, "subscription_invoice_issuing_date_adjustment", ADJUSTMENTS, c);
  const issues = c.issues();
  if (issues) return invalid(issues);
  // Checked: from here on the step is accepted.
  const existing = sim.customers.get(b.external_id);
  const customer: Customer = existing ?? newCustomer(b.external_id, step.at);
  customer.details = mergeDetails(customer.details, step.body, customer.svc_id, step.at);
  customer.updated_at = step.at;
  if (b.name != null) customer.name = b.name;
  const termBefore = customer.net_payment_term ?? sim.catalog.organization.net_payment_term;
  if (b.net_payment_term != null) customer.net_payment_term = b.net_payment_term;
  if (b.finalize_zero_amount_invoice != null) customer.finalize_zero_amount_invoice = b.finalize_zero_amount_invoice;
  const grace = b.billing_configuration?.invoice_grace_period;
  const regrace = existing !== undefined && grace != null && grace !== customer.invoice_grace_period;
  if (grace != null) customer.invoice_grace_period = grace;
  if (anchor != null) customer.issuing_date_anchor = anchor;
  if (adjustment != null) customer.issuing_date_adjustment = adjustment;
  if (b.currency != null) customer.currency = b.currency as CurrencyCode;
  if (b.timezone != null) customer.timezone = b.timezone;
  sim.addCustomer(customer);
  if (taxes !== undefined) sim.setCustomerTaxes(customer, taxes);
  // Its drafts follow the new grace period (finalized now if it has ended).
  if (regrace) sim.invoicing.regrace(customer, step.at);
  // Its drafts take a new net payment term at once (the reference's customer update).
  if (existing !== undefined && (customer.net_payment_term ?? sim.catalog.organization.net_payment_term) !== termBefore) sim.invoicing.reterm(customer);
  const object = customerObject(customer, sim.catalog.organization, false, sim.catalogJson);
  emitWebhook(sim, existing === undefined ? "customer.created" : "customer.updated", step.at, object);
  return { customer: object };
}
