/**
 * Ported from getlago/lago-api spec/scenarios/pay_in_advance_charges_spec.rb (cases without a visible
 * vector; stored version). Plan 10.00 monthly in arrears, calendar, subscription 2023-01-24; one
 * pay-in-advance charge; events in February. Each case checks the fee each event creates, in order.
 * The stored version still uses the retired "groups"; its group cases are ported with charge
 * filters (the case whose event matched no group, which created no fee, has no filter equivalent —
 * it would fall in the default bucket — and is not ported).
 */
import { describe, expect, it } from "vitest";
import { customer, event, expectMatch, plan, run, subscribe } from "./subs-helpers.js";

type Ev = [string, any];
function sim(metric: any, charge: any, events: Ev[], extra: { org?: any; steps?: any[]; until?: string } = {}) {
  const steps = [customer("2023-01-24T00:00:00Z"), subscribe("2023-01-24T00:00:00Z", "plan"), ...events.map(([at, props]) => event(at, "bm", props)), ...(extra.steps ?? [])];
  return run({
    org: extra.org,
    metrics: [{ code: "bm", name: "bm", recurring: false, ...metric }],
    plans: [plan("plan", { amount_cents: 1000, charges: [{ billable_metric_code: "bm", pay_in_advance: true, prorated: false, ...charge }] })],
    steps,
    until: extra.until ?? "2023-02-25T00:00:00Z",
  });
}
const chargeFees = (out: any) => out.fees.filter((f: any) => f.item.type === "charge" && f.pay_in_advance);
const figures = (out: any) => chargeFees(out).map((f: any) => [Number(f.units), f.events_count, f.amount_cents]);
const sum = { aggregation_type: "sum_agg", field_name: "amount" };
const sumFiltered = { ...sum, filters: [{ key: "region", values: ["europe", "africa"] }, { key: "country", values: ["france", "italy"] }] };

describe("pay_in_advance_charges_spec.rb", () => {
  const uc = { aggregation_type: "unique_count_agg", field_name: "unique_id" };
  const ucCharge = { charge_model: "standard", invoiceable: false, properties: { amount: "12" } };
  const ucEvents: Ev[] = [
    ["2023-02-15T00:00:00Z", { unique_id: "id_1" }],
    ["2023-02-16T00:00:00Z", { unique_id: "id_1", operation_type: "remove" }],
    ["2023-02-17T00:00:00Z", { unique_id: "id_1" }],
    ["2023-02-18T00:00:00Z", { unique_id: "id_2" }],
  ];
  const ucTail: Ev[] = [["2023-02-20T00:00:00Z", { unique_id: "id_3" }], ["2023-02-21T00:00:00Z", { unique_id: "id_3", operation_type: "remove" }]];

  it("with unique_count_agg / standard (12.00, not invoiceable): add, remove, re-add (1 unit, 0), new values", () => {
    const out = sim(uc, ucCharge, [...ucEvents, ...ucTail]);
    for (const f of chargeFees(out)) expect(f.svc_invoice_id).toBeNull();
    expect(figures(out)).toEqual([[1, 1, 1200], [0, 1, 0], [1, 1, 0], [1, 1, 1200], [1, 1, 1200], [0, 1, 0]]);
  });

  // pay_in_advance_charges_spec.rb "with unique_count_agg / standard", 19 February: a second "add" of
  // id_2 while id_2 is active. The older stored version ignored the event (no fee); the reference's
  // current version (the one the visible vectors come from, commit 6b763fde) creates a 0 amount fee,
  // as charges.md §12.3 (the event is worth 0) and §15 (its fee: units 0, amount 0) say.
  it("with unique_count_agg / standard: a duplicate add of an active value (02-19) creates a 0 fee", () => {
    const out = sim(uc, ucCharge, [...ucEvents, ["2023-02-19T00:00:00Z", { unique_id: "id_2" }], ...ucTail]);
    expect(figures(out)).toEqual([[1, 1, 1200], [0, 1, 0], [1, 1, 0], [1, 1, 1200], [0, 1, 0], [1, 1, 1200], [0, 1, 0]]);
  });

  it("with sum_agg / standard, event matching a filter (old 'matching group'): 10 units × 20.00 = 200.00 on an invoice", () => {
    const out = sim(sumFiltered, {
      charge_model: "standard", invoiceable: true, properties: { amount: "10" },
      filters: [{ values: { region: ["europe"] }, properties: { amount: "20" } }],
    }, [["2023-02-15T00:00:00Z", { amount: "10", region: "europe" }]], { until: "2023-02-15T01:00:00Z" });
    const fees = chargeFees(out);
    expect(fees.length).toBe(1);
    expect(fees[0].svc_invoice_id).not.toBeNull();
    expectMatch(fees[0], { units: "10", events_count: 1, amount_cents: 20_000 });
  });

  it("with sum_agg / standard, no filter properties (old 'no group properties'): 2 units × 10.00 on an invoice", () => {
    const out = sim(sum, { charge_model: "standard", invoiceable: true, properties: { amount: "10" } }, [["2023-02-15T00:00:00Z", { amount: "2", region: "europe" }]], { until: "2023-02-15T01:00:00Z" });
    expectMatch(chargeFees(out), [{ units: "2", events_count: 1, amount_cents: 2000 }]);
    expect(chargeFees(out)[0].svc_invoice_id).not.toBeNull();
  });

  it("with sum_agg / standard, filter country=italy at 20.00 (old 'default group properties'): 2 units → 40.00", () => {
    const out = sim(sumFiltered, {
      charge_model: "standard", invoiceable: true, properties: { amount: "10" },
      filters: [{ values: { country: ["italy"] }, properties: { amount: "20" } }],
    }, [["2023-02-15T00:00:00Z", { amount: "2", country: "italy" }]], { until: "2023-02-15T01:00:00Z" });
    expectMatch(chargeFees(out), [{ units: "2", events_count: 1, amount_cents: 4000 }]);
  });

  it("with sum_agg / package (100.00 per 2, 3 free units): 3 → 0, 1 → 100.00, 2 → 100.00", () => {
    const out = sim(sum, { charge_model: "package", invoiceable: false, properties: { amount: "100", free_units: 3, package_size: 2 } }, [
      ["2023-02-15T00:00:00Z", { amount: "3" }], ["2023-02-17T00:00:00Z", { amount: "1" }], ["2023-02-18T00:00:00Z", { amount: "2" }],
    ]);
    expect(figures(out)).toEqual([[3, 1, 0], [1, 1, 10_000], [2, 1, 10_000]]);
    for (const f of chargeFees(out)) expect(f.svc_invoice_id).toBeNull();
  });

  it("with sum_agg / graduated (0–5 @0.02 +0.01, 6+ @0.01 +0.01): 3 → 7, 1 → 2, 2 → 4 cents", () => {
    const out = sim(sum, {
      charge_model: "graduated", invoiceable: false,
      properties: { graduated_ranges: [{ from_value: 0, to_value: 5, per_unit_amount: "0.02", flat_amount: "0.01" }, { from_value: 6, to_value: null, per_unit_amount: "0.01", flat_amount: "0.01" }] },
    }, [["2023-02-15T00:00:00Z", { amount: "3" }], ["2023-02-17T00:00:00Z", { amount: "1" }], ["2023-02-18T00:00:00Z", { amount: "2" }]]);
    expect(figures(out)).toEqual([[3, 1, 7], [1, 1, 2], [2, 1, 4]]);
  });

  it("with sum_agg / percentage, free_units_per_events 1 and free total 120: 2 (free) then 1 → 1.05", () => {
    const out = sim(sum, { charge_model: "percentage", invoiceable: false, properties: { rate: "5", fixed_amount: "1", free_units_per_events: 1, free_units_per_total_aggregation: "120.0" } }, [
      ["2023-02-14T00:00:00Z", { amount: "2" }], ["2023-02-15T00:00:00Z", { amount: "1" }],
    ]);
    expect(figures(out)[1]).toEqual([1, 1, 105]);
    expect(chargeFees(out).length).toBe(2);
  });

  it("with sum_agg / percentage, free total 3.0: 5 → 1.10 (2 units not free), 1 → 1.05", () => {
    const out = sim(sum, { charge_model: "percentage", invoiceable: false, properties: { rate: "5", fixed_amount: "1", free_units_per_total_aggregation: "3.0" } }, [
      ["2023-02-15T00:00:00Z", { amount: "5" }], ["2023-02-17T00:00:00Z", { amount: "1" }],
    ]);
    expect(figures(out)).toEqual([[5, 1, 110], [1, 1, 105]]);
  });

  it("with sum_agg / percentage, min 1.75 / max 2.00 per transaction (premium): 175, 200, 200; current usage 5.75", () => {
    const out = sim(sum, { charge_model: "percentage", invoiceable: false, properties: { rate: "1", fixed_amount: "0.5", per_transaction_max_amount: "2", per_transaction_min_amount: "1.75" } }, [
      ["2023-02-14T00:00:00Z", { amount: "100" }], ["2023-02-15T00:00:00Z", { amount: "1000" }], ["2023-02-16T00:00:00Z", { amount: "10000" }],
    ], { steps: [{ at: "2023-02-16T00:00:00Z", op: "fetch_current_usage", body: { external_customer_id: "cust_1", external_subscription_id: "sub_1" } }], until: "2023-02-16T01:00:00Z" });
    expect(figures(out)).toEqual([[100, 1, 175], [1000, 1, 200], [10_000, 1, 200]]);
    expectMatch(out.responses[5], { customer_usage: { total_amount_cents: 575 } });
  });

  it("with count_agg / percentage, free_units_per_events 1: the first event is free (1 unit, 0)", () => {
    const out = sim({ aggregation_type: "count_agg" }, { charge_model: "percentage", invoiceable: false, properties: { rate: "1", fixed_amount: "1", free_units_per_events: 1 } }, [["2023-02-15T00:00:00Z", { amount: "5" }]]);
    expect(figures(out)).toEqual([[1, 1, 0]]);
    expect(chargeFees(out)[0].svc_invoice_id).toBeNull();
  });

  // Found while porting the group cases: a charge filter on a key the billable metric does not
  // declare made `simulate` throw a bare TypeError once a matching event arrived. The catalog now
  // checks charge filters against the metric's filters (as the reference's ChargeFilterValue does).
  it("a charge filter on a key the metric does not declare is a validation error naming it", () => {
    let error: unknown;
    try {
      sim(sum, { charge_model: "standard", invoiceable: true, properties: { amount: "10" }, filters: [{ values: { region: ["europe"] }, properties: { amount: "20" } }] },
        [["2023-02-15T00:00:00Z", { amount: "10", region: "europe" }]], { until: "2023-02-15T01:00:00Z" });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: "validation_errors" });
    expect(JSON.stringify((error as { error_details: unknown }).error_details)).toContain("filters.0.values.region");
  });
});
