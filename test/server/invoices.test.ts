/**
 * `ratecard serve`: the invoice calls — a draft (grace period) refreshed with a late event and
 * finalized, its payment status set, one-off invoices, a manual payment, a void, a preview —
 * fees and payments listed. Every answer equals the response of the same step in `simulate`,
 * and the figures are worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, type Reply, start } from "./_helpers.js";

const ORG = { ...CATALOG.organization, invoice_grace_period: 3 };
const ADD_ON = { code: "setup", name: "Setup", amount_cents: 5000, amount_currency: "EUR" };
const ref = (i: number) => ({ $ref: { invoice: i, field: "svc_id" } });
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-01-10T00:00:00Z";
const T2 = "2024-02-01T01:00:00Z";

const STEPS = [
  { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } },
  { at: T1, op: "create_event", body: { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 100 } } },
  // After the February 1 run, during the draft's grace period: a late January event.
  { at: T2, op: "create_event", body: { transaction_id: "t2", external_subscription_id: "s1", code: "api_calls", timestamp: "2024-01-20T00:00:00Z", properties: { calls: 40 } } },
  { at: T2, op: "refresh_invoice", body: { invoice_id: ref(0) } },
  { at: T2, op: "finalize_invoice", body: { invoice_id: ref(0) } },
  { at: T2, op: "update_invoice", body: { invoice_id: ref(0), payment_status: "succeeded" } },
  { at: T2, op: "create_one_off_invoice", body: { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup", units: 2 }] } },
  { at: T2, op: "create_payment", body: { invoice_id: ref(1), amount_cents: 4000, reference: "r1" } },
  { at: T2, op: "create_one_off_invoice", body: { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup", units: 1, unit_amount_cents: 1234 }] } },
  { at: T2, op: "void_invoice", body: { invoice_id: ref(2) } },
  { at: T2, op: "preview_invoice", body: { customer: { external_id: "c1" }, plan_code: "metered" } },
];
const expected = simulate({ ...CATALOG, organization: ORG, add_ons: [ADD_ON], steps: STEPS });
const responses = expected.responses as Record<string, unknown>[];

let server: ServeHandle;
const r: Record<string, Reply> = {};
let draftId = "";
let oneOffId = "";

type Obj = Record<string, unknown>;
const inv = (reply: Reply): Obj => reply.body["invoice"] as Obj;

beforeAll(async () => {
  server = await start({ catalog: { ...CATALOG, organization: ORG, add_ons: [ADD_ON] }, now: T0 });
  await call(server, "POST", "/api/v1/customers", { customer: STEPS[0]!.body });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: STEPS[1]!.body });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
  await call(server, "POST", "/api/v1/events", { event: STEPS[2]!.body });
  await call(server, "POST", "/_ratecard/clock", { advance_to: T2 });
  r["list"] = await call(server, "GET", "/api/v1/invoices");
  draftId = String(((r["list"].body["invoices"] as Obj[])[0]!)["lago_id"]);
  r["draft_paid"] = await call(server, "PUT", `/api/v1/invoices/${draftId}`, { invoice: { payment_status: "succeeded" } });
  r["late"] = await call(server, "POST", "/api/v1/events", { event: STEPS[3]!.body });
  r["before_refresh"] = await call(server, "GET", `/api/v1/invoices/${draftId}`);
  r["refresh"] = await call(server, "PUT", `/api/v1/invoices/${draftId}/refresh`);
  r["finalize"] = await call(server, "PUT", `/api/v1/invoices/${draftId}/finalize`);
  r["bad_status"] = await call(server, "PUT", `/api/v1/invoices/${draftId}`, { invoice: { payment_status: "paid" } });
  r["paid"] = await call(server, "PUT", `/api/v1/invoices/${draftId}`, { invoice: { payment_status: "succeeded" } });
  r["one_off"] = await call(server, "POST", "/api/v1/invoices", { invoice: STEPS[7]!.body });
  oneOffId = String(inv(r["one_off"])["lago_id"]);
  r["payment"] = await call(server, "POST", "/api/v1/payments", { payment: { invoice_id: oneOffId, amount_cents: 4000, reference: "r1" } });
  r["one_off_2"] = await call(server, "POST", "/api/v1/invoices", { invoice: STEPS[9]!.body });
  r["void"] = await call(server, "POST", `/api/v1/invoices/${String(inv(r["one_off_2"])["lago_id"])}/void`);
  r["preview"] = await call(server, "POST", "/api/v1/invoices/preview", STEPS[11]!.body);
});
afterAll(async () => server.close());

describe("ratecard serve: invoices", () => {
  it("lists invoices with each item carrying the whole invoice, fees included", () => {
    const list = r["list"]!.body["invoices"] as Obj[];
    expect(list).toHaveLength(1);
    expect(list[0]!["status"]).toBe("draft");
    expect((list[0]!["fees"] as Obj[]).map((f) => f["amount_cents"])).toEqual([1000, 2500]);
  });

  it("refuses a payment status on a draft, and changes nothing", () => {
    expect(r["draft_paid"]!.status).toBe(422);
    expect(r["draft_paid"]!.body["code"]).toBe("payment_status_update_on_draft_invoice");
    expect(inv(r["before_refresh"]!)["payment_status"]).toBe("pending");
  });

  it("refreshes a draft (PUT /invoices/:id/refresh): with the late event, 10.00 + 140 calls × 0.25 = 45.00", () => {
    // The draft was 10.00 + 100 calls × 0.25 at the run; the late event reached it already, as simulate has it.
    expect((r["list"]!.body["invoices"] as Obj[])[0]!["fees_amount_cents"]).toBe(3500);
    expect(inv(r["before_refresh"]!)["fees_amount_cents"]).toBe(4500);
    expect(r["refresh"]).toEqual({ status: 200, body: toWire(responses[4]) });
    expect(inv(r["refresh"]!)["fees_amount_cents"]).toBe(4500);
    expect(inv(r["refresh"]!)["status"]).toBe("draft");
  });

  it("finalizes it (PUT /invoices/:id/finalize), numbered", () => {
    expect(r["finalize"]).toEqual({ status: 200, body: toWire(responses[5]) });
    expect(inv(r["finalize"]!)["status"]).toBe("finalized");
    expect(inv(r["finalize"]!)["number"]).toMatch(/-001-001$/);
    expect(inv(r["finalize"]!)["total_amount_cents"]).toBe(4500);
  });

  it("sets its payment status (PUT /invoices/:id {invoice: {payment_status}}); an unknown status is 422", () => {
    expect(r["bad_status"]!.status).toBe(422);
    expect(r["bad_status"]!.body["error_details"]).toEqual({ payment_status: ["value_is_invalid"] });
    expect(r["paid"]).toEqual({ status: 200, body: toWire(responses[6]) });
    expect(inv(r["paid"]!)["payment_status"]).toBe("succeeded");
  });

  it("creates one-off invoices (POST /invoices): 2 × 50.00 of the add-on", () => {
    expect(r["one_off"]).toEqual({ status: 200, body: toWire(responses[7]) });
    expect(inv(r["one_off"]!)).toMatchObject({ invoice_type: "one_off", status: "finalized", fees_amount_cents: 10000, total_amount_cents: 10000 });
    expect(inv(r["one_off_2"]!)["total_amount_cents"]).toBe(1234);
  });

  it("records a manual payment (POST /payments) and lists it (GET /payments)", async () => {
    expect(r["payment"]).toEqual({ status: 200, body: toWire(responses[8]) });
    const p = r["payment"]!.body["payment"] as Obj;
    expect(p).toMatchObject({ amount_cents: 4000, amount_currency: "EUR", reference: "r1", invoice_ids: [oneOffId], external_customer_id: "c1" });
    const list = await call(server, "GET", "/api/v1/payments?external_customer_id=c1");
    expect(list.body).toEqual({ payments: [p], meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 1 } });
    expect((await call(server, "GET", `/api/v1/payments?invoice_id=${draftId}`)).body["payments"]).toEqual([]);
    expect(await call(server, "GET", `/api/v1/payments/${String(p["lago_id"])}`)).toEqual({ status: 200, body: { payment: p } });
    const fetched = await call(server, "GET", `/api/v1/invoices/${oneOffId}`);
    expect(inv(fetched)["total_due_amount_cents"]).toBe(6000);
    const over = await call(server, "POST", "/api/v1/payments", { payment: { invoice_id: oneOffId, amount_cents: -1, reference: "r2" } });
    expect(over.status).toBe(422);
    expect(over.body["error_details"]).toEqual({ amount_cents: ["invalid_value"] });
  });

  it("voids an invoice (POST /invoices/:id/void)", () => {
    expect(r["void"]).toEqual({ status: 200, body: toWire(responses[10]) });
    expect(inv(r["void"]!)["status"]).toBe("voided");
  });

  it("previews an invoice without storing it (POST /invoices/preview, no wrapper)", async () => {
    expect(r["preview"]).toEqual({ status: 200, body: toWire(responses[11]) });
    expect(inv(r["preview"]!)["lago_id"]).toBeNull();
    expect(inv(r["preview"]!)["fees_amount_cents"]).toBe(1000);
    const list = await call(server, "GET", "/api/v1/invoices");
    expect(list.body["meta"]).toMatchObject({ total_count: 3 });
    expect((list.body["invoices"] as Obj[]).map((i) => i["invoice_type"])).toEqual(["one_off", "one_off", "subscription"]);
    expect((await call(server, "GET", "/api/v1/invoices?invoice_type=one_off&status=voided")).body["meta"]).toMatchObject({ total_count: 1 });
  });

  it("answers 404 invoice_not_found for an unknown id on every invoice call", async () => {
    for (const [m, p] of [["PUT", "/refresh"], ["PUT", "/finalize"], ["POST", "/void"], ["GET", ""]] as const) {
      expect(await call(server, m, `/api/v1/invoices/00000000-0000-0000-0000-000000000000${p}`)).toEqual({ status: 404, body: { status: 404, error: "Not Found", code: "invoice_not_found" } });
    }
    expect((await call(server, "PUT", "/api/v1/invoices/nope", { invoice: { payment_status: "succeeded" } })).status).toBe(404);
  });

  it("lists fees (GET /fees with filters) and fetches one (GET /fees/:id)", async () => {
    const all = await call(server, "GET", "/api/v1/fees?external_customer_id=c1");
    expect(all.body["fees"]).toEqual(toWire(expected.fees));
    const charges = await call(server, "GET", "/api/v1/fees?fee_type=charge&billable_metric_code=api_calls");
    const fees = charges.body["fees"] as Obj[];
    expect(fees.map((f) => [f["amount_cents"], f["units"]])).toEqual([[3500, "140"]]);
    expect(await call(server, "GET", `/api/v1/fees/${String(fees[0]!["lago_id"])}`)).toEqual({ status: 200, body: { fee: fees[0] } });
    expect((await call(server, "GET", "/api/v1/fees/nope")).body["code"]).toBe("fee_not_found");
    // A fee on an invoice follows its invoice: its payment status is refused.
    const put = await call(server, "PUT", `/api/v1/fees/${String(fees[0]!["lago_id"])}`, { fee: { payment_status: "succeeded" } });
    expect(put.status).toBe(422);
    expect(put.body["code"]).toBe("invoiced_fee");
  });
});
