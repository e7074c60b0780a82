/** Builds current/projected usage inputs from catalog JSON, as the simulator does. */
import { type CurrencyCode } from "../../../src/core/currency.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { IssueCollector, ValidationError } from "../../../src/core/issue.js";
import type { UsageEvent } from "../../../src/aggregation/index.js";
import { feeTaxes } from "../../../src/invoice/index.js";
import { parseCatalog } from "../../../src/simulator/catalog.js";
import type { ProjectedUsageInput } from "../../../src/usage/projectedUsage.js";

export const t = (s: string): Instant => {
  const i = parseInstant(s);
  if (i === undefined) throw new Error(s);
  return i;
};

export function usageInput(opts: {
  catalog: Record<string, unknown>;
  events: readonly { code: string; at: string; properties?: Record<string, unknown> }[];
  window: [string, string];
  now: string;
  timezone?: string;
  issuing_date: string;
  apply_taxes?: boolean;
}): ProjectedUsageInput {
  const c = new IssueCollector();
  const catalog = parseCatalog(opts.catalog, c);
  const issues = c.issues();
  if (issues !== undefined) throw new ValidationError(issues);
  const plan = catalog.plans.values().next().value!;
  const start = t(opts.window[0]), end = t(opts.window[1]);
  const events: UsageEvent[] = opts.events.map((e, i) => ({
    transaction_id: `tx${i}`, code: e.code, timestamp: t(e.at), properties: e.properties ?? {}, external_subscription_id: "s1", seq: i,
  }));
  return {
    charges: plan.charges.map((ch) => ({
      svc_id: ch.svc_id, code: ch.code, invoice_display_name: ch.invoice_display_name, usage: ch.usage, metric: ch.metric,
      taxes: feeTaxes({ charge: ch.taxes, plan: plan.taxes, customer: undefined, organization: catalog.organization.taxes }),
    })),
    events,
    window: { start, end },
    charges_duration_in_days: Math.round((end - start) / 86_400_000),
    timezone: opts.timezone ?? "UTC",
    currency: plan.currency as CurrencyCode,
    issuing_date: opts.issuing_date,
    now: t(opts.now),
    ...(opts.apply_taxes === undefined ? {} : { options: { apply_taxes: opts.apply_taxes } }),
  };
}
