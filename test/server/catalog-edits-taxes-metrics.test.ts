/**
 * `ratecard serve`: taxes and billable metrics updated and deleted — `PUT`/`DELETE
 * /taxes/:code` and `/billable_metrics/:code` — each answer equal to the same step's in
 * `simulate`; an invoice issued before does not change; a refused call changes nothing; a new
 * object naming a deleted one is refused as an unknown one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, type Reply, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
const CAT = {
  ...CATALOG,
  organization: { ...CATALOG.organization, tax_codes: ["vat"] },
  taxes: [{ code: "vat", name: "VAT", rate: "20" }, { code: "gst", name: "GST", rate: "5" }],
  billable_metrics: [...CATALOG.billable_metrics, { code: "spare", name: "Spare", aggregation_type: "count_agg" }],
};
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-02-05T00:00:00Z";
const EVENT = { transaction_id: "t1", code: "api_calls", external_subscription_id: "s1", timestamp: "2024-01-10T00:00:00Z", properties: { calls: 4 } };
const LATER = { ...EVENT, transaction_id: "t2", timestamp: "2024-02-04T00:00:00Z" };

const STEPS = [
  { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } },
  { at: T0, op: "create_event", body: EVENT },
  { at: T1, op: "create_event", body: LATER },
  { at: T1, op: "update_tax", body: { code: "vat", tax: { rate: 10, name: "VAT (reduced)" } } },
  { at: T1, op: "update_billable_metric", body: { code: "api_calls", billable_metric: { name: "Calls", description: "Requests" } } },
  { at: T1, op: "update_billable_metric", body: { code: "api_calls", billable_metric: { filters: [{ key: "region", values: ["eu"] }] } } },
  { at: T1, op: "update_billable_metric", body: { code: "spare", billable_metric: { aggregation_type: "sum_agg", field_name: "n" } } },
  { at: T1, op: "delete_tax", body: { code: "gst" } },
  { at: T1, op: "delete_billable_metric", body: { code: "spare" } },
  { at: T1, op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
];
const expected = simulate({ ...CAT, steps: STEPS });
const responses = expected.responses as Obj[];

let server: ServeHandle;
const r: Record<string, Reply> = {};
let invoiceId = "";

beforeAll(async () => {
  server = await start({ catalog: CAT, now: T0 });
  await call(server, "POST", "/api/v1/customers", { customer: STEPS[0]!.body });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: STEPS[1]!.body });
  await call(server, "POST", "/api/v1/events", { event: EVENT });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
  await call(server, "POST", "/api/v1/events", { event: LATER });
  invoiceId = String(((await call(server, "GET", "/api/v1/invoices?external_customer_id=c1")).body["invoices"] as Obj[])[0]!["lago_id"]);
  r["invoice_before"] = await call(server, "GET", `/api/v1/invoices/${invoiceId}`);
  r["bad_tax"] = await call(server, "PUT", "/api/v1/taxes/vat", { tax: { rate: "lots" } });
  r["tax"] = await call(server, "PUT", "/api/v1/taxes/vat", { tax: { rate: 10, name: "VAT (reduced)" } });
  r["metric"] = await call(server, "PUT", "/api/v1/billable_metrics/api_calls", { billable_metric: { name: "Calls", description: "Requests" } });
  r["filters"] = await call(server, "PUT", "/api/v1/billable_metrics/api_calls", { billable_metric: { filters: [{ key: "region", values: ["eu"] }] } });
  r["spare"] = await call(server, "PUT", "/api/v1/billable_metrics/spare", { billable_metric: { aggregation_type: "sum_agg", field_name: "n" } });
  r["tax_deleted"] = await call(server, "DELETE", "/api/v1/taxes/gst");
  r["metric_deleted"] = await call(server, "DELETE", "/api/v1/billable_metrics/spare");
  r["usage"] = await call(server, "GET", "/api/v1/customers/c1/current_usage?external_subscription_id=s1");
  r["invoice_after"] = await call(server, "GET", `/api/v1/invoices/${invoiceId}`);
});
afterAll(async () => server.close());

describe("ratecard serve: taxes and billable metrics updated and deleted", () => {
  it("updates a tax (PUT /taxes/:code) as simulate does; current usage takes the new rate, the issued invoice does not change", () => {
    expect(r["bad_tax"]!.status).toBe(422);
    expect(r["tax"]).toEqual({ status: 200, body: toWire(responses[4]) });
    expect(r["tax"]!.body["tax"]).toMatchObject({ code: "vat", rate: 10, name: "VAT (reduced)" });
    expect(r["usage"]).toEqual({ status: 200, body: toWire(responses[10]) });
    expect(r["usage"]!.body["customer_usage"]).toMatchObject({ amount_cents: 100, taxes_amount_cents: 10 });
    expect(r["invoice_after"]).toEqual(r["invoice_before"]);
    expect(((r["invoice_after"]!.body["invoice"] as Obj)["applied_taxes"] as Obj[]).map((t) => t["tax_rate"])).toEqual([20]);
  });

  it("updates billable metrics: a metric plans use only by name, description and filters", () => {
    expect(r["metric"]).toEqual({ status: 200, body: toWire(responses[5]) });
    expect(r["filters"]).toEqual({ status: 200, body: toWire(responses[6]) });
    expect(r["filters"]!.body["billable_metric"]).toMatchObject({ name: "Calls", filters: [{ key: "region", values: ["eu"] }] });
    expect(r["spare"]).toEqual({ status: 200, body: toWire(responses[7]) });
    expect(r["spare"]!.body["billable_metric"]).toMatchObject({ aggregation_type: "sum_agg", field_name: "n" });
  });

  it("deletes a tax and a metric; naming them afterwards is 404, and their codes cannot be created again", async () => {
    expect(r["tax_deleted"]).toEqual({ status: 200, body: toWire(responses[8]) });
    expect(r["metric_deleted"]).toEqual({ status: 200, body: toWire(responses[9]) });
    expect((await call(server, "GET", "/api/v1/taxes/gst")).status).toBe(404);
    expect((await call(server, "PUT", "/api/v1/taxes/gst", { tax: { rate: 1 } })).body["code"]).toBe("tax_not_found");
    expect((await call(server, "DELETE", "/api/v1/billable_metrics/spare")).body["code"]).toBe("billable_metric_not_found");
    const plan = (extra: Obj): Obj => ({ code: "other", name: "Other", interval: "monthly", amount_cents: 0, amount_currency: "EUR", ...extra });
    expect((await call(server, "POST", "/api/v1/plans", { plan: plan({ tax_codes: ["gst"] }) })).body["code"]).toBe("tax_not_found");
    expect((await call(server, "POST", "/api/v1/plans", { plan: plan({ charges: [{ billable_metric_code: "spare", charge_model: "standard", properties: { amount: "1" } }] }) })).body["code"]).toBe("billable_metric_not_found");
    expect((await call(server, "POST", "/api/v1/taxes", { tax: { code: "gst", name: "GST", rate: 5 } })).body["error_details"]).toEqual({ code: ["value_already_exist"] });
    expect((await call(server, "GET", "/api/v1/taxes")).body["taxes"]).toHaveLength(1);
  });

  it("refuses a plan on a metric a PUT reshaped while unused (405), and accepts one on a metric only renamed and refiltered unless it filters on it", async () => {
    expect((await call(server, "POST", "/api/v1/billable_metrics", { billable_metric: { code: "fresh", name: "Fresh", aggregation_type: "count_agg" } })).status).toBe(200);
    expect((await call(server, "PUT", "/api/v1/billable_metrics/fresh", { billable_metric: { aggregation_type: "max_agg", field_name: "n" } })).status).toBe(200);
    const charged = (code: string, metric: string): Obj => ({ plan: { code, name: code, interval: "monthly", amount_cents: 0, amount_currency: "EUR", charges: [{ billable_metric_code: metric, charge_model: "standard", properties: { amount: "1" } }] } });
    const refused = await call(server, "POST", "/api/v1/plans", charged("on_fresh", "fresh"));
    expect([refused.status, refused.body["code"]]).toEqual([405, "not_implemented"]);
    const renamed = await call(server, "POST", "/api/v1/plans", charged("on_calls", "api_calls"));
    expect(renamed.status).toBe(200);
    // Its filters changed too: a plan filtering on them would be checked against the old ones at the start.
    const filtering = charged("on_eu", "api_calls");
    const charge = ((filtering["plan"] as Obj)["charges"] as Obj[])[0]!;
    charge["filters"] = [{ values: { region: ["eu"] }, properties: { amount: "2" } }];
    const refusedFilters = await call(server, "POST", "/api/v1/plans", filtering);
    expect([refusedFilters.status, refusedFilters.body["code"]]).toEqual([405, "not_implemented"]);
    // The rebuild replayed the updates: the metric keeps its new name, the invoice its figures.
    expect((await call(server, "GET", "/api/v1/billable_metrics/api_calls")).body["billable_metric"]).toMatchObject({ name: "Calls" });
    expect(await call(server, "GET", `/api/v1/invoices/${invoiceId}`)).toEqual(r["invoice_before"]);
  });
});
