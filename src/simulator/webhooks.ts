/**
 * Webhooks of the lifecycle of customers, subscriptions, plans and wallets (contract §4
 * "Webhooks"): each entry is `{type, at, object}`, appended in the order it is emitted.
 * Invoice, fee, credit-note and alert webhooks are emitted where those are made.
 */
import { formatInstant, type Instant } from "../core/instant.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";
import { subscriptionJson } from "./subscriptionRecord.js";

export function emitWebhook(sim: Sim, type: string, at: Instant, object: unknown): void {
  sim.invoicing.webhooks.push({ type, at: formatInstant(at), object });
}

/** `subscription.started` / `.updated` / `.terminated`: the subscription as it is then. */
export function subscriptionWebhook(
  sim: Sim, type: "subscription.started" | "subscription.updated" | "subscription.terminated" | "subscription.trial_ended" | "subscription.termination_alert",
  s: Subscription, at: Instant,
): void {
  emitWebhook(sim, type, at, subscriptionJson(s, at, sim.catalog.organization));
}
