/** Whether the organization has a premium integration turned on (`organization.premium_integrations`, invoice.md). */
import type { Sim } from "./sim.js";

export function integrationOn(sim: Sim, name: string): boolean {
  return sim.catalog.organization.premium_integrations.includes(name);
}
