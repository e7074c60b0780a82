import { describe, expect, it } from "vitest";
import { projectedUsage } from "../../../src/usage/projectedUsage.js";
import { chargeServiceRatio, periodRatio } from "../../../src/usage/_periodRatio.js";
import { t, usageInput } from "./_fixtures.js";

const ok = (r: ReturnType<typeof projectedUsage>) => r.customer_projected_usage;

describe("periodRatio (invoice.md §13.2, §13.4)", () => {
  it("[spec] Jan 2025, now Jan 11 00:00 → 11/31, also in America/New_York", () => {
    expect(periodRatio(t("2025-01-01T00:00:00Z"), t("2025-01-31T23:59:59Z"), t("2025-01-11T00:00:00Z"), "UTC")).toEqual({ passed: 11, total: 31 });
    expect(periodRatio(t("2025-01-01T05:00:00Z"), t("2025-02-01T04:59:59Z"), t("2025-01-11T05:00:00Z"), "America/New_York")).toEqual({ passed: 11, total: 31 });
  });
  it("partial days count whole: 1 Mar 00:00 → 10 Mar 12:00 is 10 days of 31", () => {
    expect(periodRatio(t("2024-03-01T00:00:00Z"), t("2024-03-31T23:59:59Z"), t("2024-03-10T12:00:00Z"), "UTC")).toEqual({ passed: 10, total: 31 });
  });
  it("1 once now ≥ to, 0 before from", () => {
    expect(periodRatio(t("2024-03-01T00:00:00Z"), t("2024-03-31T23:59:59Z"), t("2024-04-02T00:00:00Z"), "UTC")).toEqual({ passed: 1, total: 1 });
    expect(periodRatio(t("2024-03-01T00:00:00Z"), t("2024-03-31T23:59:59Z"), t("2024-02-20T00:00:00Z"), "UTC")).toEqual({ passed: 0, total: 1 });
  });
  it("§13.3 charge-service ratio: (today − from + 1) / duration, 1 from the last day", () => {
    const d = (day: number) => ({ year: 2025, month: 1, day });
    expect(chargeServiceRatio(d(11), d(1), d(31), 31)).toEqual({ passed: 11, total: 31 });
    expect(chargeServiceRatio(d(31), d(1), d(31), 31)).toEqual({ passed: 1, total: 1 });
    expect(chargeServiceRatio({ year: 2024, month: 12, day: 31 }, d(1), d(31), 31)).toEqual({ passed: 0, total: 1 });
  });
});

const metric = (code: string, extra: Record<string, unknown> = {}) => ({ code, name: code, aggregation_type: "count_agg", ...extra });
const plan = (charges: unknown[], currency = "EUR") => ({ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: currency, charges });
const jan = { window: ["2025-01-01T00:00:00Z", "2025-02-01T00:00:00Z"] as [string, string], now: "2025-01-11T00:00:00Z", issuing_date: "2025-01-31" };
const tenEvents = Array.from({ length: 10 }, () => ({ code: "m", at: "2025-01-05T00:00:00Z" }));

describe("projectedUsage (invoice.md §13.2)", () => {
  it("[derived] standard 1.00 €/unit, 10 units, ratio 11/31 → 28.18 units, 2818 cents", () => {
    const u = ok(projectedUsage(usageInput({
      catalog: { billable_metrics: [metric("m")], plans: [plan([{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "1" } }])] },
      events: tenEvents, ...jan,
    })));
    expect(u).toMatchObject({ amount_cents: 1000, projected_amount_cents: 2818, svc_invoice_id: null });
    expect(u.charges_usage[0]).toMatchObject({ units: "10", amount_cents: 1000, projected_units: "28.18", projected_amount_cents: 2818, filters: [], grouped_usage: [] });
    expect(u.charges_usage[0]!.charge).not.toHaveProperty("code");
  });

  it("[spec] July 2025 at 3 Jul 10:00: filters aws 10 € and google 20 € → aws 31 units / 31000, google 10.33 / 20660", () => {
    const u = ok(projectedUsage(usageInput({
      catalog: {
        billable_metrics: [metric("cloud", { filters: [{ key: "cloud", values: ["aws", "google"] }] })],
        plans: [plan([{ billable_metric_code: "cloud", charge_model: "standard", properties: { amount: "0" }, filters: [
          { values: { cloud: ["aws"] }, properties: { amount: "10" } },
          { values: { cloud: ["google"] }, properties: { amount: "20" } },
        ] }])],
      },
      events: [...["aws", "aws", "aws", "google"].map((cloud) => ({ code: "cloud", at: "2025-07-02T00:00:00Z", properties: { cloud } }))],
      window: ["2025-07-01T00:00:00Z", "2025-08-01T00:00:00Z"], now: "2025-07-03T10:00:00Z", issuing_date: "2025-07-31",
    })));
    const c = u.charges_usage[0]!;
    expect(c).toMatchObject({ units: "4", amount_cents: 5000, projected_units: "41.33", projected_amount_cents: 51660 });
    expect(c.filters.map((f) => [f.values, f.projected_units, f.projected_amount_cents])).toEqual([
      [{ cloud: ["aws"] }, "31", 31000], [{ cloud: ["google"] }, "10.33", 20660], [null, "0", 0],
    ]);
    expect(u.projected_amount_cents).toBe(51660);
  });

  const example = {
    catalog: {
      organization: { timezone: "UTC", tax_codes: ["vat"] },
      taxes: [{ code: "vat", name: "VAT", rate: "8.5" }],
      billable_metrics: [
        { code: "storage", name: "Cloud storage", aggregation_type: "sum_agg", field_name: "gb", filters: [{ key: "region", values: ["eu", "us", "apac"] }] },
        { code: "api_calls", name: "API calls", aggregation_type: "count_agg" },
      ],
      plans: [plan([
        { code: "storage_charge", billable_metric_code: "storage", charge_model: "standard", invoice_display_name: "Storage", properties: { amount: "1" }, filters: [
          { values: { region: ["eu"] }, properties: { amount: "2" }, invoice_display_name: "Storage EU" },
          { values: { region: ["us"] }, properties: { amount: "3" } },
        ] },
        { code: "api_charge", billable_metric_code: "api_calls", charge_model: "standard", properties: { amount: "0.5", pricing_group_keys: ["workspace"] } },
      ])],
    },
    events: [
      ...[["eu", 10], ["eu", 5], ["us", 4], ["apac", 2], [undefined, 1]].map(([region, gb]) => ({
        code: "storage", at: "2024-03-02T00:00:00Z", properties: region === undefined ? { gb } : { region, gb },
      })),
      ...["a", "a", "a", "b", undefined].map((w) => ({ code: "api_calls", at: "2024-03-03T00:00:00Z", properties: w === undefined ? {} : { workspace: w } })),
    ],
    window: ["2024-03-01T00:00:00Z", "2024-04-01T00:00:00Z"] as [string, string],
    now: "2024-03-10T12:00:00Z",
    issuing_date: "2024-03-31",
  };

  it("[derived] worked example 13.2.2: 775 + 13 020 = 13 795, taxes on current amounts", () => {
    const u = ok(projectedUsage(usageInput(example)));
    expect(u).toMatchObject({ amount_cents: 4750, taxes_amount_cents: 404, total_amount_cents: 5154, projected_amount_cents: 13795, svc_invoice_id: null });
    const [api, storage] = u.charges_usage;
    expect(api).toMatchObject({ projected_units: "15.5", projected_amount_cents: 775 });
    expect(api!.grouped_usage.map((g) => [g.grouped_by, g.projected_units, g.projected_amount_cents])).toEqual([
      [{ workspace: null }, "3.1", 155], [{ workspace: "a" }, "9.3", 465], [{ workspace: "b" }, "3.1", 155],
    ]);
    expect(storage).toMatchObject({ units: "22", amount_cents: 4500, projected_units: "58.9", projected_amount_cents: 13020 });
    expect(storage!.filters.map((f) => [f.invoice_display_name, f.projected_units, f.projected_amount_cents])).toEqual([
      ["Storage EU", "46.5", 9300], [null, "12.4", 3720], [null, "0", 0],
    ]);
  });

  it("reads only apply_taxes of the options", () => {
    const input = usageInput({ ...example, apply_taxes: false });
    const u = ok(projectedUsage({ ...input, options: { apply_taxes: false, charge_code: "nope", skip_grouping: true } }));
    expect(u).toMatchObject({ taxes_amount_cents: 0, total_amount_cents: 4750, projected_amount_cents: 13795 });
    expect(u.charges_usage).toHaveLength(2);
  });

  it("ratio 0 (before the period) projects 0; ratio 1 projects the current figures", () => {
    const cat = { billable_metrics: [metric("m")], plans: [plan([{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "1" } }])] };
    const before = ok(projectedUsage({ ...usageInput({ catalog: cat, events: tenEvents, ...jan }), now: t("2024-12-31T00:00:00Z") }));
    expect(before).toMatchObject({ amount_cents: 1000, projected_amount_cents: 0 });
    const after = ok(projectedUsage({ ...usageInput({ catalog: cat, events: tenEvents, ...jan }), now: t("2025-02-01T00:00:00Z") }));
    expect(after.charges_usage[0]).toMatchObject({ projected_units: "10", projected_amount_cents: 1000 });
  });

  it("a recurring metric keeps its current figures", () => {
    const u = ok(projectedUsage(usageInput({
      catalog: { billable_metrics: [metric("m", { aggregation_type: "sum_agg", field_name: "v", recurring: true })],
        plans: [plan([{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "2" } }])] },
      events: [{ code: "m", at: "2025-01-02T00:00:00Z", properties: { v: 7 } }], ...jan,
    })));
    expect(u.charges_usage[0]).toMatchObject({ units: "7", amount_cents: 1400, projected_units: "7", projected_amount_cents: 1400 });
  });

  it("graduated, volume and package price the projected units; percentage divides its amount by the ratio", () => {
    const charges = [
      { billable_metric_code: "a", charge_model: "graduated", properties: { graduated_ranges: [
        { from_value: 0, to_value: 10, per_unit_amount: "1", flat_amount: "0" },
        { from_value: 11, to_value: null, per_unit_amount: "0.5", flat_amount: "3" }] } },
      { billable_metric_code: "b", charge_model: "volume", properties: { volume_ranges: [
        { from_value: 0, to_value: 20, per_unit_amount: "1", flat_amount: "0" },
        { from_value: 21, to_value: null, per_unit_amount: "0.5", flat_amount: "1" }] } },
      { billable_metric_code: "c", charge_model: "package", properties: { amount: "5", package_size: 10, free_units: 0 } },
      { billable_metric_code: "d", charge_model: "percentage", properties: { rate: "10" } },
    ];
    const u = ok(projectedUsage(usageInput({
      catalog: { billable_metrics: ["a", "b", "c"].map((c) => metric(c)).concat([metric("d", { aggregation_type: "sum_agg", field_name: "v" })]), plans: [plan(charges)] },
      events: ["a", "b", "c"].flatMap((code) => Array.from({ length: 10 }, () => ({ code, at: "2025-01-05T00:00:00Z" })))
        .concat([{ code: "d", at: "2025-01-05T00:00:00Z", properties: { v: "110" } } as never]),
      ...jan,
    })));
    const byCode = Object.fromEntries(u.charges_usage.map((c) => [c.billable_metric.code, c]));
    // 28.18 units: 10 × 1 + 18.18 × 0.5 + 3 = 22.09 €.
    expect(byCode["a"]).toMatchObject({ projected_units: "28.18", projected_amount_cents: 2209 });
    // 28.18 units in the second range: 28.18 × 0.5 + 1 = 15.09 €.
    expect(byCode["b"]).toMatchObject({ projected_units: "28.18", projected_amount_cents: 1509 });
    // ceil(28.18 / 10) = 3 packages × 5 €.
    expect(byCode["c"]).toMatchObject({ projected_units: "28.18", projected_amount_cents: 1500 });
    // 10 % of 110 = 11 € → 11 × 31 / 11 = 31 €; units 110 × 31 / 11 = 310.
    expect(byCode["d"]).toMatchObject({ amount_cents: 1100, projected_units: "310", projected_amount_cents: 3100 });
    expect(u.projected_amount_cents).toBe(2209 + 1509 + 1500 + 3100);
  });

  it("projects exactly: a tie at the third decimal rounds up (0.015 units at 3/31 → 0.155 → 0.16)", () => {
    const u = ok(projectedUsage(usageInput({
      catalog: { billable_metrics: [metric("m", { aggregation_type: "sum_agg", field_name: "v" })],
        plans: [plan([{ billable_metric_code: "m", charge_model: "standard", properties: { amount: "100" } }])] },
      events: [{ code: "m", at: "2025-01-02T00:00:00Z", properties: { v: "0.015" } }],
      window: jan.window, now: "2025-01-03T00:00:00Z", issuing_date: jan.issuing_date,
    })));
    expect(u.charges_usage[0]).toMatchObject({ projected_units: "0.16", projected_amount_cents: 1600 });
  });

  it("ignores charge options (never charge_not_found) and reports its ratio", () => {
    const r = projectedUsage({ ...usageInput(example), options: { charge_id: "missing" } });
    expect(r.customer_projected_usage.charges_usage).toHaveLength(2);
    expect(r.ratio).toEqual({ passed: 10, total: 31 });
    expect(r.fees.length).toBeGreaterThan(0);
  });
});
