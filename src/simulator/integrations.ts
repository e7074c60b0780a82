/** The organization's settings a step reads: its premium integrations (invoice.md), its billing entity. */
import type { Sim } from "./sim.js";

/** Whether the organization has a premium integration turned on (`organization.premium_integrations`). */
export function integrationOn(sim: Sim, name: string): boolean {
  return sim.catalog.organization.premium_integrations.includes(name);
}

/** Whether a body's `billing_entity_code` names another billing entity than the organization's (the only one): the reference's `billing_entity_not_found`. */
export function namesOtherBillingEntity(sim: Sim, code: unknown): boolean {
  return code != null && code !== "" && code !== sim.catalog.organization.billing_entity_code;
}
