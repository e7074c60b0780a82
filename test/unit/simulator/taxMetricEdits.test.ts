/**
 * Taxes and billable metrics updated and deleted (operations beyond the contract's list):
 * `update_tax` / `delete_tax` (later invoices, fees and usage use the new tax or none, drafts
 * are refreshed, issued invoices do not change), `update_billable_metric` /
 * `delete_billable_metric` (only name, description and filters while plans use it, the charges' filters
 * trimmed; its charges and
 * alerts removed) — and that a refused one changes nothing but its response.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const D = (month: string, day: string): string => `2024-${month}-${day}T00:00:00Z`;
const CALLS = { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } };
const plan = (code: string, extra: Obj = {}): Obj =>
  ({ code, name: code, interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: false, charges: [CALLS], ...extra });

function run(steps: Obj[], opts: { until?: string; org?: Obj; plans?: Obj[] } = {}) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"], ...opts.org },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }, { code: "gst", name: "GST", rate: "5" }, { code: "low", name: "Low", rate: "2" }],
    billable_metrics: [
      { code: "calls", name: "Calls", aggregation_type: "count_agg" },
      { code: "spare", name: "Spare", aggregation_type: "count_agg", filters: [{ key: "region", values: ["eu"] }] },
    ],
    add_ons: [{ code: "setup", name: "Setup", amount_cents: 5000, amount_currency: "EUR", tax_codes: ["low"] }],
    plans: opts.plans ?? [plan("basic")],
    steps,
    until: opts.until ?? "2024-05-01T00:00:00Z",
  });
  return r as unknown as { invoices: Obj[]; responses: Obj[]; webhooks: Obj[]; warnings: Obj[]; credit_notes: Obj[]; fees: Obj[] } & Obj;
}
const step = (at: string, op: string, body: Obj): Obj => ({ at, op, body });
const customer = (extra: Obj = {}): Obj => step(D("03", "01"), "create_customer", { external_id: "c1", currency: "EUR", ...extra });
const subscribe = (planCode = "basic"): Obj => step(D("03", "01"), "create_subscription", { external_customer_id: "c1", external_id: "s1", plan_code: planCode });
const calls = (at: string, n: number, tag: string): Obj =>
  step(at, "create_events", { events: Array.from({ length: n }, (_, i) => ({ transaction_id: `${tag}${i}`, code: "calls", external_subscription_id: "s1", timestamp: at })) });
const usage = (at: string): Obj => step(at, "fetch_current_usage", { external_customer_id: "c1", external_subscription_id: "s1" });
const error = (r: Obj | undefined): unknown => (r?.["error"] as Obj | undefined)?.["code"];
const taxCodes = (inv: Obj): unknown[] => (inv["applied_taxes"] as Obj[]).map((t) => [t["tax_code"], t["tax_rate"]]);

/** The outputs of `steps` with and without `refused` inserted at `index`, the responses left out. */
function unchangedBy(steps: Obj[], index: number, refused: Obj, opts: Parameters<typeof run>[1] = {}): void {
  const without = run(steps, opts);
  const withIt = run([...steps.slice(0, index), refused, ...steps.slice(index)], opts);
  expect(error(withIt.responses[index])).toBeDefined();
  const strip = (r: Obj): Obj => ({ ...r, responses: [] });
  expect(strip(withIt)).toEqual(strip(without));
}

/** Base timeline: a subscription from 1 March, 3 calls in March (billed on 1 April), 2 in April. */
const BASE = [customer(), subscribe(), calls(D("03", "10"), 3, "m")];

describe("update_tax", () => {
  it("later invoices and current usage use the new rate; the invoice already issued does not change", () => {
    const tail = [calls(D("04", "10"), 2, "a"), usage(D("04", "11"))];
    const before = run([...BASE, ...tail]);
    const r = run([...BASE, step(D("04", "05"), "update_tax", { code: "vat", tax: { rate: 10, name: "VAT reduced", code: "other" } }), ...tail]);
    expect(r.responses[3]!["tax"]).toMatchObject({ code: "vat", name: "VAT reduced", rate: 10, applied_to_organization: true });
    expect(r.warnings.map((w) => w["code"])).toEqual(["ignored_field"]);
    // The April invoice (issued before the change) is the same object, byte for byte, as without it.
    expect(JSON.stringify(r.invoices[0])).toBe(JSON.stringify(before.invoices[0]));
    expect(taxCodes(r.invoices[0]!)).toEqual([["vat", 20]]);
    // Later: the new rate, under the new name.
    expect(taxCodes(r.invoices[1]!)).toEqual([["vat", 10]]);
    expect((r.invoices[1]!["applied_taxes"] as Obj[])[0]).toMatchObject({ tax_name: "VAT reduced" });
    expect(r.invoices[1]!["taxes_amount_cents"]).toBe(Math.round((1000 + 200) * 0.1));
    expect(r.responses[5]!["customer_usage"]).toMatchObject({ amount_cents: 200, taxes_amount_cents: 20 });
    expect(before.responses[4]!["customer_usage"]).toMatchObject({ amount_cents: 200, taxes_amount_cents: 40 });
  });

  it("subscriptions stay on their plan: a later update_plan still reaches them, and a child plan (plan_overrides) gets the new rate too", () => {
    const r = run([customer(), subscribe(), step(D("03", "01"), "create_subscription", { external_customer_id: "c1", external_id: "s2", plan_code: "basic", plan_overrides: { amount_cents: 2000 } }),
      step(D("03", "05"), "update_tax", { code: "vat", tax: { rate: 10 } }), step(D("03", "06"), "update_plan", { code: "basic", amount_cents: 3000 })], { until: D("04", "01") });
    const subscriptionFees = r.invoices.flatMap((i) => (i["fees"] as Obj[]).filter((f) => (f["item"] as Obj)["type"] === "subscription"));
    expect(subscriptionFees.map((f) => [f["amount_cents"], f["taxes_rate"]]).sort()).toEqual([[2000, 10], [3000, 10]]);
  });

  it("a credit note on an invoice issued before the change credits the tax it was issued with", () => {
    const steps = [...BASE, step(D("04", "05"), "update_tax", { code: "vat", tax: { rate: 10 } })];
    const first = run(steps, { until: D("04", "05") }).invoices[0]!;
    const fee = (first["fees"] as Obj[]).find((f) => (f["item"] as Obj)["type"] === "charge")!;
    const r = run([...steps, step(D("04", "06"), "create_credit_note", { invoice_id: first["svc_id"], reason: "other", credit_amount_cents: 360, items: [{ fee_id: fee["svc_id"], amount_cents: 300 }] })], { until: D("04", "06") });
    expect(error(r.responses[4])).toBeUndefined();
    expect((r.responses[4]!["credit_note"] as Obj)).toMatchObject({ taxes_amount_cents: 60, total_amount_cents: 360 });
  });

  it("applied_to_organization adds the tax to the organization's (customers without taxes of their own get it)", () => {
    const r = run([...BASE, step(D("03", "20"), "update_tax", { code: "gst", tax: { applied_to_organization: true } }), usage(D("03", "21"))]);
    expect(r.responses[3]!["tax"]).toMatchObject({ code: "gst", applied_to_organization: true });
    expect(r.responses[4]!["customer_usage"]).toMatchObject({ amount_cents: 300, taxes_amount_cents: 75 });
    expect(taxCodes(r.invoices[0]!)).toEqual([["vat", 20], ["gst", 5]]);
    const out = run([...BASE, step(D("03", "20"), "update_tax", { code: "vat", tax: { applied_to_organization: false } })]);
    expect(out.invoices[0]!["taxes_amount_cents"]).toBe(0);
  });

  it("a draft the tax reaches is refreshed with the new rate, and finalized with it", () => {
    const steps = [...BASE, step(D("04", "02"), "update_tax", { code: "vat", tax: { rate: 10 } })];
    const draft = run(steps, { org: { invoice_grace_period: 3 }, until: D("04", "02") });
    expect(draft.invoices[0]).toMatchObject({ status: "draft" });
    expect(taxCodes(draft.invoices[0]!)).toEqual([["vat", 10]]);
    const final = run(steps, { org: { invoice_grace_period: 3 }, until: D("04", "05") });
    expect(final.invoices[0]).toMatchObject({ status: "finalized", taxes_amount_cents: 130 });
  });

  it("refuses an unknown tax, a missing code or a bad rate, changing nothing", () => {
    unchangedBy(BASE, 3, step(D("03", "20"), "update_tax", { code: "nope", tax: { rate: 1 } }));
    unchangedBy(BASE, 3, step(D("03", "20"), "update_tax", { tax: { rate: 1 } }));
    unchangedBy(BASE, 3, step(D("03", "20"), "update_tax", { code: "vat", tax: { rate: "lots" } }));
    unchangedBy(BASE, 3, step(D("03", "20"), "update_tax", { code: "vat", tax: { name: "" } }));
    expect(error(run([...BASE, step(D("03", "20"), "update_tax", { code: "nope", tax: {} })]).responses[3])).toBe("tax_not_found");
  });
});

describe("delete_tax", () => {
  it("stops applying the tax from the organization, customers, plans, charges and add-ons; issued invoices keep it", () => {
    const plans = [plan("basic", { tax_codes: ["gst"], charges: [{ ...CALLS, tax_codes: ["gst", "low"] }] })];
    const tail = [calls(D("04", "10"), 2, "a"), usage(D("04", "11"))];
    const before = run([...BASE, ...tail], { plans });
    const r = run([...BASE, step(D("04", "05"), "delete_tax", { code: "gst" }), ...tail,
      step(D("04", "12"), "create_customer", { external_id: "c2", tax_codes: ["gst"] })], { plans });
    expect(r.responses[3]!["tax"]).toMatchObject({ code: "gst", plans_count: 0, charges_count: 0, customers_count: 0 });
    expect(JSON.stringify(r.invoices[0])).toBe(JSON.stringify(before.invoices[0]));
    // April: the subscription fee passes from the plan's (gone) to the organization's; the charge keeps `low`.
    const fees = (r.invoices[1]!["fees"] as Obj[]).map((f) => [(f["item"] as Obj)["type"], (f["applied_taxes"] as Obj[]).map((t) => t["tax_code"])]);
    expect(fees).toEqual([["subscription", ["vat"]], ["charge", ["low"]]]);
    expect(r.responses[5]!["customer_usage"]).toMatchObject({ taxes_amount_cents: 4 });
    // A deleted tax is unknown: the customer step is the reference's not-found.
    expect(error(r.responses[6])).toBe("tax_not_found");
  });

  it("a customer's own tax deleted: its invoices fall back to the organization's", () => {
    const r = run([customer({ tax_codes: ["low"] }), subscribe(), calls(D("03", "10"), 3, "m"), step(D("03", "20"), "delete_tax", { code: "low" })]);
    expect(taxCodes(r.invoices[0]!)).toEqual([["vat", 20]]);
    const oneOff = run([customer({ tax_codes: ["gst"] }), step(D("03", "20"), "delete_tax", { code: "low" }),
      step(D("03", "21"), "create_one_off_invoice", { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup" }] })]);
    expect(taxCodes(oneOff.invoices[0]!)).toEqual([["gst", 5]]);
  });

  it("refuses an unknown tax, changing nothing", () => {
    unchangedBy(BASE, 3, step(D("03", "20"), "delete_tax", { code: "nope" }));
    unchangedBy(BASE, 3, step(D("03", "20"), "delete_tax", {}));
    expect(error(run([...BASE, step(D("03", "20"), "delete_tax", { code: "nope" })]).responses[3])).toBe("tax_not_found");
  });
});

describe("update_billable_metric", () => {
  it("a metric plans use changes its name and description only; later usage and invoices show them, issued ones keep theirs", () => {
    const tail = [calls(D("04", "10"), 2, "a"), usage(D("04", "11"))];
    const before = run([...BASE, ...tail]);
    const r = run([...BASE, step(D("04", "05"), "update_billable_metric", { code: "calls", billable_metric: { name: "API calls", description: "Requests", aggregation_type: "sum_agg", field_name: "n" } }), ...tail]);
    expect(r.responses[3]!["billable_metric"]).toMatchObject({ code: "calls", name: "API calls", description: "Requests", aggregation_type: "count_agg", field_name: null });
    expect(r.warnings.map((w) => [w["code"], String(w["message"]).includes("aggregation_type, field_name")])).toEqual([["ignored_field", true]]);
    expect(r.webhooks.filter((w) => w["type"] === "billable_metric.updated").map((w) => w["at"])).toEqual([D("04", "05")]);
    expect(JSON.stringify(r.invoices[0])).toBe(JSON.stringify(before.invoices[0]));
    const usageCharge = ((r.responses[5]!["customer_usage"] as Obj)["charges_usage"] as Obj[])[0]!;
    expect(usageCharge["billable_metric"]).toMatchObject({ name: "API calls", aggregation_type: "count_agg" });
    expect(usageCharge["units"]).toBe("2");
    const charge = (r.invoices[1]!["fees"] as Obj[]).find((f) => (f["item"] as Obj)["type"] === "charge")!;
    expect(charge["item"]).toMatchObject({ name: "API calls", description: "Requests" });
    expect(charge["units"]).toBe("2");
  });

  it("a metric no plan uses takes every field", () => {
    const r = run([customer(), step(D("03", "02"), "update_billable_metric", { code: "spare", billable_metric: { aggregation_type: "sum_agg", field_name: "n", filters: [] } })]);
    expect(r.responses[1]!["billable_metric"]).toMatchObject({ code: "spare", aggregation_type: "sum_agg", field_name: "n", filters: [] });
    expect(r.warnings).toEqual([]);
  });

  it("a filters change of a metric plans use trims its charges' filters (the reference's filter batch update)", () => {
    const filter = (values: Obj, amount: string): Obj => ({ values, properties: { amount }, invoice_display_name: null });
    const charged = { billable_metric_code: "spare", charge_model: "standard", properties: { amount: "0" },
      filters: [filter({ region: ["eu"] }, "1"), filter({ region: ["eu", "us"] }, "2"), filter({ region: ["eu"], cloud: ["aws"] }, "3"),
        filter({ region: ["__ALL_FILTER_VALUES__"], cloud: ["gcp"] }, "4"), filter({ cloud: ["aws"] }, "5")] };
    const opts = { plans: [plan("basic", { charges: [charged] })] };
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [{ code: "spare", name: "Spare", aggregation_type: "count_agg", filters: [{ key: "region", values: ["eu", "us", "asia"] }, { key: "cloud", values: ["aws", "gcp"] }] }],
      plans: opts.plans,
      steps: [customer(), subscribe(),
        step(D("03", "05"), "update_billable_metric", { code: "spare", billable_metric: { filters: [{ key: "region", values: ["us", "asia"] }, { key: "cloud", values: ["aws", "gcp"] }] } }),
        step(D("03", "06"), "update_plan", { code: "basic", plan: { code: "basic", name: "basic" } })],
      until: "2024-03-07T00:00:00Z",
    }) as unknown as { responses: Obj[]; warnings: Obj[] };
    expect(r.responses[2]!["billable_metric"]).toMatchObject({ filters: [{ key: "region", values: ["asia", "us"] }, { key: "cloud", values: ["aws", "gcp"] }] });
    expect(r.warnings).toEqual([]);
    const charge = ((r.responses[3]!["plan"] as Obj)["charges"] as Obj[])[0]!;
    // eu was removed: [eu] goes, [eu, us] keeps us, {eu, aws} keeps its cloud key, the others stay.
    expect((charge["filters"] as Obj[]).map((f) => [f["values"], (f["properties"] as Obj)["amount"]])).toEqual([
      [{ region: ["us"] }, "2"], [{ cloud: ["aws"] }, "3"], [{ region: ["__ALL_FILTER_VALUES__"], cloud: ["gcp"] }, "4"], [{ cloud: ["aws"] }, "5"],
    ]);
  });

  it("removing a filter key, or every filter, drops it from the charges' filters; later invoices bill without it", () => {
    const charged = { billable_metric_code: "spare", charge_model: "standard", properties: { amount: "1" }, filters: [{ values: { region: ["eu"] }, properties: { amount: "5" } }] };
    const plans = [plan("basic", { charges: [charged] })];
    const ev = (at: string, tag: string, region: string): Obj => step(at, "create_events", { events: [{ transaction_id: tag, code: "spare", external_subscription_id: "s1", timestamp: at, properties: { region } }] });
    const head = [customer(), subscribe(), ev(D("03", "10"), "e1", "eu"), ev(D("03", "11"), "e2", "us")];
    const kept = run(head, { plans, until: "2024-04-02T00:00:00Z" });
    const cleared = run([...head, step(D("03", "20"), "update_billable_metric", { code: "spare", billable_metric: { filters: [] } })], { plans, until: "2024-04-02T00:00:00Z" });
    const charges = (r: typeof kept): unknown[] => (r.invoices[0]!["fees"] as Obj[]).filter((f) => (f["item"] as Obj)["type"] === "charge").map((f) => [f["units"], f["amount_cents"]]);
    // With the filter: 1 eu event at 5, 1 other at 1; without it: both at 1.
    expect(charges(kept)).toEqual([["1", 500], ["1", 100]]);
    expect(charges(cleared)).toEqual([["2", 200]]);
  });

  it("refuses an unknown metric, a bad field or filter — changing nothing", () => {
    const plans = [plan("basic", { charges: [{ billable_metric_code: "spare", charge_model: "standard", properties: { amount: "1" } }] })];
    unchangedBy(BASE, 3, step(D("03", "20"), "update_billable_metric", { code: "spare", billable_metric: { filters: [{ key: "region", values: [] }] } }), { plans });
    unchangedBy(BASE, 3, step(D("03", "20"), "update_billable_metric", { code: "nope", billable_metric: { name: "x" } }));
    unchangedBy(BASE, 3, step(D("03", "20"), "update_billable_metric", { code: "spare", billable_metric: { aggregation_type: "median_agg" } }));
    unchangedBy(BASE, 3, step(D("03", "20"), "update_billable_metric", { code: "spare", billable_metric: { aggregation_type: "sum_agg" } }));
    unchangedBy(BASE, 3, step(D("03", "20"), "update_billable_metric", { code: "calls", billable_metric: { name: 3 } }));
  });
});

describe("delete_billable_metric", () => {
  it("removes its charges from the plans and its alerts: its events stop counting; issued invoices keep their fees", () => {
    const alert = step(D("03", "02"), "create_alert", { external_subscription_id: "s1", alert_type: "billable_metric_current_usage_units", code: "many", billable_metric_code: "calls", thresholds: [{ value: "1" }] });
    const tail = [calls(D("04", "10"), 2, "a"), usage(D("04", "11")), step(D("04", "12"), "create_alert", { external_subscription_id: "s1", alert_type: "billable_metric_current_usage_units", code: "again", billable_metric_code: "calls", thresholds: [{ value: "1" }] })];
    const head = [customer(), subscribe(), alert, calls(D("03", "10"), 3, "m")];
    const before = run([...head, ...tail]);
    const r = run([...head, step(D("04", "05"), "delete_billable_metric", { code: "calls" }), ...tail]);
    expect(r.responses[4]!["billable_metric"]).toMatchObject({ code: "calls", name: "Calls" });
    expect(r.webhooks.filter((w) => w["type"] === "billable_metric.deleted").map((w) => w["at"])).toEqual([D("04", "05")]);
    expect(JSON.stringify(r.invoices[0])).toBe(JSON.stringify(before.invoices[0]));
    expect((r.invoices[1]!["fees"] as Obj[]).map((f) => (f["item"] as Obj)["type"])).toEqual(["subscription"]);
    expect(r.responses[6]!["customer_usage"]).toMatchObject({ amount_cents: 0, charges_usage: [] });
    expect(error(r.responses[7])).toBe("billable_metric_not_found");
    // Its alert is gone.
    const fetch = step(D("04", "13"), "fetch_alert", { external_subscription_id: "s1", code: "many" });
    expect(run([...head, ...tail, fetch]).responses[7]!["alert"]).toMatchObject({ code: "many" });
    expect(error(run([...head, step(D("04", "05"), "delete_billable_metric", { code: "calls" }), ...tail, fetch]).responses[8])).toBe("alert_not_found");
  });

  it("a draft that billed its charges is refreshed without them", () => {
    const steps = [...BASE, step(D("04", "02"), "delete_billable_metric", { code: "calls" })];
    const draft = run(steps, { org: { invoice_grace_period: 3 }, until: D("04", "02") });
    expect(draft.invoices[0]).toMatchObject({ status: "draft", fees_amount_cents: 1000 });
    const final = run(steps, { org: { invoice_grace_period: 3 }, until: D("04", "05") });
    expect(final.invoices[0]).toMatchObject({ status: "finalized", fees_amount_cents: 1000 });
  });

  it("refuses an unknown metric, changing nothing; the deleted code is unknown afterwards", () => {
    unchangedBy(BASE, 3, step(D("03", "20"), "delete_billable_metric", { code: "nope" }));
    const r = run([...BASE, step(D("03", "20"), "delete_billable_metric", { code: "spare" }), step(D("03", "21"), "delete_billable_metric", { code: "spare" }),
      step(D("03", "22"), "update_plan", { code: "basic", charges: [CALLS, { billable_metric_code: "spare", charge_model: "standard", properties: { amount: "1" } }] })]);
    expect(error(r.responses[4])).toBe("billable_metric_not_found");
    expect(error(r.responses[5])).toBeDefined();
  });
});
