/** The README example, so the README cannot drift from the engine. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as entry from "../../src/index.js";
import { aggregate, applyChargeModel, billingPeriod } from "../../src/index.js";

/** Backticked words in the API section that are not export names. */
const NOT_FUNCTIONS = new Set(["units", "amount", "unit_amount", "amount_details", "ratecard", "schemas", "docs"]);

describe("README quick start", () => {
  it("prices 2,500 calls at 3 as the README says, and links guides that exist", () => {
    const readme = fs.readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
    const quick = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Develop"));
    expect(quick).toContain('applyChargeModel({ charge, aggregation: { units: "2500" } }).amount; // "3"');
    const charge = { charge_model: "graduated", properties: { graduated_ranges: [
      { from_value: 0, to_value: 1000, per_unit_amount: "0", flat_amount: "0" },
      { from_value: 1000, to_value: null, per_unit_amount: "0.002", flat_amount: "0" },
    ] } };
    expect(applyChargeModel({ charge, aggregation: { units: "2500" } }).amount).toBe("3");
    for (const m of quick.matchAll(/`((?:docs|examples)\/[^`\s]+)`/g)) {
      expect(fs.existsSync(path.resolve(__dirname, "../..", m[1]!)), m[1]).toBe(true);
    }
  });
});

describe("README example", () => {
  it("prices a month of usage as the README says", () => {
    const period = billingPeriod({
      plan: { interval: "monthly", pay_in_advance: false },
      subscription: {
        billing_time: "anniversary", subscription_at: "2024-01-15T00:00:00Z",
        started_at: "2024-01-15T00:00:00Z", terminated_at: null, status: "active",
      },
      timezone: "Europe/Paris",
      billing_at: "2024-03-15T00:00:00Z",
    });
    expect(period.charges_from_datetime).toBe("2024-02-14T23:00:00Z");

    const usage = aggregate({
      billable_metric: { code: "gb", aggregation_type: "sum_agg", field_name: "gb" },
      events: [{ transaction_id: "t1", code: "gb", timestamp: "2024-03-01T10:00:00Z", properties: { gb: "12.5" } }],
      from_datetime: period.charges_from_datetime, to_datetime: period.charges_to_datetime,
    }) as { units: string };
    expect(usage.units).toBe("12.5");

    const fee = applyChargeModel({
      charge: { charge_model: "graduated", properties: { graduated_ranges: [
        { from_value: 0, to_value: 10, per_unit_amount: "0", flat_amount: "0" },
        { from_value: 10, to_value: null, per_unit_amount: "0.25", flat_amount: "1" } ] } },
      aggregation: { units: usage.units },
    });
    expect(fee.amount).toBe("1.625");
    expect(fee.amount_details["graduated_ranges"]).toHaveLength(2);
  });

  it("runs the typed-API example", () => {
    const graduated = { charge_model: "graduated", properties: { graduated_ranges: [
      { from_value: 0, to_value: 10, per_unit_amount: "0", flat_amount: "0" },
      { from_value: 10, to_value: null, per_unit_amount: "0.25", flat_amount: "1" } ] } };
    const r = entry.rateCharge(graduated, { units: "12.5" });
    expect(r.amount.toString()).toBe("1.625");
    expect(entry.toMinorUnits(r.amount, "EUR")).toBe(163n);
    expect(entry.prepareCharge(graduated).rate("20").toString()).toBe("3.5");
  });

  it("names every bad field at once, as the README shows", () => {
    const bad = () =>
      applyChargeModel({
        charge: { charge_model: "graduated", properties: { graduated_ranges: [
          { from_value: 0, to_value: 10, per_unit_amount: "1", flat_amount: "0" },
          { from_value: 15, to_value: null, per_unit_amount: "1", flat_amount: "0" } ] } },
        aggregation: { units: "abc" },
      });
    expect(bad).toThrow(expect.objectContaining({
      code: "validation_errors",
      error_details: {
        "charge.properties.graduated_ranges.1.from_value": ["invalid_graduated_ranges"],
        "aggregation.units": ["invalid_value"],
      },
    }));
  });

  it("lists only functions the package exports", () => {
    const readme = fs.readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
    const api = readme.slice(readme.indexOf("## API"), readme.indexOf("## License"));
    const names = [...api.matchAll(/`([a-z][A-Za-z0-9]+)(?:\(input\))?`/g)].map((m) => m[1]!);
    const exported = Object.keys(entry);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((n) => !exported.includes(n) && !NOT_FUNCTIONS.has(n))).toEqual([]);
  });

  it("quotes the figures the test checks", () => {
    const readme = fs.readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");
    expect(readme).toContain('"2024-02-14T23:00:00Z"');
    expect(readme).toContain('fee.amount → "1.625"');
  });
});
