import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import type { UsageEvent } from "../../../src/aggregation/index.js";
import type { Charge } from "../../../src/charges/index.js";
import { ALL_FILTER_VALUES, chargeFilterSelections } from "../../../src/fees/chargeFilterSelections.js";
import { type UsageChargeFeesInput, usageChargeFees } from "../../../src/fees/usageChargeFees.js";

const at = (s: string) => parseInstant(s) as Instant;
const std = (amount: string): Charge => ({ charge_model: "standard", properties: { amount: dec(amount) } });
let seq = 0;
const event = (t: string, properties: Record<string, unknown>, code = "m"): UsageEvent => ({ transaction_id: `tx${++seq}`, code, timestamp: at(t), properties });
const march = { start: at("2024-03-01T00:00:00Z"), end: at("2024-04-01T00:00:00Z") };
const summary = (fees: ReturnType<typeof usageChargeFees>) =>
  fees.map((f) => [f.item.filters === null ? "default" : JSON.stringify(f.item.filters), JSON.stringify(f.item.grouped_by), f.units.toString(), f.amount_cents]);

describe("chargeFilterSelections (charges.md §14)", () => {
  it("default bucket ignores every filter; a filter ignores its more specific children", () => {
    const s = chargeFilterSelections([{ values: { region: ["eu"] } }, { values: { region: ["eu"], cloud: ["aws"] } }]);
    expect(s).toEqual([
      { filter_index: 0, filters: { region: ["eu"] }, ignored_filters: [{ region: ["eu"], cloud: ["aws"] }] },
      { filter_index: 1, filters: { region: ["eu"], cloud: ["aws"] }, ignored_filters: [] },
      { filter_index: null, filters: {}, ignored_filters: [{ region: ["eu"] }, { region: ["eu"], cloud: ["aws"] }] },
    ]);
  });
  it("identical filters: only the older one bills", () => {
    const s = chargeFilterSelections([{ values: { region: ["eu"] } }, { values: { region: ["eu"] } }]);
    expect(s[0]!.ignored_filters).toEqual([]);
    expect(s[1]!.ignored_filters).toEqual([{ region: ["eu"] }]);
  });
  it("same keys: a subset child is kept; otherwise its values minus the parent's", () => {
    const s = chargeFilterSelections([{ values: { region: ["eu", "us"] } }, { values: { region: ["us"] } }, { values: { region: ["us", "asia"] } }]);
    expect(s[0]!.ignored_filters).toEqual([{ region: ["us"] }, { region: ["asia"] }]);
  });
  it("unrelated filters (different keys) are not children", () => {
    const s = chargeFilterSelections([{ values: { region: ["eu"] } }, { values: { cloud: ["aws"] } }]);
    expect([s[0]!.ignored_filters, s[1]!.ignored_filters]).toEqual([[], []]);
  });
  it("the all-values marker expands to the metric's values", () => {
    const s = chargeFilterSelections([{ values: { region: [ALL_FILTER_VALUES] } }], [{ key: "region", values: ["us", "eu"] }]);
    expect(s[0]!.filters).toEqual({ region: ["us", "eu"] });
  });
});

describe("usageChargeFees", () => {
  const count = { code: "m", name: "Calls", aggregation_type: "count_agg" } as const;
  const base = (events: UsageEvent[], extra: Partial<UsageChargeFeesInput> = {}): UsageChargeFeesInput => ({
    charge: {
      charge: std("10"),
      filters: [{ values: { region: ["europe"] }, charge: std("20") }, { values: { region: ["usa"] }, charge: std("50") }],
    },
    metric: count, events, window: march, charges_duration_in_days: 31, timezone: "UTC", currency: "EUR",
    ...extra,
  });

  it("filters europe 20 € and usa 50 € on a 10 € charge: europe 2 000, default 1 000, the zero usa fee left out", () => {
    const fees = usageChargeFees(base([event("2024-03-05T10:00:00Z", { region: "europe" }), event("2024-03-06T10:00:00Z", { region: "unknown" })]));
    expect(summary(fees)).toEqual([['{"region":["europe"]}', "{}", "1", 2000n], ["default", "{}", "1", 1000n]]);
    expect(fees[0]!.item).toMatchObject({ type: "charge", code: "m", name: "Calls" });
    expect([fees[0]!.from_date, fees[0]!.to_date]).toEqual([march.start, at("2024-03-31T23:59:59Z")]);
  });

  it("kept_buckets: a bucket whose figures did not change reuses its fee; the others are made anew and kept", () => {
    const kept = new Map();
    const e1 = event("2024-03-05T10:00:00Z", { region: "europe" }), e2 = event("2024-03-06T10:00:00Z", { region: "unknown" });
    const first = usageChargeFees(base([e1, e2], { current_usage: true, kept_buckets: kept }));
    // Three buckets: europe, usa (0 units) and the default bucket.
    expect(kept.size).toBe(3);
    const second = usageChargeFees(base([e1, e2, event("2024-03-07T10:00:00Z", { region: "usa" })], { current_usage: true, kept_buckets: kept }));
    expect(summary(second)).toEqual(summary(usageChargeFees(base([e1, e2, event("2024-03-07T10:00:00Z", { region: "usa" })], { current_usage: true }))));
    // europe and the default bucket are the same objects; usa (1 unit now) was made again.
    expect([second[0] === first[0], second[1] === first[1], second[2] === first[2]]).toEqual([true, false, true]);
    expect(summary(second)[1]).toEqual(['{"region":["usa"]}', "{}", "1", 5000n]);
  });

  it("current usage keeps every bucket, zero ones included", () => {
    const fees = usageChargeFees(base([], { current_usage: true }));
    expect(summary(fees)).toEqual([['{"region":["europe"]}', "{}", "0", 0n], ['{"region":["usa"]}', "{}", "0", 0n], ["default", "{}", "0", 0n]]);
  });

  it("events outside the window are not billed", () => {
    const fees = usageChargeFees(base([event("2024-04-01T00:00:00Z", { region: "europe" }), event("2024-02-29T23:59:59Z", { region: "europe" })]));
    expect(fees).toEqual([]);
  });

  it("filter with all values, grouped by country (scenario filter-with-grouped-by): 12 000 × 3 + default 10 000", () => {
    const metric = {
      code: "cloud_value", name: "cloud_value", aggregation_type: "sum_agg", field_name: "value",
      filters: [{ key: "cloud", values: ["aws", "gcp", "azure"] }, { key: "region", values: ["us", "europe", "asia"] }],
    } as const;
    const e = (t: string, p: Record<string, unknown>) => event(t, p, "cloud_value");
    const fees = usageChargeFees({
      charge: { charge: std("10"), filters: [{ values: { cloud: ["aws"], region: [ALL_FILTER_VALUES] }, charge: std("12"), pricing_group_keys: ["country"] }] },
      metric,
      events: [
        e("2024-02-28T10:00:00Z", { cloud: "aws", region: "us", country: "us", value: 10 }),
        e("2024-03-01T10:00:00Z", { cloud: "aws", region: "europe", country: "france", value: 10 }),
        e("2024-03-02T10:00:00Z", { cloud: "aws", region: "asia", value: 10 }),
        e("2024-03-03T10:00:00Z", { cloud: "gcp", region: "asia", country: "china", value: 10 }),
      ],
      window: { start: at("2024-02-25T10:00:00Z"), end: at("2024-03-25T00:00:00Z") },
      charges_duration_in_days: 29, timezone: "UTC", currency: "EUR",
    });
    const filt = JSON.stringify({ cloud: ["aws"], region: [ALL_FILTER_VALUES] });
    expect(summary(fees)).toEqual([
      [filt, '{"country":null}', "10", 12000n],
      [filt, '{"country":"france"}', "10", 12000n],
      [filt, '{"country":"us"}', "10", 12000n],
      ["default", "{}", "10", 10000n],
    ]);
    expect(fees.reduce((a, f) => a + f.amount_cents, 0n)).toBe(46000n);
  });

  it("min_amount_cents: a true-up after the charge's fees (1 000 minimum, 700 used → 300)", () => {
    const fees = usageChargeFees({
      charge: { charge: std("1"), min_amount_cents: 1000n },
      metric: count,
      events: Array.from({ length: 7 }, (_, i) => event(`2024-03-0${i + 1}T10:00:00Z`, {})),
      window: march, charges_duration_in_days: 31, timezone: "UTC", currency: "EUR",
    });
    expect(fees.map((f) => [f.amount_cents, f.true_up === true])).toEqual([[700n, false], [300n, true]]);
  });

  it("true-up keeps its all-zero parent and prorates: 1–15 of a 31-day month, 200 used → 284", () => {
    const half = { start: march.start, end: at("2024-03-16T00:00:00Z") };
    const zero = usageChargeFees({ charge: { charge: std("1"), min_amount_cents: 1000n }, metric: count, events: [], window: half, charges_duration_in_days: 31, timezone: "UTC", currency: "EUR" });
    expect(zero.map((f) => [f.amount_cents, f.true_up === true])).toEqual([[0n, false], [484n, true]]);
    const used = usageChargeFees({
      charge: { charge: std("100"), min_amount_cents: 1000n }, metric: count,
      events: [event("2024-03-02T10:00:00Z", {}), event("2024-03-03T10:00:00Z", {})],
      window: half, charges_duration_in_days: 31, timezone: "UTC", currency: "EUR",
    });
    expect(used.map((f) => f.amount_cents)).toEqual([20000n]);
    const small = usageChargeFees({
      charge: { charge: std("1"), min_amount_cents: 1000n }, metric: count,
      events: [event("2024-03-02T10:00:00Z", {}), event("2024-03-03T10:00:00Z", {})],
      window: half, charges_duration_in_days: 31, timezone: "UTC", currency: "EUR",
    });
    expect(small.map((f) => f.amount_cents)).toEqual([200n, 284n]);
  });

  it("an empty window bills nothing", () => {
    expect(usageChargeFees(base([event("2024-03-05T10:00:00Z", { region: "europe" })], { window: { start: march.start, end: (march.start + 1000) as Instant } }))).toEqual([]);
  });
  const sumMetric = { code: "m", aggregation_type: "sum_agg", field_name: "v" } as const;
  const alone = (charge: Charge, events: UsageEvent[]): UsageChargeFeesInput => ({
    charge: { charge }, metric: sumMetric, events, window: march, charges_duration_in_days: 31, timezone: "UTC", currency: "EUR",
  });

  it("dynamic (charges.md §8): the fee is Σ precise_total_amount_cents of the events", () => {
    const priced = (cents: string, t: string): UsageEvent => ({ ...event(t, { v: "2" }), precise_total_amount_cents: cents });
    const fees = usageChargeFees(alone({ charge_model: "dynamic", properties: {} }, [priced("1234", "2024-03-05T10:00:00Z"), priced("0.5", "2024-03-06T10:00:00Z")]));
    expect(fees.map((f) => [f.units.toString(), f.amount_cents, f.precise_amount_cents.toString()])).toEqual([["4", 1235n, "1234.5"]]);
  });

  it("percentage with a per-transaction maximum reads each event's value (charges.md §6.5)", () => {
    const pct: Charge = {
      charge_model: "percentage",
      properties: {
        rate: dec("10"), fixed_amount: null, free_units_per_events: null, free_units_per_total_aggregation: null,
        per_transaction_min_amount: null, per_transaction_max_amount: dec("1"),
      },
    };
    // 10 % of 100 is capped at 1, 10 % of 5 is 0.5: 1.50 €, not 10.50 €.
    const fees = usageChargeFees(alone(pct, [event("2024-03-05T10:00:00Z", { v: "100" }), event("2024-03-06T10:00:00Z", { v: "5" })]));
    expect(fees.map((f) => [f.units.toString(), f.amount_cents])).toEqual([["105", 150n]]);
  });
});

describe("current usage of a prorated pay-in-advance sum (§13.3, §15)", () => {
  // February 2024 (29 days), recurring sum at 29 € a unit, paid in advance and prorated. On the 6th:
  // +10 (billed 10 × 24/29 on arrival), −5 (no refund), +2 (below the high-water mark: nothing billed).
  const feb = { start: at("2024-02-01T00:00:00Z"), end: at("2024-03-01T00:00:00Z") };
  const charge: Charge = { ...std("29"), pay_in_advance: true, prorated: true };
  const usage = (values: number[]) => usageChargeFees({
    charge: { charge }, metric: { code: "m", aggregation_type: "sum_agg", field_name: "v", recurring: true },
    events: values.map((v, i) => ({ ...event(`2024-02-06T0${i + 1}:00:00Z`, { v }), seq: i })),
    window: feb, charges_duration_in_days: 29, timezone: "UTC", currency: "EUR", current_usage: true,
  });
  it("prices what the events paid for, and shows the running total as units", () => {
    expect(usage([10]).map((f) => [f.units.toString(), f.amount_cents])).toEqual([["10", 24000n]]);
    expect(usage([10, -5]).map((f) => [f.units.toString(), f.amount_cents])).toEqual([["5", 24000n]]);
    expect(usage([10, -5, 2]).map((f) => [f.units.toString(), f.amount_cents])).toEqual([["7", 24000n]]);
    // A raise above the mark is billed again: +10, −5, +8 → mark 13, raise of 3 prorated 24/29 → 13 units' worth.
    expect(usage([10, -5, 8]).map((f) => f.amount_cents)).toEqual([31200n]);
  });
});
