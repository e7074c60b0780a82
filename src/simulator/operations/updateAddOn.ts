/**
 * `update_add_on` (`{code, add_on: {name?, invoice_display_name?, description?, amount_cents?,
 * amount_currency?, tax_codes?}}`; beyond the contract's list, the service's `PUT
 * /add_ons/{code}`): the fields given replace the add-on's, checked as the catalog checks an
 * add-on, from the step's instant on — one-off invoices made later read it. The fixed charges
 * plans already have keep what they were made with. Answers `{add_on}`.
 */
import { IssueCollector } from "../../core/issue.js";
import type { CurrencyCode } from "../../core/currency.js";
import { parseCatalogObject } from "../../parse/schemas/index.js";
import { namesUnknownTax, taxesOf } from "../catalogTaxes.js";
import { addOnJson } from "../catalogJson.js";
import { type Answer, invalid, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";
import { editFields, keepCode } from "../catalogEdit.js";

export function updateAddOn(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const a = sim.catalog.add_ons.get(code);
  if (a === undefined) return refusal("add_on_not_found");
  const fields = editFields(step, "add_on");
  const merged = {
    code, name: a.name, amount_cents: Number(a.amount_cents), amount_currency: a.currency, invoice_display_name: a.invoice_display_name,
    description: a.description, ...(a.taxes === undefined ? {} : { tax_codes: a.taxes.map((t) => t.code) }), ...fields,
  };
  merged.code = code;
  const r = parseCatalogObject("add_on", merged);
  if (!r.ok) return invalid(r.issues);
  if (namesUnknownTax(r.value.tax_codes, sim.catalog.taxes)) return refusal("tax_not_found");
  const c = new IssueCollector();
  const taxes = taxesOf(r.value.tax_codes, sim.catalog.taxes, ["tax_codes"], c);
  const issues = c.issues();
  if (issues) return invalid(issues);
  // Checked: from here on the step is accepted.
  keepCode(sim, step, fields, code, "add-on");
  const updated = {
    ...a, name: r.value.name, amount_cents: BigInt(r.value.amount_cents), currency: r.value.amount_currency as CurrencyCode,
    invoice_display_name: r.value.invoice_display_name ?? null, description: r.value.description ?? null, taxes,
  };
  sim.catalog.add_ons.set(code, updated);
  return { add_on: addOnJson(updated, sim.catalogJson) };
}
