/**
 * `create_one_off_invoice` (`{external_customer_id, currency, fees: [{add_on_code, units,
 * unit_amount_cents, description}]}`, invoice.md §1.2): add-on fees priced now, taxed and
 * finalized at once; a `billing_entity_code` must be the organization's (`billing_entity_not_found`).
 * Answers `{invoice}`.
 */
import { type CurrencyCode, isCurrencyCode } from "../../core/currency.js";
import { oneOffLines } from "../oneOff.js";
import { type Answer, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { namesOtherBillingEntity } from "../integrations.js";

export function createOneOffInvoice(sim: Sim, step: Step): Answer {
  const id = step.body["external_customer_id"];
  const customer = typeof id === "string" ? sim.customers.get(id) : undefined;
  if (customer === undefined) return refusal("customer_not_found");
  // The body's currency, else the customer's (none: refused, as the reference's customer currency update).
  const sent = step.body["currency"];
  if (sent == null && customer.currency === null) return invalidField("value_is_mandatory", ["currency"]);
  const currency = (sent == null ? customer.currency : sent) as CurrencyCode | undefined;
  if (currency === undefined || !isCurrencyCode(currency)) return invalidField("invalid_currency", ["currency"]);
  // No fees: nothing to invoice (the reference's `fees_not_found`).
  if (!Array.isArray(step.body["fees"]) || step.body["fees"].length === 0) return refusal("fees_not_found");
  // One currency per customer, as for a subscription (the reference's customer currency update).
  if (customer.currency !== null && customer.currency !== currency) return invalidField("currencies_does_not_match", ["currency"]);
  // One billing entity (the organization's): another code is the reference's not-found.
  if (namesOtherBillingEntity(sim, step.body["billing_entity_code"])) return refusal("billing_entity_not_found");
  const seq = sim.invoicing.invoicesOf(customer).length + 1;
  const lines = oneOffLines(step.body, customer, sim.catalog, currency, step.at, seq);
  if (isRefusal(lines)) return lines;
  customer.currency ??= currency;
  return { invoice: sim.invoicing.invoiceJson(sim.invoicing.issue(customer, [], step.at, lines, { currency }), step.at) };
}
