/**
 * `update_tax` (`{code, tax: {name?, rate?, description?, applied_to_organization?}}`; beyond the
 * contract's list, the service's `PUT /taxes/{code}`): the fields given replace the tax's,
 * checked as the catalog checks a tax, from the step's instant on. `applied_to_organization`
 * adds the tax to the organization's taxes or takes it out of them. Everything computed later
 * applies the new version — invoices, fees, current usage, previews, wallet balances — and the
 * drafts it reaches are refreshed (the reference flags them for refresh); what was issued keeps
 * the version it was computed with (catalogSwap.ts). Answers `{tax}`.
 */
import { parseDecimal } from "../../core/decimal.js";
import type { Tax } from "../../invoice/index.js";
import { parseCatalogObject } from "../../parse/schemas/index.js";
import { taxJson } from "../catalogJson.js";
import { editFields, keepCode } from "../catalogEdit.js";
import { draftsWhere, holds, swapTax, taxReaches } from "../catalogSwap.js";
import { type Answer, invalidField, invalid, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function updateTax(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const tax = sim.catalog.taxes.get(code);
  if (tax === undefined) return refusal("tax_not_found");
  const fields = editFields(step, "tax");
  const org = sim.catalog.organization;
  const current = { code, name: tax.name, rate: tax.rate.toFixed(), description: tax.description ?? null, applied_to_organization: holds(org.taxes, code) };
  const r = parseCatalogObject("tax", { ...current, ...fields, code });
  if (!r.ok) return invalid(r.issues);
  const rate = parseDecimal(r.value.rate);
  if (rate === undefined) return invalidField("invalid_value", ["rate"]);
  // Checked: from here on the step is accepted.
  keepCode(sim, step, fields, code, "tax");
  // The drafts the tax reaches before the change or after it (applied_to_organization), refreshed with it.
  const before = new Set(draftsWhere(sim, (inv) => taxReaches(sim, inv, code)));
  const next: Tax = { svc_id: tax.svc_id, code, name: r.value.name, rate, description: r.value.description ?? null };
  swapTax(sim, code, next);
  const applied = r.value.applied_to_organization;
  if (applied === true && !holds(org.taxes, code)) org.taxes = [...org.taxes, next];
  if (applied === false && holds(org.taxes, code)) org.taxes = org.taxes.filter((t) => t.code !== code);
  for (const inv of draftsWhere(sim, (inv) => before.has(inv) || taxReaches(sim, inv, code))) sim.invoicing.refresh(inv, step.at);
  return { tax: taxJson(next, sim.catalogJson) };
}
