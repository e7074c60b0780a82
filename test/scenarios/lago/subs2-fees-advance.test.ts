/**
 * Ported from getlago/lago-api spec/scenarios/fees/recurring_fee_downgrade_spec.rb,
 * recurring_non_invoiceable_fees_spec.rb and recurring_pay_in_advance_charges_spec.rb (figures only).
 * A fee's creation instant is read from its `from_date` (ratecard's fees carry no `created_at`).
 */
import { describe, expect, it } from "vitest";
import { customer, event, expectMatch, plan, run, subscribe } from "./subs-helpers.js";

const detachedCharges = (out: any) => out.fees.filter((f: any) => f.item.type === "charge" && !f.svc_invoice_id);

describe("recurring_fee_downgrade_spec.rb: when downgrading subscription", () => {
  // Recurring unique_count "seats" (item_id); pay-in-advance, non-invoiceable, prorated standard
  // charge grouped by item_id: 30.00 on "premium" (0.99), 60.00 on "downgraded" (0.49).
  const metrics = [{ code: "seats", name: "seats", aggregation_type: "unique_count_agg", field_name: "item_id", recurring: true }];
  const chargeOf = (amount: string) => ({ billable_metric_code: "seats", charge_model: "standard", invoiceable: false, pay_in_advance: true, prorated: true, properties: { amount, grouped_by: ["item_id"] } });
  const plans = [
    plan("premium", { amount_cents: 99, pay_in_advance: true, charges: [chargeOf("30")] }),
    plan("downgraded", { amount_cents: 49, pay_in_advance: true, charges: [chargeOf("60")] }),
  ];
  const seat = (at: string, id: string) => event(at, "seats", { item_id: id });
  const sim = (billing_time: string, start: string, until: string) =>
    run({
      metrics, plans,
      steps: [
        customer(start), subscribe(start, "premium", { billing_time }),
        seat("2024-06-05T00:00:00Z", "user_1"), seat("2024-06-15T10:05:59Z", "user_2"),
        subscribe("2024-06-15T10:06:00Z", "downgraded", { billing_time }),
        seat("2024-06-19T00:00:00Z", "user_3"), seat("2024-06-19T00:00:00Z", "user_4"),
      ],
      until,
    });
  const july = (out: any) => detachedCharges(out).filter((f: any) => Date.parse(f.from_date) >= Date.parse("2024-07-01T00:00:00Z"));

  for (const [billing_time, start] of [["calendar", "2024-06-01T00:00:00Z"], ["anniversary", "2024-06-04T00:00:00Z"]] as const) {
    it(`${billing_time} / at the downgrade: old active, new pending, 1 invoice, 2 non-invoiced fees`, () => {
      const out = sim(billing_time, start, "2024-06-15T10:06:00Z");
      expect(out.invoices.length).toBe(1);
      expect(out.subscriptions.map((s: any) => [s.plan_code, s.status])).toEqual([["premium", "active"], ["downgraded", "pending"]]);
      expect(detachedCharges(out).length).toBe(2);
    });
  }

  it("calendar / 1 July: old terminated, new active", () => {
    const out = sim("calendar", "2024-06-01T00:00:00Z", "2024-07-01T00:10:00Z");
    expect(out.subscriptions.map((s: any) => [s.plan_code, s.status])).toEqual([["premium", "terminated"], ["downgraded", "active"]]);
  });

  it("anniversary / nothing on 1 July; on 4 July old terminated, new active", () => {
    expect(july(sim("anniversary", "2024-06-04T00:00:00Z", "2024-07-01T00:10:00Z")).length).toBe(0);
    const out = sim("anniversary", "2024-06-04T00:00:00Z", "2024-07-04T14:00:00Z");
    expect(out.subscriptions.map((s: any) => [s.plan_code, s.status])).toEqual([["premium", "terminated"], ["downgraded", "active"]]);
  });

  // Was a MISMATCH, now fixed (the test asserts the spec's figures); the diagnosis as it was: (bug; docs nearly silent). recurring_fee_downgrade_spec.rb, both contexts: the run that
  // switches to the downgraded plan (calendar: 07-01; anniversary: 07-04) creates 4 non-invoiced
  // renewal fees, one per seat (the recurring seats carry over to the new subscription, same
  // external_id). Actual: 0 — the switch invoice bills only the new subscription fee (0.49) and no
  // renewal of the pay-in-advance, non-invoiceable recurring charge, whereas a plain periodic run
  // does create them (recurring_fees_spec ports pass, and so does the upgrade port
  // fees-recurring-upgrade.test.ts). charges.md §16.4 mentions the periodic run's renewal fees; §8.2
  // of periods.md does not say the switch skips them. Likely src/simulator downgrade switch path.
  it("calendar / 1 July: 4 renewal fees for the 4 seats", () => {
    expect(july(sim("calendar", "2024-06-01T00:00:00Z", "2024-07-01T00:10:00Z")).length).toBe(4);
  });

  it("anniversary / 4 July: 4 renewal fees for the 4 seats", () => {
    expect(july(sim("anniversary", "2024-06-04T00:00:00Z", "2024-07-04T14:00:00Z")).length).toBe(4);
  });
});

describe("recurring_non_invoiceable_fees_spec.rb: first scenario", () => {
  // Plan 499.00 in advance; recurring unique_count "credit_card" (item_id), pay in advance,
  // non-invoiceable, standard 1.10, not prorated. Subscription 2024-03-05 12:12 (calendar).
  it("two cards → two fees of 1.10; the 04-01 run adds one renewal fee (3 in all)", () => {
    const metrics = [{ code: "credit_card", name: "credit_card", aggregation_type: "unique_count_agg", field_name: "item_id", recurring: true }];
    const plans = [plan("p", { amount_cents: 49_900, pay_in_advance: true, charges: [{ billable_metric_code: "credit_card", charge_model: "standard", pay_in_advance: true, invoiceable: false, prorated: false, properties: { amount: "1.1" } }] })];
    const steps = [
      customer("2024-03-05T12:12:00Z"), subscribe("2024-03-05T12:12:00Z", "p"),
      event("2024-03-06T10:00:00Z", "credit_card", { item_id: "card_user_1" }),
      event("2024-03-10T10:00:00Z", "credit_card", { item_id: "card_user_2" }),
    ];
    const march = run({ metrics, plans, steps, until: "2024-03-10T11:00:00Z" });
    expect(march.invoices.length).toBe(1);
    expectMatch(detachedCharges(march), [{ amount_cents: 110, units: "1" }, { amount_cents: 110, units: "1" }]);
    const april = run({ metrics, plans, steps, until: "2024-04-01T00:10:00Z" });
    expect(april.fees.filter((f: any) => f.item.type === "charge").length).toBe(3);
  });
});

describe("recurring_pay_in_advance_charges_spec.rb: when invoiceable is false / create fees when the period is renewed", () => {
  // Plan 499.00 in advance; recurring unique_count (field item_id), pay in advance, non-invoiceable,
  // standard 12.00.
  const metrics = [{ code: "uc", name: "uc", aggregation_type: "unique_count_agg", field_name: "item_id", recurring: true }];
  const plans = [plan("p", { amount_cents: 49_900, pay_in_advance: true, charges: [{ billable_metric_code: "uc", charge_model: "standard", pay_in_advance: true, invoiceable: false, prorated: false, properties: { amount: "12" } }] })];
  const steps = (props: any) => [customer("2024-03-05T12:12:00Z"), subscribe("2024-03-05T12:12:00Z", "p"), event("2024-03-15T10:00:00Z", "uc", props)];

  // The spec's event lacks the metric's field `item_id`; Lago (and ratecard) still count 1 unit.
  for (const [label, props] of [["event with item_id", { item_id: "id_1" }], ["spec's event (unique_id only)", { unique_id: "id_1" }]] as const) {
    // Fails by design: the reference's spec shows the event-time fee of a non-invoiceable
    // pay-in-advance charge from its subscription's start instant; invoice.md §2 "Fee dates" (a)
    // decides: whole UTC days (from 00:00:00). test/unit/objects/feeDates.test.ts asserts the rule.
    it.fails(`${label}: fee 12.00 for 03-05 12:12 → 03-31, no invoice; 04-01 renewal fee 1 unit 12.00 for April`, () => {
      const mar = run({ metrics, plans, steps: steps(props), until: "2024-03-15T11:00:00Z" });
      expectMatch(detachedCharges(mar), [{ units: "1", events_count: 1, amount_cents: 1200, from_date: "2024-03-05T12:12:00Z", to_date: "2024-03-31T23:59:59Z" }]);
      const apr = run({ metrics, plans, steps: steps(props), until: "2024-04-01T00:12:00Z" });
      expect(apr.invoices.length).toBe(2);
      const fees = apr.fees.filter((f: any) => f.item.type === "charge");
      expect(fees.length).toBe(2);
      expectMatch(fees[1], { units: "1", events_count: 1, amount_cents: 1200, from_date: "2024-04-01T00:00:00Z", to_date: "2024-04-30T23:59:59Z" });
    });
  }
});
