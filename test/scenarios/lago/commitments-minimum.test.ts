/**
 * Ports of getlago/lago-api spec/scenarios/commitments/minimum/** cases that have no
 * visible conformance vector (figures only). Billing runs by itself in `simulate`, so a
 * spec's `perform_billing` at a boundary is simply the clock passing it.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Out = { invoices: Array<{ total_amount_cents: number; fees: Array<{ item?: { type?: string }; amount_cents: number }> }> };
const run = (input: unknown) => simulate(input as never) as unknown as Out;
const commitmentFees = (inv: Out["invoices"][number]) =>
  inv.fees.filter((f) => f.item?.type === "commitment").map((f) => f.amount_cents);

const org = { timezone: "UTC", invoice_grace_period: 0, default_currency: "EUR", tax_codes: [], document_locale: "en" };
const customer = (at: string) => ({ at, op: "create_customer", body: { external_id: "c1", name: "c1", currency: "EUR", timezone: "UTC" } });
const subscribe = (at: string, billing_time: string) => ({
  at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", billing_time },
});
const event = (at: string, code: string, total: string, n: number) => ({
  at, op: "create_event", body: { transaction_id: `tx_${n}`, code, external_subscription_id: "s1", properties: { total } },
});

/**
 * The per-folder specs (in_advance/calendar, in_advance/anniversary, in_arrears folders):
 * plan 100.00, commitment 10 000.00, three standard 1.00 charges: in arrears, in advance,
 * in advance on a recurring metric.
 */
function chargedPlan(o: {
  interval: string; billing: string; start: string; until: string; advance?: boolean; bcm?: boolean;
  codes?: [string, string, string]; events: unknown[]; coupon?: boolean;
}) {
  const [arrears, advance, recurring] = o.codes ?? ["metered", "metered_advance", "advance_recurring"];
  const charge = (code: string, pay_in_advance: boolean) => ({
    billable_metric_code: code, charge_model: "standard", pay_in_advance, invoiceable: true, prorated: false, properties: { amount: "1" },
  });
  const steps: unknown[] = [customer(o.start), subscribe(o.start, o.billing), ...o.events];
  if (o.coupon) {
    // The spec applies the coupon after the subscription's first billing.
    const at = new Date(Date.parse(o.start) + 60 * 60_000).toISOString();
    steps.push({ at, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "cpn", amount_cents: 1_000_000 } });
  }
  return {
    organization: org,
    billable_metrics: [arrears, advance, recurring].map((code, i) => ({
      code, name: code, aggregation_type: "sum_agg", field_name: "total", recurring: i === 2,
    })),
    plans: [{
      code: "p", name: "p", interval: o.interval, amount_cents: 10_000, amount_currency: "EUR", pay_in_advance: o.advance ?? true,
      trial_period: 0, bill_charges_monthly: o.bcm ?? null,
      charges: [charge(arrears, false), charge(advance, true), charge(recurring, true)],
      minimum_commitment: { amount_cents: 1_000_000, invoice_display_name: "Minimum commitment" },
    }],
    add_ons: [],
    coupons: o.coupon ? [{
      code: "cpn", name: "cpn", coupon_type: "fixed_amount", amount_cents: 1_000_000, amount_currency: "EUR",
      frequency: "forever", expiration: "no_expiration", reusable: true, applies_to: { plan_codes: ["p"] },
    }] : [],
    taxes: [],
    steps: (steps as Array<{ at: string }>).sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
    until: o.until,
  };
}
const threeEvents = (at: string, recurring: string, arrears: string, advance: string) => [
  event(at, "advance_recurring", recurring, 1), event(at, "metered", arrears, 2), event(at, "metered_advance", advance, 3),
];

/** Periodic invoices only (pay-in-advance charge invoices hold a single charge fee). */
const periodic = (out: Out) => out.invoices.filter((i) => i.fees.some((f) => f.item?.type === "subscription"));

describe("commitments/minimum/in_advance/calendar", () => {
  for (const coupon of [false, true]) {
    const tag = coupon ? "with coupon" : "without coupon";

    // monthly_spec.rb: subscription 2024-02-28 10:00, events 15 / 25 / 30.
    it(`monthly ${tag}: none on first invoice, 61 276 on 2024-03-01, 988 500 on 2024-04-01`, () => {
      const start = "2024-02-28T10:00:00Z";
      const out = run(chargedPlan({ interval: "monthly", billing: "calendar", start, until: "2024-04-01T01:00:00Z", events: threeEvents(start, "15", "25", "30"), coupon }));
      const inv = periodic(out);
      expect(commitmentFees(inv[0]!)).toEqual([]);
      expect(commitmentFees(inv[1]!)).toEqual([61_276]);
      expect(commitmentFees(inv[2]!)).toEqual([988_500]);
    });

    // quarterly_spec.rb: subscription 2024-03-12 10:00.
    it(`quarterly ${tag}: none on first invoice, 210 582 on 2024-04-01, 988 500 on 2024-07-01`, () => {
      const start = "2024-03-12T10:00:00Z";
      const out = run(chargedPlan({ interval: "quarterly", billing: "calendar", start, until: "2024-07-01T01:00:00Z", events: threeEvents(start, "15", "25", "30"), coupon }));
      const inv = periodic(out);
      expect(commitmentFees(inv[0]!)).toEqual([]);
      expect(commitmentFees(inv[1]!)).toEqual([210_582]);
      expect(commitmentFees(inv[2]!)).toEqual([988_500]);
    });

    // weekly_spec.rb: subscription 2024-03-12 10:00 (a Tuesday).
    it(`weekly ${tag}: none on first invoice, 841 572 on 2024-03-18, 988 500 on 2024-03-25`, () => {
      const start = "2024-03-12T10:00:00Z";
      const out = run(chargedPlan({ interval: "weekly", billing: "calendar", start, until: "2024-03-25T01:00:00Z", events: threeEvents(start, "15", "25", "30"), coupon }));
      const inv = periodic(out);
      expect(commitmentFees(inv[0]!)).toEqual([]);
      expect(commitmentFees(inv[1]!)).toEqual([841_572]);
      expect(commitmentFees(inv[2]!)).toEqual([988_500]);
    });
  }

  // yearly_spec.rb "when billed monthly": subscription 2024-03-05 10:00, charges billed monthly.
  // The spec asserts 808 186 at 2025-01-01, but it never runs the 2024-04-01 billing (it travels to
  // 2025-03-01 and then back to 2025-01-01), so the 1.00 in-arrears March usage is never billed and
  // never counted. With billing at every boundary the same rules give 825 137 − 8 251 (subscription)
  // − 3 200 − 5 500 (in advance) − 100 (March usage, billed 2024-04-01) = 808 086 — the figure the
  // in_arrears/calendar/yearly spec asserts for the same timeline. Derived figure, not the spec's.
  it("yearly, charges monthly: none on first invoice; one fee of 808 086 (derived) on 2025-01-01", () => {
    const start = "2024-03-05T10:00:00Z";
    const h = "2024-03-05T11:00:00Z";
    const out = run(chargedPlan({
      interval: "yearly", billing: "calendar", bcm: true, start, until: "2025-01-01T01:00:00Z",
      codes: ["metered", "advance_metered", "recurring_advance"],
      events: [
        event(h, "advance_metered", "2", 1), event(h, "metered", "1", 2), event(h, "advance_metered", "30", 3),
        event("2024-08-05T10:00:00Z", "advance_metered", "55", 4),
      ],
    }));
    expect(commitmentFees(out.invoices[0]!)).toEqual([]);
    expect(commitmentFees(out.invoices.at(-1)!)).toEqual([808_086]);
  });
});

describe("commitments/minimum/in_advance/anniversary", () => {
  for (const coupon of [false, true]) {
    const tag = coupon ? "with coupon" : "without coupon";

    // monthly_spec.rb: subscription 2024-02-28 10:00.
    it(`monthly ${tag}: none on first invoice, 983 000 on 2024-03-28, 988 500 on 2024-04-28`, () => {
      const start = "2024-02-28T10:00:00Z";
      const out = run(chargedPlan({ interval: "monthly", billing: "anniversary", start, until: "2024-04-28T11:00:00Z", events: threeEvents(start, "15", "25", "30"), coupon }));
      const inv = periodic(out);
      expect(commitmentFees(inv[0]!)).toEqual([]);
      expect(commitmentFees(inv[1]!)).toEqual([983_000]);
      expect(commitmentFees(inv[2]!)).toEqual([988_500]);
    });

    // weekly_spec.rb: subscription 2024-03-12 10:00.
    it(`weekly ${tag}: none on first invoice, 983 000 on 2024-03-19, 988 500 on 2024-03-26`, () => {
      const start = "2024-03-12T10:00:00Z";
      const out = run(chargedPlan({ interval: "weekly", billing: "anniversary", start, until: "2024-03-26T11:00:00Z", events: threeEvents(start, "15", "25", "30"), coupon }));
      const inv = periodic(out);
      expect(commitmentFees(inv[0]!)).toEqual([]);
      expect(commitmentFees(inv[1]!)).toEqual([983_000]);
      expect(commitmentFees(inv[2]!)).toEqual([988_500]);
    });
  }

  // not_invoiceable_spec.rb: monthly 10.00 in advance, prorated pay-in-advance non-invoiceable
  // charge (5.00 per seat, recurring sum); one invoice per month for a year, 13 in all.
  // (Its other assertion, "each renewal invoice total is not 10.00", is not ported: see report.)
  it("not invoiceable: one invoice per renewal, 13 over a year", () => {
    const start = "2024-06-05T00:00:00Z";
    const seat = (at: string, seats: number, n: number) => ({
      at, op: "create_event", body: { transaction_id: `t${n}`, code: "seat", external_subscription_id: "s1", properties: { seats } },
    });
    const out = run({
      organization: org,
      billable_metrics: [{ code: "seat", name: "seat", aggregation_type: "sum_agg", field_name: "seats", recurring: true }],
      plans: [{
        code: "p", name: "p", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: true, trial_period: 0,
        charges: [{ billable_metric_code: "seat", charge_model: "standard", pay_in_advance: true, invoiceable: false, prorated: true, properties: { amount: "5" } }],
      }],
      add_ons: [], coupons: [], taxes: [],
      steps: [
        customer(start), subscribe(start, "anniversary"),
        seat("2024-06-25T00:00:00Z", 10, 1), seat("2024-06-29T00:00:00Z", -5, 2), seat("2024-07-10T00:00:00Z", 32, 3),
      ],
      until: "2025-06-05T01:00:00Z",
    });
    expect(out.invoices).toHaveLength(13);
  });
});

describe("commitments/minimum/in_arrears", () => {
  for (const coupon of [false, true]) {
    const tag = coupon ? "with coupon" : "without coupon";

    // anniversary/quarterly_spec.rb: subscription 2024-03-12 10:00, events 10 / 10 / 10.
    it(`anniversary quarterly ${tag}: 987 000 on 2024-06-12, 989 000 on 2024-09-12`, () => {
      const start = "2024-03-12T10:00:00Z";
      const out = run(chargedPlan({ interval: "quarterly", billing: "anniversary", advance: false, start, until: "2024-09-12T11:00:00Z", events: threeEvents(start, "10", "10", "10"), coupon }));
      const inv = periodic(out);
      expect(commitmentFees(inv[0]!)).toEqual([987_000]);
      expect(commitmentFees(inv[1]!)).toEqual([989_000]);
    });
  }

  // calendar/yearly_spec.rb "when billed monthly": subscription 2024-03-05 10:00.
  it("calendar yearly, charges monthly: none on first invoice; one fee of 808 086 on 2025-01-01", () => {
    const start = "2024-03-05T10:00:00Z";
    const h = "2024-03-05T11:00:00Z";
    const out = run(chargedPlan({
      interval: "yearly", billing: "calendar", advance: false, bcm: true, start, until: "2025-01-01T01:00:00Z",
      codes: ["metered", "advance_metered", "recurring_advance"],
      events: [
        event(h, "advance_metered", "2", 1), event(h, "metered", "1", 2), event(h, "advance_metered", "30", 3),
        event("2024-08-05T10:00:00Z", "advance_metered", "55", 4),
        // (the spec's 2025-02-05 usage lies after the asserted invoice and outside its period)
      ],
    }));
    const monthly = out.invoices.filter((i) => i.fees.some((f) => f.item?.type === "charge" && f.amount_cents === 100));
    expect(commitmentFees(monthly[0]!)).toEqual([]); // 2024-04-01: March usage, no commitment
    expect(commitmentFees(out.invoices.at(-1)!)).toEqual([808_086]);
  });
});

/**
 * in_advance_spec.rb / in_arrears_spec.rb / minimum_spec.rb: plan 1 000.00, no charges,
 * commitment none / 0.01 / 10 000.00.
 */
function plainPlan(interval: string, billing: string, start: string, until: string, advance: boolean, commitment: number | null, bcm = false) {
  return {
    organization: org, billable_metrics: [], add_ons: [], coupons: [], taxes: [],
    plans: [{
      code: "p", name: "p", interval, amount_cents: 100_000, amount_currency: "EUR", pay_in_advance: advance, trial_period: 0,
      bill_charges_monthly: bcm, charges: [], ...(commitment ? { minimum_commitment: { amount_cents: commitment } } : {}),
    }],
    steps: [customer(start), subscribe(start, billing)],
    until,
  };
}

// [interval, billing, start, billing instant of the second (in advance) / first (in arrears) invoice, fee, bcm]
const table: Array<[string, string, string, string, number, boolean]> = [
  ["weekly", "calendar", "2023-02-01", "2023-02-06", 642_857, false],
  ["weekly", "anniversary", "2023-02-01", "2023-02-08", 900_000, false],
  ["monthly", "calendar", "2023-02-04", "2023-03-01", 803_571, false],
  ["monthly", "anniversary", "2023-02-04", "2023-03-04", 900_000, false],
  ["quarterly", "calendar", "2023-02-04", "2023-04-01", 560_000, false],
  ["quarterly", "anniversary", "2023-02-04", "2023-05-04", 900_000, false],
  ["yearly", "calendar", "2022-02-01", "2023-01-01", 823_561, false],
  ["yearly", "anniversary", "2022-02-04", "2023-02-04", 900_000, false],
];

describe("commitments/minimum/in_advance_spec.rb", () => {
  const rows = [...table, ["yearly", "calendar", "2022-02-01", "2023-01-01", 823_561, true], ["yearly", "anniversary", "2022-02-04", "2023-02-04", 900_000, true]] as typeof table;
  for (const [interval, billing, start, next, fee, bcm] of rows) {
    const name = `${interval} ${billing}${bcm ? " charged monthly" : ""}`;
    it(`${name}: no fee on the first invoice; on the next period's invoice none / none / ${fee}`, () => {
      const at = `${start}T00:00:00Z`;
      const until = `${next}T10:00:00Z`;
      for (const [commitment, expected] of [[null, []], [1, []], [1_000_000, [fee]]] as const) {
        const out = run(plainPlan(interval, billing, at, until, true, commitment, bcm));
        expect(commitmentFees(out.invoices[0]!), `first, ${commitment}`).toEqual([]);
        expect(commitmentFees(out.invoices.at(-1)!), `previous period, ${commitment}`).toEqual(expected);
      }
    });
  }

  // "with weekly plan / with calendar billing / ... / when subscription is terminated" is covered by a
  // visible vector (weekly-calendar-terminated).
});

describe("commitments/minimum/in_arrears_spec.rb and minimum_spec.rb", () => {
  for (const [interval, billing, start, first, fee] of table) {
    it(`${interval} ${billing}: first invoice has none / none / one fee of ${fee}`, () => {
      const at = `${start}T00:00:00Z`;
      const until = `${first}T02:00:00Z`;
      for (const [commitment, expected] of [[null, []], [1, []], [1_000_000, [fee]]] as const) {
        const out = run(plainPlan(interval, billing, at, until, false, commitment));
        expect(commitmentFees(out.invoices[0]!), `${commitment}`).toEqual(expected);
      }
    });
  }
});
