/**
 * A preview of a subscription with a scheduled downgrade (invoice.md §15): it bills the switch
 * the next periodic run would make — the old subscription as at the switch, the pending one when
 * its plan is paid in advance — with the worked example of the section.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { item: { type: string; code: string }; amount_cents: number; from_date?: string; to_date?: string }
interface Preview { issuing_date: string; fees: Fee[]; subscriptions: Obj[]; credit_notes_amount_cents: number; total_amount_cents: number }

function preview(smallInAdvance: boolean): Preview {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR" },
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    plans: [
      { code: "big", name: "Big", interval: "monthly", amount_cents: 5000, amount_currency: "EUR", pay_in_advance: false,
        charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] },
      { code: "small", name: "Small", interval: "monthly", amount_cents: 2000, amount_currency: "EUR", pay_in_advance: smallInAdvance,
        charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] },
    ],
    steps: [
      { at: "2024-06-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-06-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "big" } },
      { at: "2024-06-03T00:00:00Z", op: "create_event", body: { transaction_id: "e1", code: "calls", external_subscription_id: "s1" } },
      { at: "2024-06-05T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "small" } },
      { at: "2024-06-10T00:00:00Z", op: "preview_invoice", body: { customer: { external_id: "c1" }, subscriptions: { external_ids: ["s1"] } } },
    ],
  });
  return (r.responses[4] as { invoice: Preview }).invoice;
}
const fees = (p: Preview) => p.fees.map((f) => [f.item.type, f.item.code, f.amount_cents, f.from_date, f.to_date]);

describe("preview_invoice of a subscription with a pending downgrade", () => {
  it("bills the old arrears plan's June (fee and charges) and the new advance plan's July fee, issued on the switch day", () => {
    const p = preview(true);
    expect(fees(p)).toEqual([
      ["subscription", "big", 5000, "2024-06-01T00:00:00Z", "2024-06-30T23:59:59Z"],
      ["charge", "calls", 100, "2024-06-01T00:00:00Z", "2024-06-30T23:59:59Z"],
      ["subscription", "small", 2000, "2024-07-01T00:00:00Z", "2024-07-31T23:59:59Z"],
    ]);
    expect(p.issuing_date).toBe("2024-07-01");
    expect(p.credit_notes_amount_cents).toBe(0);
  });

  it("lists the old subscription (terminated at the end of the switch day), then the pending one as it will start", () => {
    const [old, next] = preview(true).subscriptions;
    expect(old).toMatchObject({ plan_code: "big", status: "terminated", terminated_at: "2024-07-01T23:59:59Z" });
    expect(next).toMatchObject({
      plan_code: "small", status: "active", started_at: "2024-07-01T00:00:00Z",
      current_billing_period_started_at: "2024-07-01T00:00:00Z", current_billing_period_ending_at: "2024-07-31T23:59:59Z",
    });
  });

  it("leaves out a pending plan in arrears: it bills nothing at the switch", () => {
    const p = preview(false);
    expect(fees(p).map((f) => f[1])).toEqual(["big", "calls"]);
    expect(p.subscriptions.map((s) => s["plan_code"])).toEqual(["big"]);
  });
});
