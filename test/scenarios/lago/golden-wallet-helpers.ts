/**
 * Shorthands for the later rows of getlago/lago-api spec/scenarios/golden/matrix/b06_wallets.yml
 * (figures only): a monthly calendar plan golden_b06_<k> with sum_agg standard charges, its customer
 * and subscription, wallets created at the first step, events on 5 March, billing on 1 April.
 * Rows are run by ./golden-helpers.ts (`refreshWallets` turns `perform_wallet_refresh` into wallet
 * reads, which refresh ongoing balances and run threshold rules).
 */
import type { Row } from "./golden-helpers.js";
export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
/** plan golden_b06_<k>, customer/sub golden_b06_<k>_cust/_sub; charges [[metric, amount, extra?]] */
export function S(k: string, planCents: number, charges: Json[][], wallets: Json[], x: Json = {}): Json {
  const p = `golden_b06_${k}`;
  const { plan: planX, ...rest } = x;
  return {
    metrics: charges.map(([code]) => ({ code, aggregation_type: "sum_agg", field_name: "amount" })),
    plan: { code: p, interval: "monthly", amount_cents: planCents, ...(planX ?? {}) },
    charges: charges.map(([m, a, e]) => ({ billable_metric_code: m, charge_model: "standard", properties: { amount: a }, ...(e ?? {}) })),
    customer: { external_id: `${p}_cust`, currency: "EUR" },
    subscription: { external_id: `${p}_sub`, billing_time: "calendar" },
    wallets,
    ...rest,
  };
}
/** events: [code, amount, extraProps?] */
export const E = (at: string, evs: Json[][]) => ({ at, do: "ingest_events", events: evs.map(([code, amount, e]) => ({ code, properties: { amount, ...(e ?? {}) } })) });
export const START = { at: "2024-03-01T00:00:00Z", do: "create_subscription" };
export const EV = (evs: Json[][]) => E("2024-03-05T10:00:00Z", evs);
export const BILL = { at: "2024-04-01T01:00:00Z", do: "perform_billing" };
export const REFRESH6 = [{ at: "2024-03-06T00:00:00Z", do: "perform_wallet_refresh" }, { at: "2024-03-06T01:00:00Z", do: "fetch_current_usage" }];
export const W = (name: string, code: string, rate: string, x: Json = {}) => ({ name, code, rate_amount: rate, currency: "EUR", ...x });
export const SUB = (x: Json) => ({ select: { invoice_type: "subscription" }, ...x });
export const CRED = (x: Json) => ({ select: { invoice_type: "credit" }, ...x });
export const F = (fee_type: string, item_code: string | undefined, amount_cents: number, units?: string, x: Json = {}) => ({ fee_type, ...(item_code ? { item_code } : {}), amount_cents, ...(units ? { units } : {}), ...x });
export const ft = (...t: string[]) => ({ applies_to: { fee_types: t } });
export const bm = (...m: string[]) => ({ applies_to: { billable_metric_codes: m } });
export const R = (id: string, setup: Json, timeline: Json[], expect: Json, skip?: string): Row => ({ id, setup, timeline, expect, ...(skip ? { skip } : {}) });
