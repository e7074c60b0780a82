/**
 * Shape errors come back as the engine's issues: specification codes, field paths.
 */
import { describe, expect, it } from "vitest";
import { type Issue, parseCatalogObject, type CatalogKind, ValidationError } from "../../../src/index.js";
import { unwrap } from "../../../src/core/issue.js";

const metric = { code: "api", name: "API calls", aggregation_type: "sum_agg", field_name: "value" };
const standard = { billable_metric_code: "api", charge_model: "standard", properties: { amount: "1" } };
const graduated = {
  billable_metric_code: "api",
  charge_model: "graduated",
  properties: {
    graduated_ranges: [
      { from_value: 0, to_value: 10, per_unit_amount: "1", flat_amount: "0" },
      { from_value: 11, to_value: null, per_unit_amount: "0.5", flat_amount: "0" },
    ],
  },
};
const plan = { code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [standard] };
const coupon = { code: "c", name: "C", coupon_type: "fixed_amount", amount_cents: 500, amount_currency: "EUR", frequency: "once" };

/** The `{code, path}` pairs of a result's issues (`[]` when it parsed). */
function issuesOf(kind: CatalogKind, value: unknown, at?: (string | number)[]): { code: string; path: readonly (string | number)[] }[] {
  const r = parseCatalogObject(kind, value, at);
  return r.ok ? [] : r.issues.map((i: Issue) => ({ code: i.code, path: i.path }));
}

const without = (o: object, key: string): object => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const withProps = (c: typeof graduated, f: (p: typeof graduated.properties) => unknown) => ({ ...c, properties: f(structuredClone(c.properties)) });

describe("parseCatalogObject: one issue per bad field, with the specification's code", () => {
  it.each<[string, CatalogKind, unknown, string, (string | number)[]]>([
    ["missing metric code", "billable_metric", without(metric, "code"), "value_is_mandatory", ["code"]],
    ["null metric name", "billable_metric", { ...metric, name: null }, "value_is_mandatory", ["name"]],
    ["empty metric code", "billable_metric", { ...metric, code: "" }, "value_is_mandatory", ["code"]],
    ["unknown aggregation_type", "billable_metric", { ...metric, aggregation_type: "nope" }, "invalid_value", ["aggregation_type"]],
    ["fractional rounding_precision", "billable_metric", { ...metric, rounding_precision: 1.5 }, "invalid_value", ["rounding_precision"]],
    ["metric filter values not a list", "billable_metric", { ...metric, filters: [{ key: "region", values: "eu" }] }, "invalid_value", ["filters", 0, "values"]],
    ["amount with a comma (charges.md §19.2, §19.4)", "charge", { ...standard, properties: { amount: "1,5" } }, "invalid_amount", ["properties", "amount"]],
    ["amount as a number", "charge", { ...standard, properties: { amount: 5 } }, "invalid_amount", ["properties", "amount"]],
    ["missing amount", "charge", { ...standard, properties: {} }, "invalid_amount", ["properties", "amount"]],
    ["missing charge_model", "charge", without(standard, "charge_model"), "value_is_mandatory", ["charge_model"]],
    ["unknown charge_model", "charge", { ...standard, charge_model: "tiered" }, "value_is_invalid", ["charge_model"]],
    ["missing properties", "charge", without(standard, "properties"), "value_is_mandatory", ["properties"]],
    ["missing per_unit_amount", "charge", withProps(graduated, (p) => ({ graduated_ranges: [p.graduated_ranges[0], without(p.graduated_ranges[1]!, "per_unit_amount")] })), "invalid_amount", ["properties", "graduated_ranges", 1, "per_unit_amount"]],
    ["range bound in words", "charge", withProps(graduated, (p) => ({ graduated_ranges: [{ ...p.graduated_ranges[0]!, to_value: "ten" }, p.graduated_ranges[1]] })), "invalid_graduated_ranges", ["properties", "graduated_ranges", 0, "to_value"]],
    ["package_size as a string", "charge", { ...standard, charge_model: "package", properties: { amount: "1", package_size: "10" } }, "invalid_package_size", ["properties", "package_size"]],
    ["filter price in words", "charge", { ...standard, filters: [{ values: { region: ["eu"] }, properties: { amount: "abc" } }] }, "invalid_amount", ["filters", 0, "properties", "amount"]],
    ["filter values not a list", "charge", { ...standard, filters: [{ values: { region: "eu" }, properties: { amount: "1" } }] }, "invalid_value", ["filters", 0, "values", "region"]],
    ["percentage on a fixed charge", "fixed_charge", { add_on_code: "a", charge_model: "percentage", properties: { rate: "1" } }, "value_is_invalid", ["charge_model"]],
    ["daily plan", "plan", { ...plan, interval: "daily" }, "value_is_invalid", ["interval"]],
    ["unknown plan currency", "plan", { ...plan, amount_currency: "eur" }, "invalid_currency", ["amount_currency"]],
    ["negative plan amount", "plan", { ...plan, amount_cents: -1 }, "value_is_out_of_range", ["amount_cents"]],
    ["fractional cents", "plan", { ...plan, amount_cents: 10.5 }, "invalid_value", ["amount_cents"]],
    ["cents as a string", "plan", { ...plan, amount_cents: "1000" }, "invalid_value", ["amount_cents"]],
    ["bad charge inside a plan", "plan", { ...plan, charges: [standard, { ...standard, properties: { amount: "1,5" } }] }, "invalid_amount", ["charges", 1, "properties", "amount"]],
    ["missing usage threshold amount", "plan", { ...plan, usage_thresholds: [{ recurring: true }] }, "value_is_mandatory", ["usage_thresholds", 0, "amount_cents"]],
    ["percentage coupon without rate", "coupon", { ...coupon, coupon_type: "percentage" }, "value_is_mandatory", ["percentage_rate"]],
    ["unknown coupon_type", "coupon", { ...coupon, coupon_type: "free_lunch" }, "invalid_value", ["coupon_type"]],
    ["weekly coupon frequency", "coupon", { ...coupon, frequency: "weekly" }, "invalid_value", ["frequency"]],
    ["tax rate in words", "tax", { code: "t", name: "T", rate: "ten" }, "invalid_value", ["rate"]],
    ["tax rate that is no plain decimal", "tax", { code: "t", name: "T", rate: 1e21 }, "invalid_value", ["rate"]],
    ["unknown time zone", "organization", { timezone: "Mars/Olympus" }, "invalid_timezone", ["timezone"]],
    ["negative grace period", "organization", { invoice_grace_period: -1 }, "value_is_out_of_range", ["invoice_grace_period"]],
    ["customer without external_id", "customer", { name: "c" }, "value_is_mandatory", ["external_id"]],
    ["impossible subscription date", "subscription", { external_id: "s", external_customer_id: "c", plan_code: "p", subscription_at: "2024-02-30T00:00:00Z" }, "invalid_date", ["subscription_at"]],
    ["unknown billing_time", "subscription", { external_id: "s", external_customer_id: "c", plan_code: "p", billing_time: "sometimes" }, "value_is_invalid", ["billing_time"]],
    ["event timestamp in words", "event", { transaction_id: "t", code: "api", timestamp: "yesterday" }, "invalid_timestamp", ["timestamp"]],
    ["wallet rate as a number", "wallet", { external_customer_id: "c", currency: "EUR", rate_amount: 1 }, "invalid_value", ["rate_amount"]],
    ["wallet expiring on month 13", "wallet", { external_customer_id: "c", currency: "EUR", rate_amount: "1", expiration_at: "2024-13-01" }, "invalid_timestamp", ["expiration_at"]],
    ["a plan that is not an object", "plan", [plan], "invalid_value", []],
  ])("%s", (_, kind, value, code, path) => {
    expect(issuesOf(kind, value)).toEqual([{ code, path }]);
  });

  it("reports every bad field at once, in document order", () => {
    const bad = { ...plan, name: undefined, interval: "daily", charges: [{ ...standard, properties: { amount: "x" } }] };
    expect(issuesOf("plan", bad)).toEqual([
      { code: "value_is_mandatory", path: ["name"] },
      { code: "value_is_invalid", path: ["interval"] },
      { code: "invalid_amount", path: ["charges", 0, "properties", "amount"] },
    ]);
  });

  it("prefixes paths with where the object sits", () => {
    const catalog = { plans: [plan, { ...plan, charges: [{ ...standard, properties: { amount: "1,5" } }] }] };
    expect(issuesOf("catalog", catalog, ["input"])).toEqual([
      { code: "invalid_amount", path: ["input", "plans", 1, "charges", 0, "properties", "amount"] },
    ]);
    expect(issuesOf("tax", {}, ["taxes", 3])).toEqual([
      { code: "value_is_mandatory", path: ["taxes", 3, "code"] },
      { code: "value_is_mandatory", path: ["taxes", 3, "name"] },
      { code: "value_is_mandatory", path: ["taxes", 3, "rate"] },
    ]);
  });

  it("refuses an unknown kind as data, not by throwing", () => {
    expect(issuesOf("invoice" as CatalogKind, {})).toEqual([{ code: "invalid_value", path: [] }]);
  });

  it("keeps unknown keys and leaves semantic rules to the engine", () => {
    const r = parseCatalogObject("charge", { ...standard, properties: { amount: "-3" }, x_custom: { a: 1 } });
    expect(r).toEqual({ ok: true, value: { ...standard, properties: { amount: "-3" }, x_custom: { a: 1 } } });
  });

  it("becomes the engine's ValidationError with error_details by dot path", () => {
    const r = parseCatalogObject("billable_metric", { ...metric, code: undefined, aggregation_type: "nope" }, ["billable_metrics", 0]);
    expect(() => unwrap(r)).toThrow(ValidationError);
    try {
      unwrap(r);
    } catch (e) {
      expect((e as ValidationError).toJSON()).toEqual({
        error: "Unprocessable Entity",
        code: "validation_errors",
        error_details: {
          "billable_metrics.0.code": ["value_is_mandatory"],
          "billable_metrics.0.aggregation_type": ["invalid_value"],
        },
      });
    }
  });
});
