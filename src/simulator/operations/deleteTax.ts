/**
 * `delete_tax` (`{code}`; beyond the contract's list, the service's `DELETE /taxes/{code}`): the
 * tax leaves the catalog (naming it later is refused as an unknown tax code) and, as the
 * reference's tax deletion, everything that applies it stops applying it from the step's instant
 * on — the organization, customers, plans, charges, fixed charges, commitments, add-ons and the
 * subscriptions' own fixed-charge taxes; a source left without taxes passes to the next one of
 * the chain (invoice.md §5.1). The drafts it reaches are refreshed; issued invoices and credit
 * notes keep it (catalogSwap.ts). Answers `{tax}` once nothing applies it (its counts 0).
 */
import { taxJson } from "../catalogJson.js";
import { draftsWhere, swapTax, taxReaches } from "../catalogSwap.js";
import { type Answer, invalidField, refusal } from "../refusal.js";
import type { Sim } from "../sim.js";
import type { Step } from "../steps.js";

export function deleteTax(sim: Sim, step: Step): Answer {
  const code = step.body["code"];
  if (typeof code !== "string" || code === "") return invalidField("value_is_mandatory", ["code"]);
  const tax = sim.catalog.taxes.get(code);
  if (tax === undefined) return refusal("tax_not_found");
  // Checked: from here on the step is accepted.
  const drafts = draftsWhere(sim, (inv) => taxReaches(sim, inv, code));
  swapTax(sim, code, null);
  for (const inv of drafts) sim.invoicing.refresh(inv, step.at);
  return { tax: taxJson(tax, sim.catalogJson) };
}
