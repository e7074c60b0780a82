/**
 * The JSON entry points name a key they do not know (`unknown_key` at its path), beside the
 * missing key a misspelling shadows; the whole objects of the specification (a plan's charge,
 * a billable metric, a plan, a subscription) and `aggregate`'s own result are known. Enum
 * refusals say the valid values.
 */
import { describe, expect, it } from "vitest";
import { aggregate, applyChargeModel, billingPeriod, isValidationError } from "../../../src/index.js";

function refusal(f: () => unknown): { details: Record<string, string[]>; message: string } {
  try {
    f();
  } catch (err) {
    if (isValidationError(err)) return { details: err.toJSON().error_details, message: err.message };
    throw err;
  }
  throw new Error("accepted");
}

const events = [{ transaction_id: "t1", external_subscription_id: "s", code: "c", timestamp: "2024-03-05T10:00:00Z", properties: { v: "2" } }];
const window = { from_datetime: "2024-03-01T00:00:00Z", to_datetime: "2024-03-31T23:59:59Z" };
const period = { plan: { interval: "monthly" }, subscription: { billing_time: "calendar", subscription_at: "2024-01-01T00:00:00Z", started_at: "2024-01-01T00:00:00Z", status: "active" }, billing_at: "2024-02-01T00:00:00Z" };

describe("unknown keys", () => {
  it("applyChargeModel: a misspelt key is unknown_key, beside the key it shadows", () => {
    const r = refusal(() => applyChargeModel({ charge: { charge_model: "standard", propertie: { amount: "1" } }, aggregation: { units: "1" } }));
    expect(r.details["charge.propertie"]).toEqual(["unknown_key"]);
    expect(Object.keys(r.details).some((k) => k.startsWith("charge.properties"))).toBe(true);
    expect(refusal(() => applyChargeModel({ charge: { charge_model: "standard", properties: { amount: "1" } }, aggregation: { units: "1", unit: "2" }, curency: "EUR" })).details)
      .toEqual({ "aggregation.unit": ["unknown_key"], curency: ["unknown_key"] });
  });

  it("applyChargeModel: a plan's whole charge, and aggregate's result as the aggregation, are accepted", () => {
    const usage = aggregate({ billable_metric: { code: "c", aggregation_type: "sum_agg", field_name: "v" }, events, ...window });
    const charge = { charge_model: "standard", properties: { amount: "3" }, billable_metric_code: "c", invoiceable: true, invoice_display_name: "C", min_amount_cents: 0, filters: [], tax_codes: [] };
    expect(applyChargeModel({ charge, aggregation: usage }).amount).toBe("6");
  });

  it("aggregate: unknown keys at the top, in the metric and in the options", () => {
    const r = refusal(() => aggregate({ billable_metric: { code: "c", aggregation_type: "sum_agg", feild_name: "v" }, events, ...window, group_by: ["x"], options: { free_units: 1 } }));
    expect(r.details["billable_metric.feild_name"]).toEqual(["unknown_key"]);
    expect(r.details["billable_metric.field_name"]).toEqual(["value_is_mandatory"]);
    expect(r.details["group_by"]).toEqual(["unknown_key"]);
    expect(r.details["options.free_units"]).toEqual(["unknown_key"]);
    // The specification's whole billable metric is known.
    const metric = { code: "c", aggregation_type: "sum_agg", field_name: "v", name: "C", description: null, filters: [], recurring: false, svc_id: "x", created_at: "2024-01-01T00:00:00Z" };
    expect(aggregate({ billable_metric: metric, events, ...window }).units).toBe("2");
  });

  it("billingPeriod: unknown keys, and an enum refusal that lists the valid values", () => {
    const r = refusal(() => billingPeriod({ ...period, plan: { interval: "daily", intreval: "monthly" }, timezon: "UTC" }));
    expect(r.details).toEqual({ timezon: ["unknown_key"], "plan.intreval": ["unknown_key"], "plan.interval": ["value_is_invalid"] });
    expect(r.message).toContain("plan.interval value_is_invalid (one of weekly, monthly, quarterly, semiannual, yearly)");
    const plan = { interval: "monthly", code: "p", name: "P", amount_cents: 100, amount_currency: "EUR", charges: [], taxes: [], pay_in_advance: false };
    expect(billingPeriod({ ...period, plan }).from_datetime).toBe("2024-01-01T00:00:00Z");
  });
});
