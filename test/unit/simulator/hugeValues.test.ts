/**
 * Values far beyond everyday sizes, which fuzzed timelines found to crash the simulator: an
 * event value of 10^23 on a percentage charge (a plain Error from the tax's float rounding) and
 * an alert threshold of 10^17 (an endless loop over recurring crossings). Each now gives an
 * exact result: integers beyond 2^53 − 1 are written as their exact decimal text.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

const HUGE = "99999999999999999999999";

function percentageTimeline(payInAdvance: boolean): unknown {
  return {
    organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"] },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }],
    billable_metrics: [{ code: "amt", name: "Amt", aggregation_type: "sum_agg", field_name: "v" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
      charges: [{ billable_metric_code: "amt", charge_model: "percentage", pay_in_advance: payInAdvance, properties: { rate: "1" } }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      { at: "2024-03-02T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "amt", external_subscription_id: "s1", properties: { v: HUGE } } },
      { at: "2024-03-03T00:00:00Z", op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
    ],
    until: "2024-04-01T00:00:00Z",
  };
}

type Obj = Record<string, unknown>;

describe("a 10^23 event value on a percentage charge", () => {
  it("in arrears: the usage and the invoice carry the exact amounts (1 % of it, in cents: the value itself)", () => {
    const r = simulate(percentageTimeline(false));
    const usage = (r.responses[3] as { customer_usage: Obj }).customer_usage;
    expect(usage["amount_cents"]).toBe(HUGE);
    const invoice = r.invoices.at(-1) as Obj;
    const fee = (invoice["fees"] as Obj[]).find((f) => (f["item"] as Obj)["type"] === "charge")!;
    expect(fee["amount_cents"]).toBe(HUGE);
    expect(fee["precise_amount"]).toBe("999999999999999999999.99");
    // The tax is the reference's float product, rounded as Ruby rounds a float: the double's exact integer.
    expect(invoice["taxes_amount_cents"]).toBe("20000000000000000000000");
  });
  it("paid in advance: the event's own invoice carries the exact amount", () => {
    const r = simulate(percentageTimeline(true));
    expect((r.responses[2] as Obj)["error"]).toBeUndefined();
    const invoice = r.invoices.find((i) => ((i as Obj)["fees"] as Obj[]).some((f) => f["pay_in_advance"] === true)) as Obj;
    expect(invoice["fees_amount_cents"]).toBe(HUGE);
  });
});

describe("an alert threshold of 10^17 as a JSON number", () => {
  it("a wallet alert with a recurring threshold below it crosses the right values and ends", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: true, charges: [] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
        { at: "2024-03-01T00:00:00Z", op: "create_wallet", body: { external_customer_id: "c1", code: "w", rate_amount: "1", currency: "EUR", granted_credits: "30" } },
        { at: "2024-03-01T00:00:00Z", op: "create_alert", body: { external_customer_id: "c1", wallet_code: "w", alert_type: "wallet_balance_amount", code: "low",
          thresholds: [{ value: 1e17 }, { value: 1, recurring: true }] } },
        { at: "2024-03-01T01:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      ],
      until: "2024-03-02T00:00:00Z",
    });
    expect((r.responses[2] as Obj)["error"]).toBeUndefined();
    const triggered = r.webhooks.filter((w) => (w as Obj)["type"] === "alert.triggered") as unknown as { object: { crossed_thresholds: { value: string }[] } }[];
    // The balance falls from 3000 to 2000 cents' worth: every step 10^17 − k·1 in between, 2000 and 3000 included.
    expect(triggered).toHaveLength(1);
    const values = triggered[0]!.object.crossed_thresholds.map((t) => Number(t.value));
    expect(values).toHaveLength(1001);
    expect([values[0], values.at(-1)]).toEqual([2000, 3000]);
  });
});
