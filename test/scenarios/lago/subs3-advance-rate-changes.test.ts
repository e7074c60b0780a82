/**
 * Ported from getlago/lago-api spec/scenarios/fees/advance_graduated_flat_fee_reset_spec.rb,
 * advance_graduated_rate_change_spec.rb, advance_graduated_unpriced_usage_spec.rb and
 * advance_standard_rate_change_spec.rb (figures only).
 *
 * These specs drive Lago's newer "product catalog" (contracts, products, rate cards whose rates
 * take effect on an `effective_from` date). The contract has none of that; they are replayed with
 * the nearest simulate operations:
 * - the contract → a subscription (calendar, monthly, started 2027-01-01 in UTC, USD) on a plan
 *   with no subscription fee;
 * - the rate card with `billing_timing: advance` → a pay-in-advance, invoiceable, unprorated charge
 *   on the sum metric (arrears → an in-arrears charge);
 * - a rate taking effect at T → `update_plan` at T replacing the charge's model and properties (a
 *   rate starting after the cycle start → the charge added by `update_plan` at T);
 * - a product filter → a charge filter on the metric's `region` key; the bucket the rate card does
 *   not price (the other region, or the default bucket) is priced 0, because a plan charge always
 *   prices its default bucket.
 * The spec's fee `properties.from_datetime` / `charges_from_datetime` are compared with the fee's
 * `from_date`. Not expressible, so not asserted: a rate scheduled before it takes effect (the
 * spec's shortened `to_datetime` of an earlier fee, which needs the future rate to be known at the
 * event), the refused back-dated rate (`must_not_be_before_today`), BillingSegment rows,
 * `pay_in_advance_event_id` and event counts in the store.
 * Invoice counts are of the invoices that carry charge fees (the spec counts subscription
 * invoices, and runs no periodic billing; ratecard's clock issues the 0.00 periodic invoice of the
 * plan at the cycle end).
 */
import { describe, expect, it } from "vitest";
import { customer, event, expectMatch, plan, run, subscribe } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const START = "2027-01-01T00:00:00Z";
const RATE_CHANGE = "2027-01-15T00:00:00Z";
const END_OF_CYCLE = "2027-01-31T23:59:59Z";

const metricOf = (filters?: Json[]) => ({
  code: "usage", name: "usage", aggregation_type: "sum_agg", field_name: "quantity", recurring: false,
  ...(filters ? { filters } : {}),
});
const std = (amount: string) => ({ charge_model: "standard", properties: { amount } });
const grad = (p1: string, p2: string, flat = "0") => ({
  charge_model: "graduated",
  properties: {
    graduated_ranges: [
      { from_value: 0, to_value: 100, per_unit_amount: p1, flat_amount: flat },
      { from_value: 101, to_value: null, per_unit_amount: p2, flat_amount: "0" },
    ],
  },
});
/** The same model with every price at 0 (a bucket the rate card does not price). */
const zeroOf = (m: Json) => (m.charge_model === "standard" ? std("0") : grad("0", "0", "0"));

interface Opts {
  /** the model priced from the cycle start (null: no rate yet, no charge) */
  first: Json | null;
  /** rates taking effect later: [at, model] */
  changes?: [string, Json][];
  events: { at: string; q: number; props?: Json; received?: string }[];
  arrears?: boolean;
  /** price only events whose region is this value ("us"), or only the default bucket ("default") */
  filter?: "us" | "default";
  until?: string;
}

function chargeOf(o: Opts, m: Json): Json {
  const base = { billable_metric_code: "usage", pay_in_advance: !o.arrears, invoiceable: true, prorated: false };
  if (!o.filter) return { ...base, ...m };
  const zero = zeroOf(m);
  const [filterModel, defaultModel] = o.filter === "us" ? [m, zero] : [zero, m];
  return { ...base, charge_model: m.charge_model, properties: defaultModel.properties, filters: [{ values: { region: ["us"] }, properties: filterModel.properties }] };
}

function sim(o: Opts): Json {
  const steps: Json[] = [customer(START, "UTC", "USD"), subscribe(START, "p")];
  for (const [at, m] of o.changes ?? []) steps.push({ at, op: "update_plan", body: { code: "p", charges: [chargeOf(o, m)] } });
  for (const e of o.events) {
    const extra = e.received ? { timestamp: e.at } : {};
    steps.push(event(e.received ?? e.at, "usage", { quantity: e.q, ...(e.props ?? {}) }, "sub_1", extra));
  }
  steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return run({
    org: { default_currency: "USD" },
    metrics: [metricOf(o.filter ? [{ key: "region", values: ["us", "eu"] }] : undefined)],
    plans: [plan("p", { amount_currency: "USD", charges: o.first ? [chargeOf(o, o.first)] : [] })],
    steps,
    until: o.until ?? "2027-01-31T12:00:00Z",
  });
}

const chargeFees = (out: Json): Json[] => out.fees.filter((f: Json) => f.item.type === "charge");
const figures = (out: Json) => chargeFees(out).map((f: Json) => [Number(f.units), f.amount_cents]);
const amounts = (out: Json) => chargeFees(out).map((f: Json) => f.amount_cents);
const chargeInvoices = (out: Json): Json[] => out.invoices.filter((i: Json) => i.fees.some((f: Json) => f.item.type === "charge"));
const feeInvoice = (out: Json, fee: Json) => out.invoices.find((i: Json) => i.svc_id === fee.svc_invoice_id);

// ---------------------------------------------------------------------------------------------
describe("advance_graduated_flat_fee_reset_spec.rb: Graduated flat fees and filter buckets across a rate change", () => {
  // r1 standard 1.00 from 2027-01-01; r2 graduated (0–100 @2.00 + flat 50, 101+ @1.50) from 01-15.
  // Events: 80 on 01-10 12:00, 40 on 01-20 12:00.
  const E1 = { at: "2027-01-10T12:00:00Z", q: 80 };
  const E2 = { at: "2027-01-20T12:00:00Z", q: 40 };
  const base = (flat = "50"): Opts => ({ first: std("1"), changes: [[RATE_CHANGE, grad("2", "1.5", flat)]], events: [E1, E2] });

  // MISMATCH (version conflict). Expected (spec): second fee 40 units, 13 000 (the new rate's tiers
  // start at zero at the rate change: 40 × 2.00 + 50 flat), its charges_from_datetime = 01-15.
  // Actual: 40 units, 7 000 = graduated(120) − graduated(80) = 280 − 210, from_date 01-01: the
  // update_plan'd charge aggregates the whole period (80 + 40), as charges.md §15 says ("Lago
  // aggregates the period up to this event") and periods.md §2.5 (charges_from_datetime = the
  // period's start). The spec is from Lago's product-catalog engine (rate segments reset the
  // aggregation at each rate's effective date), which the docs do not describe. If it is to be
  // supported: src/simulator/payInAdvance.ts (aggregation window of a remodelled charge).
  it.fails("resets tiers at the rate change and immediately invoices the new event with its flat amount", () => {
    const out = sim(base());
    expect(figures(out)).toEqual([[80, 8_000], [40, 13_000]]);
    const fees = chargeFees(out);
    expect(fees[1].from_date).toBe(RATE_CHANGE);
    expect(fees.map((f) => feeInvoice(out, f).created_at)).toEqual([E1.at, E2.at]);
  });

  // MISMATCH (version conflict; charges.md §15, §20.1–§20.3 decide: a replaced charge keeps the period's running total, and rate cards have no operation), as above: expected [8 000, 8 000] (40 × 2.00 in a reset segment);
  // actual [8 000, 7 000] (graduated over 120 units: 20 × 2.00 + 20 × 1.50).
  it.fails("without a flat amount / resets tiers while charging only the per-unit amounts", () => {
    expect(amounts(sim(base("0")))).toEqual([8_000, 8_000]);
  });

  // MISMATCH (version conflict; charges.md §15, §20.1–§20.3 decide: a replaced charge keeps the period's running total, and rate cards have no operation), as above: expected [(80, 8 000), (40, 13 000), (30, 6 000)];
  // actual [(80, 8 000), (40, 7 000), (30, 4 500)]: the period's 120 then 150 units.
  it.fails("when another event arrives under the graduated rate / charges the flat amount once and keeps both new events in the first tier", () => {
    const o = base();
    o.events = [E1, E2, { at: "2027-01-25T12:00:00Z", q: 30 }];
    expect(figures(sim(o))).toEqual([[80, 8_000], [40, 13_000], [30, 6_000]]);
  });

  // MISMATCH (version conflict; charges.md §15, §20.1–§20.3 decide: a replaced charge keeps the period's running total, and rate cards have no operation), as above: expected [8 000, 13 000, 15 000] (segment 40 → 120:
  // model(120) − model(40) = 280 − 130); actual [8 000, 7 000, 12 000] (period 120 → 200).
  it.fails("when another event arrives under the graduated rate / when the new segment's own usage crosses the tier / accumulates within the segment without charging the first-tier flat amount again", () => {
    const o = base();
    o.events = [E1, E2, { at: "2027-01-25T12:00:00Z", q: 80 }];
    expect(amounts(sim(o))).toEqual([8_000, 13_000, 15_000]);
  });

  it("without earlier standard usage / charges the flat amount on the first graduated event", () => {
    const o = base();
    o.events = [E2];
    const out = sim(o);
    expect(figures(out)).toEqual([[40, 13_000]]);
  });

  // MISMATCH (version conflict). Expected (spec, arrears rate card): two fees, (80, 8 000) for the
  // old rate invoiced at the rate change (invoice created 2027-01-15) and (40, 13 000) for the new
  // one, from 01-15, invoiced at the cycle end (2027-02-01). Actual: one in-arrears charge fee at
  // the 02-01 run, graduated over 120 units: (120, 28 000). periods.md §3/§5: a period's in-arrears charges are
  // billed once, at the period end, with the charge as it then is; a plan update is no billing
  // occasion. Product-catalog behaviour (segments billed at each rate change), not in the docs.
  it.fails("with arrears billing / invoices the old segment at the rate change and resets tiers for the new segment", () => {
    const out = sim({ ...base(), arrears: true, until: "2027-02-01T12:00:00Z" });
    expect(figures(out)).toEqual([[80, 8_000], [40, 13_000]]);
    const fees = chargeFees(out);
    expect(fees[1].from_date).toBe(RATE_CHANGE);
    expect(fees.map((f) => feeInvoice(out, f).created_at)).toEqual([RATE_CHANGE, "2027-02-01T00:00:00Z"]);
  });

  describe("with a product filter and earlier-segment usage outside its bucket", () => {
    // Metric filter region [us, eu]; the rate card prices only "us" (flat 0). The eu event falls in
    // the default bucket, priced 0 here: the spec's "sole" fee is the only priced one.
    const o = (): Opts => ({
      ...base("0"), filter: "us",
      events: [{ ...E1, props: { region: "eu" } }, { ...E2, props: { region: "us" } }],
    });
    const usFees = (out: Json) => chargeFees(out).filter((f) => f.item.filters?.region);
    const otherFees = (out: Json) => chargeFees(out).filter((f) => !f.item.filters?.region);

    it("excludes the earlier segment's nonmatching event from billing and aggregation", () => {
      const out = sim(o());
      expectMatch(usFees(out), [{ units: "40", amount_cents: 8_000, item: { filters: { region: ["us"] } } }]);
      for (const f of otherFees(out)) expect(f.amount_cents).toBe(0);
    });

    it("without the nonmatching event / keeps the matching usage entirely in the first tier", () => {
      const out = sim({ ...o(), events: [{ ...E2, props: { region: "us" } }] });
      expect(figures(out)).toEqual([[40, 8_000]]);
    });

    it("with the default bucket / excludes the earlier segment's filtered usage from the default bucket's tiers", () => {
      const out = sim({ ...o(), filter: "default", events: [{ ...E1, props: { region: "us" } }, { ...E2, props: { region: "eu" } }] });
      const priced = otherFees(out);
      expectMatch(priced, [{ units: "40", amount_cents: 8_000 }]);
      expect(priced[0].item.filters ?? null).toBeNull();
      for (const f of usFees(out)) expect(f.amount_cents).toBe(0);
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe("advance_graduated_rate_change_spec.rb: Advance graduated pricing across persisted rate segments", () => {
  // r1 graduated (0–100 @1.00, 101+ @0.80) from 01-01; r2 graduated (0–100 @2.00, 101+ @1.50) from
  // 01-15. Events: 80 on 01-10 12:00, 40 on 01-20 12:00.
  const R1 = grad("1", "0.8");
  const R2 = grad("2", "1.5");
  const E1 = { at: "2027-01-10T12:00:00Z", q: 80 };
  const E2 = { at: "2027-01-20T12:00:00Z", q: 40 };

  // MISMATCH (version conflict). Expected (spec): [(80, 8 000), (40, 8 000)], the second fee from
  // 01-15 (charges_from_datetime = the rate change); actual [(80, 8 000), (40, 7 000)] from 01-01:
  // ratecard prices r2 over the period's 120 units (r2(120) − r2(80) = 230 − 160), per charges.md
  // §15 / periods.md §2.5. Rate segments resetting tiers are product-catalog behaviour the docs
  // do not describe. src/simulator/payInAdvance.ts if it is to be supported.
  it.fails("resets tiers at the new rate without repricing the earlier fee", () => {
    const out = sim({ first: R1, changes: [[RATE_CHANGE, R2]], events: [E1, E2] });
    expect(figures(out)).toEqual([[80, 8_000], [40, 8_000]]);
    const fees = chargeFees(out);
    expect(fees[1].from_date).toBe(RATE_CHANGE);
    expect(fees[1].to_date).toBe(END_OF_CYCLE);
  });

  // MISMATCH (version conflict; charges.md §15, §20.1–§20.3 decide: a replaced charge keeps the period's running total, and rate cards have no operation), as above: expected [8 000, 8 000, 6 000] (standard r1 usage not
  // counted in r2's tiers), both graduated fees from 01-15; actual [8 000, 7 000, 4 500], from 01-01.
  it.fails("when the first rate is standard and the second is graduated / resets standard-priced usage and accumulates only events under the graduated rate", () => {
    const out = sim({ first: std("1"), changes: [[RATE_CHANGE, R2]], events: [E1, E2, { at: "2027-01-25T12:00:00Z", q: 30 }] });
    expect(figures(out)).toEqual([[80, 8_000], [40, 8_000], [30, 6_000]]);
    expect(chargeFees(out).slice(1).map((f) => f.from_date)).toEqual([RATE_CHANGE, RATE_CHANGE]);
  });

  // The spec puts the first event 500 µs before the change; step instants have millisecond
  // precision, so 1 ms before it here.
  // MISMATCH (version conflict; charges.md §15, §20.1–§20.3 decide: a replaced charge keeps the period's running total, and rate cards have no operation), as above: expected [8 000, 8 000]; actual [8 000, 7 000].
  it.fails("when events arrive on either side of the rate change / creates one fee per event with the rate on its side of the microsecond boundary", () => {
    const out = sim({ first: R1, changes: [[RATE_CHANGE, R2]], events: [{ at: "2027-01-14T23:59:59.999Z", q: 80 }, { at: RATE_CHANGE, q: 40 }] });
    expect(amounts(out)).toEqual([8_000, 8_000]);
  });

  // The rate is appended on 01-14 (before it takes effect); update_plan can only apply it at 01-15.
  // MISMATCH (version conflict; charges.md §15, §20.1–§20.3 decide: a replaced charge keeps the period's running total, and rate cards have no operation), as above: expected [8 000, 8 000], second fee from 01-15 to the
  // cycle end; actual [8 000, 7 000] from 01-01.
  it.fails("when the new rate is appended after the first segment was stored / prices the second event with the new rate and shortens its service period without changing the issued fee", () => {
    const out = sim({ first: R1, changes: [[RATE_CHANGE, R2]], events: [E1, E2] });
    expect(amounts(out)).toEqual([8_000, 8_000]);
    expectMatch(chargeFees(out)[1], { from_date: RATE_CHANGE, to_date: END_OF_CYCLE });
  });

  // Only the new-rate fee's start is expressible (the old-rate fees' periods need the rate known
  // in advance, and the spec asserts no amounts).
  // MISMATCH (version conflict): expected the third fee (under r2) from 01-15; actual from 01-01
  // (periods.md §2.5: charges_from_datetime is the period start).
  it.fails("when the new rate is appended after the first segment was stored / when another event arrives before the new rate activates / shortens the old rate's service period without repricing the earlier fee", () => {
    const out = sim({ first: R1, changes: [[RATE_CHANGE, R2]], events: [E1, { at: "2027-01-14T12:00:00Z", q: 40 }, { at: "2027-01-25T12:00:00Z", q: 40 }] });
    const fees = chargeFees(out);
    expect(fees.length).toBe(3);
    expect(fees[0].to_date).toBe(END_OF_CYCLE);
    expect(fees[1].from_date).toBe(START);
    expect(fees[2].from_date).toBe(RATE_CHANGE);
  });
});

// ---------------------------------------------------------------------------------------------
describe("advance_graduated_unpriced_usage_spec.rb: Advance graduated usage before the first priced segment", () => {
  // The only rate (graduated 0–100 @1.00, 101+ @0.80) starts on 01-15: the charge is added then.
  const R = grad("1", "0.8");

  // MISMATCH (version conflict). Expected (spec): one fee, 40 units, 4 000 (first tier), from
  // 01-15. Actual: 40 units, 3 200 (r(140) − r(100) = 40 × 0.80) from 01-01: the charge added by
  // update_plan aggregates the whole period, including the 100 units of 01-05 sent before it
  // existed (charges.md §20.3 decides: a charge added mid-period counts the period's earlier events;
  // its worked example is this case, 32.00).
  // Product-catalog behaviour (usage before the first rate is unpriced and excluded).
  it.fails("excludes unpriced usage and bills the 40 priced units at the first tier", () => {
    const out = sim({ first: null, changes: [[RATE_CHANGE, R]], events: [{ at: "2027-01-05T12:00:00Z", q: 100 }, { at: "2027-01-20T12:00:00Z", q: 40 }] });
    expect(figures(out)).toEqual([[40, 4_000]]);
    expect(chargeFees(out)[0].from_date).toBe(RATE_CHANGE);
  });

  it("without usage before the rate starts / prices the same 40 units at the first tier", () => {
    const out = sim({ first: null, changes: [[RATE_CHANGE, R]], events: [{ at: "2027-01-20T12:00:00Z", q: 40 }] });
    expect(figures(out)).toEqual([[40, 4_000]]);
  });
});

// ---------------------------------------------------------------------------------------------
describe("advance_standard_rate_change_spec.rb: Advance standard pricing across rate changes", () => {
  // r1 standard 1.00 from the cycle start; r2 standard 2.00 from second_rate_start (default 01-20).
  const R1 = std("1");
  const R2 = std("2");
  const R3 = std("3");

  it("keeps a future rate off T6's event while shortening its fee period", () => {
    // (the shortened to_datetime, 01-19 23:59:59, needs the future rate known: not asserted)
    const out = sim({ first: R1, changes: [["2027-01-20T00:00:00Z", R2]], events: [{ at: "2027-01-16T12:00:00Z", q: 10 }] });
    expect(figures(out)).toEqual([[10, 1_000]]);
    expect(chargeFees(out)[0].from_date).toBe(START);
    expect(feeInvoice(out, chargeFees(out)[0]).status).toBe("finalized");
    expect(chargeInvoices(out).length).toBe(1);
  });

  it("when Z4's first rate begins after the event / accepts the event without a priced product fee or invoice", () => {
    const out = sim({ first: null, changes: [["2027-01-20T00:00:00Z", R1]], events: [{ at: "2027-01-16T12:00:00Z", q: 10 }] });
    expect(chargeFees(out)).toEqual([]);
    expect(chargeInvoices(out).length).toBe(0);
    expect(out.responses.every((r: Json) => !r?.error)).toBe(true);
  });

  // The refused back-dated r3 (POST /rate_cards/…/rates answering 422 must_not_be_before_today) has
  // no simulate operation: only the event's fee is ported.
  // MISMATCH (version conflict): expected the fee from 01-15 (r2's start) to the cycle end; actual
  // from 01-01 (periods.md §2.5). Amount and units match (2 000, 10).
  it.fails("when R5 attempts to append a backdated third rate / rejects R3 and invoices the following event at the surviving R2 price", () => {
    const out = sim({ first: R1, changes: [[RATE_CHANGE, R2]], events: [{ at: "2027-01-26T12:00:00Z", q: 10 }] });
    expect(figures(out)).toEqual([[10, 2_000]]);
    expectMatch(chargeFees(out)[0], { from_date: RATE_CHANGE, to_date: END_OF_CYCLE });
    expect(feeInvoice(out, chargeFees(out)[0]).status).toBe("finalized");
    expect(chargeInvoices(out).length).toBe(1);
  });

  // MISMATCH (version conflict; charges.md §20.3: effective-dated rate cards have no operation in the contract; a replaced charge keeps its lineage, §20.1). Expected (spec): the late event
  // (timestamp 01-15 06:00, received 18:00, after the 12:00 change) is priced at the rate of its
  // instant, r1: fees [(10, 2 000), (10, 1 000)], periods [12:00 → cycle end], [01-01 → 01-15
  // 11:59:59]. Actual: [(10, 2 000), (10, 2 000)], both from 01-01: ratecard prices every event with
  // the charge as it is when the event arrives. In the plan/charge model a charge has a single
  // current version (update_plan edits it in place), so there is no rate "at the event's instant";
  // the docs never say a late event is priced by an older charge version. Likely place if wanted:
  // src/simulator/payInAdvance.ts (pick the charge version by event timestamp).
  it.fails("when T3's pre-noon event arrives after the noon rate change and later event / prices by event instant while retaining the noon service boundary", () => {
    const noon = "2027-01-15T12:00:00Z";
    const out = sim({
      first: R1, changes: [[noon, R2]],
      events: [{ at: "2027-01-15T14:24:00Z", q: 10 }, { at: "2027-01-15T06:00:00Z", received: "2027-01-15T18:00:00Z", q: 10 }],
    });
    expect(figures(out)).toEqual([[10, 2_000], [10, 1_000]]);
    expect(chargeFees(out).map((f) => [f.from_date, f.to_date])).toEqual([[noon, END_OF_CYCLE], [START, "2027-01-15T11:59:59Z"]]);
    expect(chargeInvoices(out).map((i) => i.status)).toEqual(["finalized", "finalized"]);
  });

  // MISMATCH (version conflict): figures and the February fee's period match; expected the January
  // fee from 01-15 (r2's start), actual from 01-01 (periods.md §2.5).
  it.fails("when B11's events cross the monthly cycle boundary / resets the usage window and creates a new February invoice", () => {
    const out = sim({
      first: R1, changes: [[RATE_CHANGE, R2]],
      events: [{ at: "2027-01-31T23:59:59Z", q: 80 }, { at: "2027-02-01T00:00:00Z", q: 40 }],
      until: "2027-02-01T12:00:00Z",
    });
    expect(figures(out)).toEqual([[80, 16_000], [40, 8_000]]);
    expect(chargeFees(out).map((f) => [f.from_date, f.to_date])).toEqual([[RATE_CHANGE, END_OF_CYCLE], ["2027-02-01T00:00:00Z", "2027-02-28T23:59:59Z"]]);
    expect(chargeInvoices(out).map((i) => i.status)).toEqual(["finalized", "finalized"]);
  });

  describe("when T1's event falls between two rate changes", () => {
    const changes: [string, Json][] = [["2027-01-10T00:00:00Z", R2], ["2027-01-20T00:00:00Z", R3]];

    // MISMATCH (version conflict): amount matches (2 000 under r2); expected the fee from 01-10
    // (r2's start), actual from 01-01 (periods.md §2.5). Its end (01-19 23:59:59) needs r3 known in
    // advance: not asserted.
    it.fails("uses R2 and saves T1's Jan 10–20 service window", () => {
      const out = sim({ first: R1, changes, events: [{ at: "2027-01-16T12:00:00Z", q: 10 }] });
      expect(figures(out)).toEqual([[10, 2_000]]);
      expect(chargeFees(out)[0].from_date).toBe("2027-01-10T00:00:00Z");
      expect(chargeInvoices(out).length).toBe(1);
    });

    // MISMATCH (version conflict): amounts, invoices and statuses match ([1 000, 2 000, 3 000], one
    // finalized invoice each); expected the fees from 01-01, 01-10, 01-20 (each rate's start),
    // actual all from 01-01 (periods.md §2.5). Ends before a later rate: not asserted.
    it.fails("when A1 sends events across all three rate windows / issues three invoices for R1, R2, and R3 without persisting event segments", () => {
      const out = sim({ first: R1, changes, events: ["05", "15", "25"].map((d) => ({ at: `2027-01-${d}T12:00:00Z`, q: 10 })) });
      expect(figures(out)).toEqual([[10, 1_000], [10, 2_000], [10, 3_000]]);
      const invs = chargeInvoices(out);
      expect(invs.map((i) => [i.status, i.fees.length])).toEqual([["finalized", 1], ["finalized", 1], ["finalized", 1]]);
      expect(chargeFees(out).map((f) => f.from_date)).toEqual([START, "2027-01-10T00:00:00Z", "2027-01-20T00:00:00Z"]);
      expect(chargeFees(out)[2].to_date).toBe(END_OF_CYCLE);
    });
  });

  // MISMATCH (version conflict): amounts, invoices and statuses match ([8 000, 8 000, 6 000]);
  // expected the r2 fees from 01-15, actual from 01-01 (periods.md §2.5).
  it.fails("when standard A5 sends three events across R2's activation / issues one invoice per event at its rate without repricing the earlier fee", () => {
    const out = sim({
      first: R1, changes: [[RATE_CHANGE, R2]],
      events: [{ at: "2027-01-10T12:00:00Z", q: 80 }, { at: "2027-01-20T12:00:00Z", q: 40 }, { at: "2027-01-25T12:00:00Z", q: 30 }],
    });
    expect(figures(out)).toEqual([[80, 8_000], [40, 8_000], [30, 6_000]]);
    expect(chargeInvoices(out).map((i) => [i.status, i.fees.length])).toEqual([["finalized", 1], ["finalized", 1], ["finalized", 1]]);
    expect(chargeFees(out).map((f) => f.from_date)).toEqual([START, RATE_CHANGE, RATE_CHANGE]);
    expect(chargeFees(out).slice(1).map((f) => f.to_date)).toEqual([END_OF_CYCLE, END_OF_CYCLE]);
  });
});
