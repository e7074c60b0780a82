/**
 * Ported from getlago/lago-api spec/scenarios/subscriptions/terminate_ended_spec.rb,
 * terminate_ended_before_ending_time_spec.rb, terminate_ended_billing_order_spec.rb and
 * terminate_manually_spec.rb (cases with no visible vector).
 */
import { describe, expect, it } from "vitest";
import { customer, event, expectMatch, plan, run, subscribe, terminate } from "./subs-helpers.js";

const plan1000 = (pay_in_advance = false) => [plan("p", { amount_cents: 1000, pay_in_advance })];
const plus = (t: string, minutes: number) => new Date(Date.parse(t) + minutes * 60e3).toISOString();

function ended(o: { tz: string; billing_time: string; start: string; ending_at: string | null; advance?: boolean; until: string; extra?: any[] }) {
  return run({
    plans: plan1000(o.advance),
    steps: [
      customer(o.start, o.tz),
      subscribe(o.start, "p", { billing_time: o.billing_time, subscription_at: o.start, ending_at: o.ending_at }),
      ...(o.extra ?? []),
    ],
    until: o.until,
  });
}

describe("terminate_ended_spec.rb", () => {
  const start = "2023-09-05T00:00:00Z";

  for (const tz of ["Europe/Paris", "Asia/Bangkok"]) {
    it(`when timezone is ${tz} / terminates the subscription when it reaches its ending date`, () => {
      const out = ended({ tz, billing_time: "anniversary", start, ending_at: "2023-09-06T00:00:00Z", until: "2023-09-06T00:15:00Z" });
      expectMatch(out, {
        subscriptions: [{ status: "terminated" }],
        invoices: [{ total_amount_cents: 67, issuing_date: "2023-09-06" }],
      });
    });
  }

  it("when ending at is the same as billing date / bills correctly previous billing period if it has not been billed yet", () => {
    const out = ended({ tz: "Europe/Paris", billing_time: "anniversary", start, ending_at: "2023-10-05T00:00:00Z", until: "2023-10-05T00:15:00Z" });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      invoices: [{ total_amount_cents: 1000, issuing_date: "2023-10-05" }],
    });
  });

  it("when ending at is the same as billing date / pay in advance / does not issue credit note and does not bill previous period", () => {
    const out = ended({ tz: "Europe/Paris", billing_time: "anniversary", start, ending_at: "2023-10-05T00:00:00Z", advance: true, until: "2023-10-05T00:15:00Z" });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      invoices__count: 2,
      invoices__last: { total_amount_cents: 0, issuing_date: "2023-10-05" },
      credit_notes__count: 0,
    });
  });

  it("when ending_at is not set and subscription is terminated on the day of creation / bills correctly only 1 day", () => {
    const out = ended({
      tz: "Europe/Paris", billing_time: "anniversary", start, ending_at: null, until: plus(start, 6 * 60),
      extra: [terminate(plus(start, 5 * 60))],
    });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      invoices: [{ total_amount_cents: 33, issuing_date: "2023-09-05" }],
    });
  });

  // Lago's termination job runs 5h before ending_at here (ending_at's local date is already
  // reached in Bogota); ratecard terminates at ending_at itself, which is the same local day.
  it("ending at billing date / with America/Bogota timezone / bills the previous period", () => {
    const out = ended({ tz: "America/Bogota", billing_time: "anniversary", start, ending_at: "2023-10-05T00:00:00Z", until: "2023-10-05T00:15:00Z" });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      invoices: [{ total_amount_cents: 1000, issuing_date: "2023-10-04" }],
    });
  });

  it("ending at billing date / with Asia/Bangkok timezone / bills the previous period", () => {
    const out = ended({ tz: "Asia/Bangkok", billing_time: "anniversary", start, ending_at: "2023-10-05T00:00:00Z", until: "2023-10-05T00:15:00Z" });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      invoices: [{ total_amount_cents: 1000, issuing_date: "2023-10-05" }],
    });
  });

  describe("when billing time is calendar (Europe/Paris, 2023-08-01 -> 2023-10-01)", () => {
    const cstart = "2023-08-01T00:00:00Z";
    const cend = "2023-10-01T00:00:00Z";
    // Lago never ran the biller on 1 Sep in these cases; here 1 Sep is billed, so only the
    // invoices issued on the ending day are compared.
    const onEndDay = (out: any) => out.invoices.filter((i: any) => i.issuing_date === "2023-10-01");

    it("bills correctly previous billing period if it has not been billed yet", () => {
      const out = ended({ tz: "Europe/Paris", billing_time: "calendar", start: cstart, ending_at: cend, until: plus(cend, 15) });
      expect(out.subscriptions[0].status).toBe("terminated");
      expectMatch(onEndDay(out), [{ total_amount_cents: 1000 }]);
    });

    it("pay in advance / does not issue credit note and does not bill previous period", () => {
      const out = ended({ tz: "Europe/Paris", billing_time: "calendar", start: cstart, ending_at: cend, advance: true, until: plus(cend, 15) });
      expectMatch(out, {
        subscriptions: [{ status: "terminated" }],
        invoices__count: 3,
        invoices__last: { total_amount_cents: 0, issuing_date: "2023-10-01" },
        credit_notes__count: 0,
      });
    });

    it("with already triggered subscription job / bills the previous period once", () => {
      const out = ended({ tz: "Europe/Paris", billing_time: "calendar", start: cstart, ending_at: cend, until: plus(cend, 15) });
      expectMatch(onEndDay(out), [{ total_amount_cents: 1000 }]);
    });

    it("with already triggered subscription job and if ending_at is not set / bills only one day on manual termination", () => {
      const out = ended({
        tz: "Europe/Paris", billing_time: "calendar", start: cstart, ending_at: null, until: plus(cend, 20),
        extra: [terminate(plus(cend, 15))],
      });
      expectMatch(onEndDay(out), [{ total_amount_cents: 1000 }, { total_amount_cents: 32 }]);
      expect(out.subscriptions[0].status).toBe("terminated");
    });
  });
});

describe("terminate_ended_before_ending_time_spec.rb", () => {
  it("keeps the subscription active at midnight and terminates it after ending_at", () => {
    const base = { tz: "UTC", billing_time: "anniversary", start: "2023-09-05T00:00:00Z", ending_at: "2023-09-06T15:00:00Z" };
    const atMidnight = ended({ ...base, until: "2023-09-06T00:05:00Z" });
    expectMatch(atMidnight, { subscriptions: [{ status: "active", terminated_at: null }], invoices__count: 0 });
    const after = ended({ ...base, until: "2023-09-06T15:05:00Z" });
    expect(after.subscriptions[0].status).toBe("terminated");
    expect(Date.parse(after.subscriptions[0].terminated_at)).toBeGreaterThanOrEqual(Date.parse(base.ending_at));
  });
});

describe("terminate_ended_billing_order_spec.rb", () => {
  const metrics = [{ code: "usage", name: "Usage", aggregation_type: "sum_agg", field_name: "amount", recurring: false }];
  const plans = [
    plan("p", {
      amount_cents: 10_000,
      charges: [{ billable_metric_code: "usage", charge_model: "standard", pay_in_advance: false, invoiceable: true, properties: { amount: "1" } }],
    }),
  ];
  const sim = (start: string, ending_at: string, billing_time: string, events: [string, number][], until: string) =>
    run({
      metrics,
      plans,
      steps: [
        customer(start),
        subscribe(start, "p", { billing_time, subscription_at: start, ending_at }),
        ...events.map(([at, n]) => event(at, "usage", { amount: String(n) })),
      ],
      until,
    });
  const chargeUnits = (out: any) =>
    out.invoices.flatMap((i: any) => i.fees).filter((f: any) => f.item.type === "charge").reduce((s: number, f: any) => s + Number(f.units), 0);
  const subFees = (out: any) =>
    out.invoices.flatMap((i: any) => i.fees).filter((f: any) => f.item.type === "subscription").reduce((s: number, f: any) => s + f.amount_cents, 0);

  // Lago terminates at the first hourly clock tick after ending_at (17:05), so the event at
  // 16:34 still counts. ratecard terminates at ending_at itself (15:33); the 16:34 event falls
  // after termination. The spec's own assertion on units relies on clock granularity, so we
  // assert the ending-at-instant equivalent (10 + 20) and the two invoices.
  // MISMATCH (spec: "when an anniversary subscription ends mid-day on its billing day"):
  // expected 2 invoices (periodic invoice for 22 Jun..21 Jul at 00:xx, then a termination
  // invoice for the partial 22 Jul period with event B = 20 units) — actual: ONE
  // subscription_terminating invoice for period 1 only (10 units); period 2 and its 20 units are
  // never billed. Diagnosis: periods.md §3 ("the periodic run skips a subscription whose
  // `ending_at` is today") plus §5/§9 "termination within one day after a period end bills the
  // previous full period instead" — the newer Lago ("Path A", this spec) lets the biller run on the
  // ending day and the termination bills only the final partial period (dedup by period).
  // Likely src: src/simulator (clock / billing-run eligibility) and src/period terminated-dates.
  it.fails("when an anniversary subscription ends mid-day on its billing day / bills the completed period periodically and the partial period on termination", () => {
    const out = sim("2025-06-22T15:33:00Z", "2025-07-22T15:33:00Z", "anniversary",
      [["2025-07-05T12:00:00Z", 10], ["2025-07-22T10:00:00Z", 20]], "2025-07-22T17:05:00Z");
    expect(out.subscriptions[0].status).toBe("terminated");
    expect(out.invoices.length).toBe(2);
    expect(chargeUnits(out)).toBe(30);
    expect(subFees(out)).toBeGreaterThan(10_000);
  });

  it("when an anniversary subscription ends exactly at the period boundary / bills the full period once", () => {
    const out = sim("2025-06-22T00:00:00Z", "2025-07-22T00:00:00Z", "anniversary",
      [["2025-07-05T12:00:00Z", 10], ["2025-07-21T12:00:00Z", 20]], "2025-07-22T00:05:00Z");
    expect(out.subscriptions[0].status).toBe("terminated");
    expect(chargeUnits(out)).toBe(30);
    expect(subFees(out)).toBe(10_000);
    expect(out.invoices.length).toBe(1);
  });

  it("when a calendar subscription ends just before midnight of the billing day / bills July exactly once", () => {
    const out = sim("2025-07-01T00:00:00Z", "2025-07-31T23:59:00Z", "calendar", [["2025-07-10T12:00:00Z", 15]], "2025-08-01T00:10:00Z");
    expect(out.subscriptions[0].status).toBe("terminated");
    expect(chargeUnits(out)).toBe(15);
    expect(subFees(out)).toBeLessThan(20_000);
    expect(out.invoices.length).toBe(1);
  });
});

describe("terminate_manually_spec.rb", () => {
  const metrics = [{ code: "item_sum", name: "item_sum", aggregation_type: "sum_agg", field_name: "item_count", recurring: false }];
  const taxes = [{ code: "tax_20", name: "VAT", rate: "20.0", applied_to_organization: true }];
  const plans = (pay_in_advance: boolean) => [
    plan("plan", {
      amount_cents: 100_00,
      pay_in_advance,
      charges: [{ billable_metric_code: "item_sum", charge_model: "standard", properties: { amount: "1" } }],
    }),
  ];
  const SUB = "2025-02-08T00:00:00Z";
  // 5 events * 10 item_count * 1 euro = 50 euro
  const fiveEvents = (at: string) => Array.from({ length: 5 }, () => event(at, "item_sum", { item_count: 10 }));
  const sim = (o: { advance: boolean; termAt?: string; termBody?: any; eventsAt?: string; subExtra?: any; until?: string }) =>
    run({
      metrics,
      taxes,
      plans: plans(o.advance),
      steps: [
        customer(SUB),
        subscribe(SUB, "plan", o.subExtra ?? {}),
        ...fiveEvents(o.eventsAt ?? "2025-02-10T00:00:00Z"),
        terminate(o.termAt ?? "2025-02-21T00:00:00Z", o.termBody ?? {}),
      ],
      until: o.until ?? "2025-02-21T12:00:00Z",
    });
  const chargeFee = { item: { type: "charge", code: "item_sum" }, amount_cents: 50_00, taxes_amount_cents: 10_00 };

  it("pay-in-advance / default behaviors / creates credit note for unconsumed subscription fee and generates invoice", () => {
    const out = sim({ advance: true });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      invoices: [
        { taxes_amount_cents: 15_00, total_amount_cents: 90_00 },
        {
          status: "finalized", sub_total_excluding_taxes_amount_cents: 50_00, taxes_amount_cents: 10_00,
          credit_notes_amount_cents: 30_00, total_amount_cents: 30_00, fees__contains: [chargeFee],
        },
      ],
      credit_notes: [{ total_amount_cents: 30_00, credit_amount_cents: 30_00, refund_amount_cents: 0, balance_amount_cents: 0 }],
    });
  });

  it("pay-in-advance / on_termination_credit_note=skip / skips credit note creation", () => {
    const out = sim({ advance: true, termBody: { on_termination_credit_note: "skip" } });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      credit_notes__count: 0,
      invoices__count: 2,
      invoices__last: { status: "finalized", sub_total_excluding_taxes_amount_cents: 50_00, taxes_amount_cents: 10_00, credit_notes_amount_cents: 0, total_amount_cents: 60_00 },
    });
  });

  it("pay-in-advance / on_termination_invoice=skip / skips invoice creation for charge usage", () => {
    const out = sim({ advance: true, termBody: { on_termination_invoice: "skip" } });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      invoices__count: 1,
      credit_notes: [{ total_amount_cents: 30_00, credit_amount_cents: 30_00, refund_amount_cents: 0 }],
    });
  });

  it("pay-in-advance / terminated on the same day it was created / handles same-day termination", () => {
    const out = sim({ advance: true, eventsAt: "2025-02-08T05:00:00Z", termAt: "2025-02-08T12:00:00Z", until: "2025-02-08T13:00:00Z" });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      // (20 unused days = 20 / 28 * 100 = 71.43 euro) + 20% tax = 85.72
      credit_notes: [{ credit_amount_cents: 85_72, balance_amount_cents: 25_72 }],
      invoices: [
        { total_amount_cents: 90_00 },
        {
          status: "finalized", sub_total_excluding_taxes_amount_cents: 50_00, taxes_amount_cents: 10_00,
          credit_notes_amount_cents: 60_00, total_amount_cents: 0, fees__contains: [chargeFee],
        },
      ],
    });
  });

  it("pay-in-advance / terminating pending subscription / cancels it and ignores credit note parameter", () => {
    const out = run({
      metrics, taxes, plans: plans(true),
      steps: [
        customer(SUB),
        subscribe(SUB, "plan", { subscription_at: "2025-02-13T00:00:00Z" }),
        terminate("2025-02-10T00:00:00Z", { status: "pending" }),
      ],
      until: "2025-02-20T00:00:00Z",
    });
    expect(out.responses[2].error).toBeUndefined();
    expectMatch(out, { subscriptions: [{ status: "canceled" }], invoices__count: 0 });
    expect(out.subscriptions[0].canceled_at).toBeTruthy();
  });

  it("pay-in-arrears / on_termination_invoice=skip / skips invoice creation", () => {
    const out = sim({ advance: false, termBody: { on_termination_invoice: "skip" } });
    expectMatch(out, {
      subscriptions: [{ status: "terminated" }],
      invoices__count: 0,
    });
  });
});

// Was a MISMATCH, now fixed (the test asserts the spec's figures); the diagnosis as it was: (terminate_manually_spec.rb, every case: `expect_subscription_to_be_terminated` checks
// subscription.on_termination_credit_note / on_termination_invoice): expected "credit"/"generate"
// (or the values passed, and null credit-note option for arrears/pending subscriptions) — actual:
// the fields are absent from the subscription object (fetch_subscription / result.subscriptions).
// Diagnosis: interface-spec.md "Subscription" lists on_termination_credit_note and
// on_termination_invoice (also ending_at, trial_ended_at...); the serializer does not emit them.
// Likely src: the subscription serializer in src/simulator (or src/json).
describe("terminate_manually_spec.rb: termination options on the subscription", () => {
  it("records on_termination_credit_note / on_termination_invoice", () => {
    const out = run({
      plans: [plan("p", { amount_cents: 100_00, pay_in_advance: true })],
      steps: [customer("2025-02-08T00:00:00Z"), subscribe("2025-02-08T00:00:00Z", "p"), terminate("2025-02-21T00:00:00Z", { on_termination_credit_note: "skip" })],
      until: "2025-02-22T00:00:00Z",
    });
    expectMatch(out.subscriptions, [{ status: "terminated", on_termination_credit_note: "skip", on_termination_invoice: "generate" }]);
  });
});
