/**
 * Ported from getlago/lago-api spec/scenarios/fees/recurring_fee_upgrade_spec.rb.
 * Recurring unique_count metric "seats" (item_id), pay-in-advance NON-invoiceable prorated standard
 * charge grouped by item_id (30 on "Basic", 60 on "Upgraded"); both plans pay in advance.
 * Fee creation instants are read from the fee's `created_at` when present, else its `from_date`.
 */
import { describe, expect, it } from "vitest";
import { customer, event, plan, run, subscribe } from "./subs-helpers.js";

const metrics = [{ code: "seats", name: "seats", aggregation_type: "unique_count_agg", field_name: "item_id", recurring: true }];
const chargeOf = (amount: string) => ({
  billable_metric_code: "seats", charge_model: "standard", invoiceable: false, pay_in_advance: true, prorated: true,
  properties: { amount, grouped_by: ["item_id"] },
});
const plans = [
  plan("basic", { amount_cents: 49, pay_in_advance: true, charges: [chargeOf("30")] }),
  plan("upgraded", { amount_cents: 99, pay_in_advance: true, charges: [chargeOf("60")] }),
];
const seat = (at: string, id: string) => event(at, "seats", { item_id: id });

function sim(billing_time: string, start: string, until: string) {
  return run({
    metrics, plans,
    steps: [
      customer(start), subscribe(start, "basic", { billing_time }),
      seat("2024-06-05T00:00:00Z", "user_1"), seat("2024-06-15T10:05:59Z", "user_2"),
      subscribe("2024-06-15T10:06:00Z", "upgraded", { billing_time }),
      seat("2024-06-19T00:00:00Z", "user_3"), seat("2024-06-19T00:00:00Z", "user_4"),
    ],
    until,
  });
}
const when = (f: any) => Date.parse(f.created_at ?? f.from_date);
const detached = (out: any) => out.fees.filter((f: any) => !f.svc_invoice_id && f.item?.type === "charge");

describe("recurring_fee_upgrade_spec.rb: when upgrading subscription", () => {
  for (const [billing_time, start] of [["calendar", "2024-06-01T00:00:00Z"], ["anniversary", "2024-06-04T00:00:00Z"]]) {
    it(`when all subscriptions are ${billing_time} / at the upgrade: 2 invoices, 2 non-invoiceable fees`, () => {
      const out = sim(billing_time!, start!, "2024-06-15T10:06:00Z");
      expect(out.invoices.length).toBe(2);
      expect(out.subscriptions.map((s: any) => [s.plan_code, s.status])).toEqual([["basic", "terminated"], ["upgraded", "active"]]);
      expect(detached(out).length).toBe(2);
    });
  }

  it("when all subscriptions are calendar / 1 July renews the 4 seats as non-invoiceable fees", () => {
    const out = sim("calendar", "2024-06-01T00:00:00Z", "2024-07-01T00:10:00Z");
    expect(detached(out).filter((f: any) => when(f) >= Date.parse("2024-07-01T00:00:00Z")).length).toBe(4);
  });

  it("when all subscriptions are anniversary / nothing on 1 July, 4 renewals on 4 July", () => {
    const july1 = sim("anniversary", "2024-06-04T00:00:00Z", "2024-07-01T00:10:00Z");
    expect(detached(july1).filter((f: any) => when(f) >= Date.parse("2024-07-01T00:00:00Z")).length).toBe(0);
    const july4 = sim("anniversary", "2024-06-04T00:00:00Z", "2024-07-04T14:00:00Z");
    expect(detached(july4).filter((f: any) => when(f) >= Date.parse("2024-07-01T00:00:00Z")).length).toBe(4);
  });
});
