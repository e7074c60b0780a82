/**
 * Ported from getlago/lago-api spec/scenarios/fees/contract_unique_percentage_duplicate_spec.rb and
 * spec/scenarios/fees/contract_usage_billing_regressions_spec.rb (the cases expressible with
 * simulate operations; figures only).
 *
 * Both specs drive Lago's "product catalog" (contracts, rate cards, rates). Replayed here with the
 * nearest plan objects: the contract → a subscription (anniversary, started at the contract's
 * `started_at`, customer in UTC, USD) on a plan with no subscription fee; the rate card → a charge
 * on the metric (`billing_timing: advance` → pay in advance; `display_on_invoice: false` → not
 * invoiceable; `proration` → prorated; `regroup_paid_fees`; `pricing_group_keys`); a second contract
 * rate card on the same metric → a second charge; a product filter → a charge filter (the default
 * bucket, which a plan charge always has, priced 0). Events are sent at their `received_at` with
 * their timestamp. Fees the spec creates in the database are created by events and marked paid
 * with `update_fee`.
 *
 * Not ported (no simulate operation; internal services called directly):
 * - regressions "with nonrecurring unique package pricing K4 / with ClickHouse-backed event
 *   aggregation" (an event-store back end; the same figures as the K4 case above it);
 * - "BIL-756 … when an effective-date change replaces the contract rate card / with a balance for
 *   another contract" (a CachedAggregation row of another contract, given to Fees::ChargeService);
 * - "BIL-756 … when billing runs naturally on a three-day cadence" (a 3-day billing interval: plans
 *   have none);
 * - "BIL-768 TM4 … honors a future manual billing cutoff" (Contracts::BillService called with a
 *   timestamp the clock has not reached).
 * Adapted: "when checking usage after a decrease" reads the current usage through
 * `fetch_current_usage` (units = the current, non-max units, charges.md §16.3); "when an
 * effective-date change replaces the contract rate card" is an `update_plan` at the boundary;
 * "when several periods are billed together" lets the clock bill each period in turn.
 */
import { describe, expect, it } from "vitest";
import { expectMatch, plan, run, summary, type Step } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const hours = (start: string, h: number) => new Date(Date.parse(start) + h * 3_600_000).toISOString().replace(".000Z", "Z");

function sim(o: { start: string; metric: Json; charges: Json[]; steps: Step[]; until: string }): Json {
  return run({
    org: { default_currency: "USD" },
    metrics: [{ code: "bm", name: "bm", ...o.metric }],
    plans: [plan("p", { amount_currency: "USD", charges: o.charges.map((c) => ({ billable_metric_code: "bm", invoiceable: true, prorated: false, ...c })) })],
    steps: [
      { at: o.start, op: "create_customer", body: { external_id: "cust_1", name: "cust_1", currency: "USD", timezone: "UTC" } },
      { at: o.start, op: "create_subscription", body: { external_customer_id: "cust_1", external_id: "sub_1", plan_code: "p", billing_time: "anniversary" } },
      ...o.steps,
    ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
    until: o.until,
  });
}
let n = 0;
const ev = (at: string, properties: Json, timestamp?: string, transaction_id = `c3_${++n}`): Step => ({
  at, op: "create_event",
  body: { transaction_id, code: "bm", external_subscription_id: "sub_1", properties, ...(timestamp ? { timestamp } : {}) },
});
const chargeFees = (out: Json): Json[] => out.fees.filter((f: Json) => f.item.type === "charge");
const amounts = (out: Json) => chargeFees(out).map((f: Json) => f.amount_cents);

// ---------------------------------------------------------------------------------------------
describe("contract_unique_percentage_duplicate_spec.rb: Contract usage billing with duplicate percentage events", () => {
  // Recurring unique_count on user_id; advance rate card, percentage 2.5 % + 0.30 per event,
  // anniversary contract from 2026-10-07. Events A, A, B at 09:06:17/18/19, each sent a minute later.
  it("does not charge a second fixed fee for a duplicate user event", () => {
    const start = "2026-10-07T00:00:00Z";
    const inputs: [string, string, string][] = [
      ["unique-percentage-a1", "A", "2026-10-07T09:06:17Z"],
      ["unique-percentage-a2", "A", "2026-10-07T09:06:18Z"],
      ["unique-percentage-b", "B", "2026-10-07T09:06:19Z"],
    ];
    const out = sim({
      start,
      metric: { aggregation_type: "unique_count_agg", field_name: "user_id", recurring: true },
      charges: [{ charge_model: "percentage", pay_in_advance: true, properties: { rate: "2.5", fixed_amount: "0.30" } }],
      steps: inputs.map(([id, user, at]) => ev(new Date(Date.parse(at) + 60_000).toISOString().replace(".000Z", "Z"), { user_id: user, operation_type: "add" }, at, id)),
      until: "2026-10-07T12:00:00Z",
    });
    const fees = chargeFees(out);
    expect(fees.length === 2 || fees.length === 3, summary(out)).toBe(true);
    const [first, duplicate, distinct] = fees.length === 3 ? fees : [fees[0], null, fees[1]];
    expectMatch(first, { units: "1", amount_cents: 33 });
    expectMatch(distinct, { units: "1", amount_cents: 33 });
    if (duplicate) expectMatch(duplicate, { units: "0", amount_cents: 0 });

    const invoices = out.invoices.filter((i: Json) => fees.some((f: Json) => f.svc_invoice_id === i.svc_id));
    for (const i of invoices) expect(i.status).toBe("finalized");
    expect(invoices.filter((i: Json) => i.total_amount_cents > 0).map((i: Json) => i.total_amount_cents)).toEqual([33, 33]);
    expect(invoices.reduce((a: number, i: Json) => a + i.total_amount_cents, 0)).toBe(66);
  });
});

// ---------------------------------------------------------------------------------------------
describe("contract_usage_billing_regressions_spec.rb: Contract usage billing QA regressions", () => {
  describe("BIL-765 and BIL-764 advance event invoices", () => {
    // Anniversary contract from 2026-10-06; recurring sum on "units"; advance standard 1.00.
    // Event i at started_at + (i + 1) h unless given.
    const START = "2026-10-06T00:00:00Z";
    const sumMetric = { aggregation_type: "sum_agg", field_name: "units", recurring: true };
    const adv = (charge_model: string, properties: Json, extra: Json = {}) => ({ charge_model, pay_in_advance: true, properties, ...extra });
    const events = (values: (number | [number, Json])[], at?: (i: number) => string) =>
      values.map((v, i) => {
        const [value, props] = Array.isArray(v) ? v : [v, {}];
        const t = at ? at(i) : hours(START, i + 1);
        return ev(t, { units: String(value), ...props }, t);
      });
    const simE = (charges: Json[], values: (number | [number, Json])[], o: { metric?: Json; at?: (i: number) => string; steps?: Step[]; until?: string } = {}) =>
      sim({ start: START, metric: o.metric ?? sumMetric, charges, steps: [...events(values, o.at), ...(o.steps ?? [])], until: o.until ?? hours(START, 12) });

    it("when the rebound stays below the billed maximum / charges nothing until usage exceeds ten", () => {
      expect(amounts(simE([adv("standard", { amount: "1" })], [3, 7, -3, 2, 2]))).toEqual([300, 700, 0, 0, 100]);
    });

    it("when checking usage after a decrease / reports current usage separately from the billed maximum", () => {
      const out = simE([adv("standard", { amount: "1" })], [3, 7, -3], {
        steps: [{ at: hours(START, 4), op: "fetch_current_usage", body: { external_customer_id: "cust_1", external_subscription_id: "sub_1" } }],
      });
      const usage = out.responses.at(-1).customer_usage;
      expect(usage, JSON.stringify(out.responses.at(-1))).toBeTruthy();
      expect(Number(usage.charges_usage[0].units)).toBe(7);
    });

    it("when usage is grouped / keeps the current usage and maximum separate for each group", () => {
      const out = simE([adv("standard", { amount: "1", pricing_group_keys: ["region"] })],
        [[3, { region: "eu" }], [7, { region: "eu" }], [-3, { region: "eu" }], [4, { region: "us" }], [4, { region: "eu" }]]);
      expect(amounts(out)).toEqual([300, 700, 0, 400, 100]);
    });

    it("when another contract card prices the same metric / bills each attachment independently", () => {
      const c = adv("standard", { amount: "1" });
      const out = simE([c, { ...c }], [3, 7, -3, 4]);
      const byCharge = new Map<string, number[]>();
      for (const f of chargeFees(out)) byCharge.set(f.svc_charge_id, [...(byCharge.get(f.svc_charge_id) ?? []), f.amount_cents]);
      expect([...byCharge.values()]).toEqual([[300, 700, 0, 100], [300, 700, 0, 100]]);
    });

    it("with a product filter / keeps unmatched events out of both pricing and persisted state", () => {
      // (the CachedAggregation rows [3, 10, 7, 11] are not observable)
      const out = simE(
        [adv("standard", { amount: "0" }, { filters: [{ values: { region: ["eu"] }, properties: { amount: "1" } }] })],
        [[3, { region: "eu" }], [100, { region: "us" }], [7, { region: "eu" }], [-3, { region: "eu" }], [4, { region: "eu" }]],
        { metric: { ...sumMetric, filters: [{ key: "region", values: ["eu", "us"] }] } },
      );
      const eu = chargeFees(out).filter((f) => f.item.filters?.region);
      expect(eu.map((f) => f.amount_cents), summary(out)).toEqual([300, 700, 0, 100]);
      for (const f of chargeFees(out).filter((f) => !f.item.filters?.region)) expect(f.amount_cents).toBe(0);
    });

    it("O10 bills only the newly reached unit", () => {
      const out = simE([adv("standard", { amount: "1" })], [3, 7, -3, 4]);
      expect(amounts(out)).toEqual([300, 700, 0, 100]);
      const statuses = chargeFees(out).map((f) => out.invoices.find((i: Json) => i.svc_id === f.svc_invoice_id)?.status);
      expect(statuses).toEqual(["finalized", "finalized", "finalized", "finalized"]);
    });

    it("with graduated pricing G10 / bills only unit eleven", () => {
      const out = simE([adv("graduated", { graduated_ranges: [
        { from_value: 0, to_value: 10, per_unit_amount: "1", flat_amount: "0" },
        { from_value: 11, to_value: null, per_unit_amount: "0.5", flat_amount: "0" },
      ] })], [3, 7, -3, 4]);
      expect(amounts(out)).toEqual([300, 700, 0, 50]);
    });

    // The third fee (the -300 event, which does not raise the high-water mark) still carries
    // percentage amount_details, every difference 0 (charges.md §15).
    it("with percentage pricing M10 / bills only the newly reached hundred units plus the event fee", () => {
      const out = simE([adv("percentage", { rate: "2.5", fixed_amount: "0.30" })], [300, 700, -300, 400]);
      expect(amounts(out)).toEqual([780, 1780, 0, 280]);
      const d = chargeFees(out)[2].amount_details;
      expect(Number(d.fixed_fee_total_amount), JSON.stringify(d)).toBe(0);
      expect(Number(d.paid_events), JSON.stringify(d)).toBe(0);
    });

    it("with graduated percentage pricing I10 / bills only the new tier exposure and flat fee", () => {
      const out = simE([adv("graduated_percentage", { graduated_percentage_ranges: [
        { from_value: 0, to_value: 1000, rate: "2", flat_amount: "0" },
        { from_value: 1001, to_value: null, rate: "1", flat_amount: "5" },
      ] })], [300, 700, -300, 400]);
      expect(amounts(out)).toEqual([600, 1400, 0, 600]);
    });

    it("with prorated standard pricing O11 / prorates the one newly reached unit", () => {
      const days = [0, 1, 10, 14];
      const out = simE([adv("standard", { amount: "10" }, { prorated: true })], [3, 7, -3, 4], {
        at: (i) => hours(START, (days[i] ?? 0) * 24 + 1),
        until: "2026-10-21T00:00:00Z",
      });
      expect(amounts(out)).toEqual([3000, 6774, 0, 548]);
    });

    it("with nonrecurring unique package pricing K4 / bills one package for A, A, B", () => {
      const out = sim({
        start: START,
        metric: { aggregation_type: "unique_count_agg", field_name: "user_id", recurring: false },
        charges: [adv("package", { amount: "5", package_size: 2, free_units: 0 })],
        steps: ["A", "A", "B"].map((u, i) => ev(hours(START, i + 1), { user_id: u }, hours(START, i + 1))),
        until: hours(START, 12),
      });
      expect(amounts(out), summary(out)).toEqual([500, 0, 0]);
    });
  });

  describe("BIL-756 BM9 recurring weighted SUM", () => {
    // Anniversary contract from 2026-10-02; arrears standard 1.00 on a recurring weighted sum of
    // "gb" (seconds); one event gb 10 at started_at. Boundary 2026-11-02.
    const START = "2026-10-02T00:00:00Z";
    const metric = { aggregation_type: "weighted_sum_agg", field_name: "gb", recurring: true, weighted_interval: "seconds" };
    const arrears = (properties: Json = { amount: "1" }) => ({ charge_model: "standard", pay_in_advance: false, properties });
    const simW = (until: string, o: { props?: Json; charge?: Json; steps?: Step[] } = {}) =>
      sim({ start: START, metric, charges: [o.charge ?? arrears()], steps: [ev(START, { gb: "10", ...(o.props ?? {}) }, START), ...(o.steps ?? [])], until });
    const periodFees = (out: Json) => out.invoices.map((i: Json) => i.fees.filter((f: Json) => f.item.type === "charge"));

    it("bills ten weighted units without a subscription context", () => {
      const out = simW("2026-11-02T01:00:00Z");
      const fees = periodFees(out);
      expect(fees.length, summary(out)).toBe(1);
      expectMatch(fees[0], [{ units: "10", amount_cents: 1000 }]);
    });

    it("carries ten units into an eventless second period", () => {
      const fees = periodFees(simW("2026-12-02T01:00:00Z"));
      expect(fees.length).toBe(2);
      expectMatch(fees[1], [{ units: "10", amount_cents: 1000 }]);
    });

    // Adapted: the replacement rate card (2.00 from the boundary) is an update_plan at the boundary.
    it("when an effective-date change replaces the contract rate card / carries the cached units into the replacement price without replaying events", () => {
      const out = simW("2026-12-02T01:00:00Z", {
        steps: [{ at: "2026-11-02T00:00:00Z", op: "update_plan", body: { code: "p", charges: [{ billable_metric_code: "bm", invoiceable: true, prorated: false, ...arrears({ amount: "2" }) }] } }],
      });
      const fees = periodFees(out);
      expect(fees.length, summary(out)).toBe(2);
      expectMatch(fees[1], [{ units: "10", amount_cents: 2000 }]);
    });

    it("when several periods are billed together / carries the opening balance through each eventless period", () => {
      const fees = periodFees(simW("2027-01-02T01:00:00Z"));
      expect(fees.map((fs: Json[]) => fs.map((f) => [Number(f.units), f.amount_cents]))).toEqual([[[10, 1000]], [[10, 1000]], [[10, 1000]]]);
    });

    it("when several periods are billed together / with grouped usage / uses only the latest closing balance for each group", () => {
      const fees = periodFees(simW("2027-01-02T01:00:00Z", { props: { region: "eu" }, charge: arrears({ amount: "1", pricing_group_keys: ["region"] }) }));
      expect(fees.map((fs: Json[]) => fs.map((f) => [Number(f.units), f.amount_cents, f.grouped_by]))).toEqual([[[10, 1000, { region: "eu" }]], [[10, 1000, { region: "eu" }]], [[10, 1000, { region: "eu" }]]]);
    });
  });

  describe("BIL-768 TM4 paid fee reconciliation", () => {
    // Anniversary contract from 2026-10-06; nonrecurring sum; advance standard 1.00, not displayed
    // on invoices, regroup_paid_fees: invoice. Five fees 300, 700, 100, 100, 100 (events of 3, 7,
    // 1, 1, 1); the first three succeeded at started_at + 1 h... (here: right after their event).
    const START = "2026-10-06T00:00:00Z";
    const pay = (at: string, amount_cents: number): Step => ({
      at, op: "update_fee",
      body: { fee_id: { $ref: { fee: { payment_status: "pending", amount_cents }, field: "svc_id" } }, payment_status: "succeeded" },
    });
    const simR = () => sim({
      start: START,
      metric: { aggregation_type: "sum_agg", field_name: "units", recurring: false },
      charges: [{ charge_model: "standard", pay_in_advance: true, invoiceable: false, regroup_paid_fees: "invoice", properties: { amount: "1" } }],
      steps: [
        ev(hours(START, 1), { units: "3" }), pay(hours(START, 1), 300),
        ev(hours(START, 2), { units: "7" }), pay(hours(START, 2), 700),
        ev(hours(START, 3), { units: "1" }), pay(hours(START, 3), 100),
        ev(hours(START, 4), { units: "1" }), ev(hours(START, 5), { units: "1" }),
      ],
      until: "2026-11-06T01:00:00Z",
    });
    const check = (out: Json) => {
      expect(out.responses.filter((r: Json) => r?.error), summary(out)).toEqual([]);
      const adv = out.invoices.filter((i: Json) => i.invoice_type === "advance_charges");
      expect(adv.length, summary(out)).toBe(1);
      expectMatch(adv[0], { total_amount_cents: 1100, payment_status: "succeeded", status: "finalized" });
      expect(adv[0].fees.map((f: Json) => f.amount_cents).sort()).toEqual([100, 300, 700]);
      const paid = chargeFees(out).filter((f) => f.payment_status === "succeeded").map((f) => f.svc_id);
      expect(adv[0].fees.map((f: Json) => f.svc_id).sort()).toEqual(paid.sort());
    };

    it("when the wall clock reaches the boundary / regroups only the three paid fees and is idempotent", () => {
      check(simR());
    });

    it("when the wall clock reaches the boundary / when the scheduled jobs perform billing / regroups only paid fees", () => {
      check(simR());
    });
  });
});
