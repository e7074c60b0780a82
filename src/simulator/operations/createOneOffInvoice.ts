/**
 * `create_one_off_invoice` (`{external_customer_id, currency, fees: [{add_on_code, units,
 * unit_amount_cents, description}]}`, invoice.md §1.2): add-on fees priced now, taxed and
 * finalized at once. Answers `{invoice}`.
 */
import { type CurrencyCode, isCurrencyCode } from "../../core/currency.js";
import { oneOffLines } from "../oneOff.js";
import { type Answer, invalidField, isRefusal, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function createOneOffInvoice(sim: Sim, step: Step): Answer {
  const id = step.body["external_customer_id"];
  const customer = typeof id === "string" ? sim.customers.get(id) : undefined;
  if (customer === undefined) return refusal("customer_not_found");
  const currency = (typeof step.body["currency"] === "string" ? step.body["currency"] : customer.currency ?? sim.catalog.organization.default_currency) as CurrencyCode | undefined;
  if (currency === undefined || !isCurrencyCode(currency)) return invalidField("invalid_currency", ["currency"]);
  // One currency per customer, as for a subscription (the reference's customer currency update).
  if (customer.currency !== null && customer.currency !== currency) return invalidField("currencies_does_not_match", ["currency"]);
  const seq = sim.invoicing.invoicesOf(customer).length + 1;
  const lines = oneOffLines(step.body, customer, sim.catalog, currency, step.at, seq);
  if (isRefusal(lines)) return lines;
  customer.currency ??= currency;
  return { invoice: sim.invoicing.invoiceJson(sim.invoicing.issue(customer, [], step.at, lines, { currency }), step.at) };
}
