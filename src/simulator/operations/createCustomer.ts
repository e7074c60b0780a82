/**
 * `create_customer`: creates the customer, or replaces the given fields of an existing one
 * (an upsert keyed by `external_id`). Answers `{customer}`.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { IssueCollector, recode } from "../../core/issue.js";
import { isValidTimeZone } from "../../core/zone.js";
import { DOCUMENT_LOCALES, parseCatalogObject } from "../../parse/schemas/index.js";
import { taxesOf } from "../catalog.js";
import { namesUnknownTax } from "../catalogTaxes.js";
import { customerObject } from "../customerJson.js";
import { metadataRecordIssues } from "../metadataEntries.js";
import { ADJUSTMENTS, ANCHORS, mergeDetails, newCustomer, sanitizedCustomerBody, setting } from "../customers.js";
import { type Answer, invalid, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Customer } from "../state.js";
import type { Step } from "../steps.js";
import { emitWebhook } from "../webhooks.js";

const MAX_METADATA = 5;
const MAX_NAME = 255;
/** The locales the reference's documents exist in (its I18n.available_locales). */

export function createCustomer(sim: Sim, step: Step): Answer {
  // Cleaned as the reference's customer record cleans a body (NUL characters, the email's invisible characters).
  const body = sanitizedCustomerBody(step.body);
  const r = parseCatalogObject("customer", body);
  // A currency off the list is the reference's inclusion check on the customer: value_is_invalid.
  if (!r.ok) return invalid(recode(r.issues, "invalid_currency", "currency", "value_is_invalid"));
  const b = r.value;
  const c = new IssueCollector();
  // The reference's limits: 5 metadata entries a customer, one integration customer per integration type.
  if ((b.metadata?.length ?? 0) > MAX_METADATA) c.add("invalid_count", ["metadata"]);
  const types = (b.integration_customers ?? []).map((x) => x["integration_type"]).filter((t) => t != null);
  if (new Set(types).size !== types.length) c.add("invalid_count_per_integration_type", ["integration_customers"]);
  if (b.email != null && !isEmailList(b.email)) c.add("invalid_email_format", ["email"]);
  // The reference's customer record: a name of at most 255 characters, a document locale it has.
  if (b.name != null && b.name.length > MAX_NAME && [...b.name].length > MAX_NAME) c.add("value_is_too_long", ["name"]);
  const locale = b.billing_configuration?.document_locale;
  if (locale != null && !DOCUMENT_LOCALES.includes(locale)) c.add("not_a_valid_language_code", ["document_locale"]);
  const taxes = taxesOf(b.tax_codes, sim.catalog.taxes, ["tax_codes"], c);
  if (b.timezone != null && !isValidTimeZone(b.timezone)) c.add("invalid_timezone", ["timezone"]);
  const anchor = setting(b.billing_configuration, "subscription_invoice_issuing_date_anchor", ANCHORS, c);
  const adjustment = setting(b.billing_configuration, "subscription_invoice_issuing_date_adjustment", ADJUSTMENTS, c);
  const issues = c.issues();
  if (issues) {
    // Its other fields valid, a customer naming an unknown tax is the reference's tax_not_found.
    if (issues.every((i) => i.path[0] === "tax_codes") && namesUnknownTax(b.tax_codes, sim.catalog.taxes)) return refusal("tax_not_found");
    return invalid(issues);
  }
  // The customer valid, its metadata records are checked as the reference's (keys of 20 characters, once each; values of 100).
  const metadataIssues = metadataRecordIssues(b.metadata ?? [], 100);
  if (metadataIssues) return invalid(metadataIssues);
  // One billing entity (the organization's): a customer naming another is the reference's not-found.
  if (b.billing_entity_code != null && b.billing_entity_code !== sim.catalog.organization.billing_entity_code) return refusal("billing_entity_not_found");
  // Checked: from here on the step is accepted.
  const existing = sim.customers.get(b.external_id);
  const customer: Customer = existing ?? newCustomer(b.external_id, step.at);
  customer.details = mergeDetails(customer.details, body, customer.svc_id, step.at);
  customer.updated_at = step.at;
  // A field the body names is set as sent; null clears it (objects.md §8: a null term → the organization's).
  if (b.name !== undefined) customer.name = b.name;
  const termBefore = customer.net_payment_term ?? sim.catalog.organization.net_payment_term;
  if (b.net_payment_term !== undefined) customer.net_payment_term = b.net_payment_term;
  if (b.finalize_zero_amount_invoice != null) customer.finalize_zero_amount_invoice = b.finalize_zero_amount_invoice;
  // The grace period sent, null included (the organization's applies again); its drafts are
  // re-dated when it or the issuing-date settings change (the reference's issuing-date settings update).
  const config = b.billing_configuration;
  const graceSent = config != null && Object.hasOwn(config, "invoice_grace_period") && config.invoice_grace_period !== undefined;
  const grace = graceSent ? config.invoice_grace_period ?? null : customer.invoice_grace_period;
  const regrace = existing !== undefined && (grace !== customer.invoice_grace_period
    || (anchor != null && anchor !== customer.issuing_date_anchor) || (adjustment != null && adjustment !== customer.issuing_date_adjustment));
  customer.invoice_grace_period = grace;
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

// An address: a local part of dot-separated atoms (letters, marks, digits of any script and the
// RFC 5322 specials) or a quoted string, then a domain of two or more DNS labels or a bracketed
// literal — what the reference's customer email check accepts.
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
const ADDRESS = new RegExp(`^(?:${ATOM}(?:\\.${ATOM})*|"(?:[^"\\\\\\r\\n]|\\\\.)*")@(?:(?:${LABEL}\\.)+${LABEL}|\\[[^\\]\\s]+\\])$`, "iu");

/** A blank email, or one or more addresses separated by commas (each trimmed; an empty one is not an address). */
function isEmailList(email: string): boolean {
  return email.trim() === "" || email.split(",").every((a) => ADDRESS.test(a.trim()));
}
