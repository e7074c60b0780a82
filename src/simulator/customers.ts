/**
 * Customers: the record of a customer created implicitly (by a subscription or a preview),
 * the issuing-date settings of `create_customer` (operations/createCustomer.ts), and the
 * customer JSON.
 */
import { stableId } from "../core/ids.js";
import type { IssueCollector } from "../core/issue.js";
import type { Sim } from "./sim.js";
import type { Customer } from "./state.js";
import type { Obj } from "./steps.js";

export const ANCHORS = ["next_period_start", "current_period_end"] as const;
export const ADJUSTMENTS = ["keep_anchor", "align_with_finalization_date"] as const;

/** An issuing-date setting of `billing_configuration` (periods.md §10): one of `allowed`, else `invalid_value`. */
export function setting<T extends string>(config: Readonly<Record<string, unknown>> | null | undefined, key: string, allowed: readonly T[], c: IssueCollector): T | undefined {
  const v = config?.[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string" && (allowed as readonly string[]).includes(v)) return v as T;
  c.add("invalid_value", ["billing_configuration", key]);
  return undefined;
}

/** The customer as returned by the customer steps. */
export function customerJson(sim: Sim, c: Customer): Obj {
  return {
    svc_id: c.svc_id, external_id: c.external_id, name: c.name, currency: c.currency, timezone: c.timezone,
    applicable_timezone: sim.timezoneOf(c), taxes: (c.taxes ?? []).map((t) => ({ svc_id: t.svc_id, code: t.code, name: t.name, rate: t.rate.toFixed() })),
  };
}

/** A customer with only its external id: every setting inherited from the organization. */
export function newCustomer(externalId: string): Customer {
  return {
    svc_id: stableId("customer", externalId), external_id: externalId, name: null, currency: null, timezone: null, taxes: undefined,
    invoice_grace_period: null, net_payment_term: null, finalize_zero_amount_invoice: null, applied_coupons: [],
  };
}

