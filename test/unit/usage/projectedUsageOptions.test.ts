/**
 * The query options a projected-usage call reads (invoice.md §13.2.1).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Projected { from_datetime: string; amount_cents: number; projected_amount_cents: number }

/** 1 €/unit grouped by cloud; 5 units in February, 4 + 6 in March; called 10 Mar 12:00 (ratio 10/31). */
function projected(options: Obj): Obj {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", premium_integrations: ["projected_usage", "granular_lifetime_usage"] },
    billable_metrics: [{ code: "a", name: "A", aggregation_type: "sum_agg", field_name: "v" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", charges: [
      { code: "ca", billable_metric_code: "a", charge_model: "standard", properties: { amount: "1", grouped_by: ["cloud"] } }] }],
    steps: [
      { at: "2024-02-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-02-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      { at: "2024-02-10T00:00:00Z", op: "create_event", body: { transaction_id: "o1", code: "a", external_subscription_id: "s1", properties: { v: 5, cloud: "aws" } } },
      { at: "2024-03-05T00:00:00Z", op: "create_events", body: { events: [
        { transaction_id: "t1", code: "a", external_subscription_id: "s1", properties: { v: 4, cloud: "aws" } },
        { transaction_id: "t2", code: "a", external_subscription_id: "s1", properties: { v: 6, cloud: "gcp" } }] } },
      { at: "2024-03-10T12:00:00Z", op: "fetch_projected_usage", body: { external_customer_id: "c1", external_subscription_id: "s1", ...options } },
    ],
  }) as unknown as { responses: Obj[] };
  return r.responses[4]!;
}

const figures = (x: Obj): Obj => {
  const p = x["customer_projected_usage"] as Projected | undefined;
  return p === undefined ? x : { from: p.from_datetime, amount_cents: p.amount_cents, projected_amount_cents: p.projected_amount_cents };
};
const MARCH = { from: "2024-03-01T00:00:00Z", amount_cents: 1000, projected_amount_cents: 3100 };

describe("review2: projected usage reads apply_taxes only", () => {
  it("control: no option → March usage 1000, projected 12.4 + 18.6 units → 3100", () => {
    expect(figures(projected({}))).toEqual(MARCH);
  });

  it("control: filter_by_group and skip_grouping are ignored", () => {
    expect(figures(projected({ filter_by_group: { cloud: "aws" } }))).toEqual(MARCH);
    expect(figures(projected({ skip_grouping: true }))).toEqual(MARCH);
  });

  // invoice.md §13.2.1: "The options of 13.1.7 other than `apply_taxes` are not read." Expected the
  // March figures (from 2024-03-01, 1000, 3100); actual full_usage is read: from 2024-02-01,
  // amount 1500, projected 2308 — src/simulator/usage.ts passes every usageOptions() to
  // projectedUsage.
  it("full_usage with a charge option is not read", () => {
    expect(figures(projected({ filter_by_charge_code: "ca", full_usage: true }))).toEqual(MARCH);
  });

  // Same rule; actual {"error":{"code":"full_usage_not_allowed"}}.
  it("full_usage alone is not read (no full_usage_not_allowed refusal)", () => {
    expect(figures(projected({ full_usage: true }))).toEqual(MARCH);
  });

  // Control: a charge option alone is already ignored (no charge_not_found).
  it("filter_by_charge_code is not read (no charge_not_found)", () => {
    expect(figures(projected({ filter_by_charge_code: "zz" }))).toEqual(MARCH);
  });
});
