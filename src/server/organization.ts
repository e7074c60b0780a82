/**
 * `--org FILE`: the organization's settings over the catalog's (docs/serve.md, "Organization").
 * The file is the organization object — `timezone`, `invoice_grace_period`, `net_payment_term`,
 * `default_currency`, `document_locale`, `tax_codes`, `premium_integrations`, `name`,
 * `billing_entity_code`, `document_number_prefix` — or the reference's `{organization: {...}}`
 * body, whose `billing_configuration` (`invoice_grace_period`, `document_locale`) is read too;
 * its `taxes` (tax objects) join the catalog's taxes, applied to the organization.
 */
import { isObj, type Obj } from "../simulator/steps.js";
import type { CatalogInput } from "./state.js";

/** The organization's settings as the simulator reads them, or a one-line reason they cannot be. */
export function readOrganization(raw: unknown): { ok: true; organization: Obj; taxes: Obj[] } | { ok: false; message: string } {
  const org = isObj(raw) && isObj(raw["organization"]) ? raw["organization"] : raw;
  if (!isObj(org)) return { ok: false, message: "the organization is not a JSON object" };
  const { billing_configuration: billing, taxes, ...settings } = org;
  if (billing !== undefined && billing !== null && !isObj(billing)) return { ok: false, message: "organization.billing_configuration is not an object" };
  if (isObj(billing)) {
    for (const k of ["invoice_grace_period", "document_locale"]) if (settings[k] === undefined && billing[k] !== undefined) settings[k] = billing[k];
  }
  if (taxes !== undefined && taxes !== null && !(Array.isArray(taxes) && taxes.every(isObj))) return { ok: false, message: "organization.taxes is not a list of tax objects" };
  return { ok: true, organization: settings, taxes: ((taxes ?? []) as Obj[]).map((t) => ({ ...t, applied_to_organization: true })) };
}

/** The catalog with the organization's settings over its own `organization` (field by field) and its taxes added. */
export function withOrganization(catalog: CatalogInput, org: { organization: Obj; taxes: Obj[] }): CatalogInput {
  const own = isObj(catalog["organization"]) ? catalog["organization"] : {};
  const taxes = Array.isArray(catalog["taxes"]) ? (catalog["taxes"] as unknown[]) : [];
  return {
    ...catalog,
    organization: { ...own, ...org.organization },
    ...(org.taxes.length === 0 ? {} : { taxes: [...taxes, ...org.taxes] }),
  };
}
