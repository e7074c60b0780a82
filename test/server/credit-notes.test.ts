/**
 * `ratecard serve`: credit notes — estimated (nothing stored), created on a finalized invoice,
 * listed and fetched, then consumed by the next invoice — each answer equal to `simulate`'s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulate } from "../../src/json/index.js";
import type { ServeHandle } from "../../src/server/index.js";
import { toWire } from "../../src/server/wire.js";
import { CATALOG, call, type Reply, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
const T0 = "2024-01-01T00:00:00Z";
const T1 = "2024-02-01T12:00:00Z";
const T2 = "2024-03-01T12:00:00Z";
const invoiceRef = { $ref: { invoice: 0, field: "svc_id" } };
const feeRef = { $ref: { invoice: 0, fee: { item: { type: "subscription" } }, field: "svc_id" } };
const note = (invoice: unknown, fee: unknown, amount: number) => ({ invoice_id: invoice, reason: "other", credit_amount_cents: amount, items: [{ fee_id: fee, amount_cents: amount }] });

const STEPS = [
  { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
  { at: T0, op: "create_subscription", body: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } },
  { at: T0, op: "create_event", body: { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 100 } } },
  { at: T1, op: "estimate_credit_note", body: { invoice_id: invoiceRef, items: [{ fee_id: feeRef, amount_cents: 600 }] } },
  { at: T1, op: "create_credit_note", body: note(invoiceRef, feeRef, 600) },
];
const expected = simulate({ ...CATALOG, steps: STEPS, until: T2 });
const responses = expected.responses as Obj[];

let server: ServeHandle;
const r: Record<string, Reply> = {};
let noteId = "";

beforeAll(async () => {
  server = await start({ catalog: CATALOG, now: T0 });
  for (const [path, wrapper, s] of [["customers", "customer", 0], ["subscriptions", "subscription", 1], ["events", "event", 2]] as const) {
    await call(server, "POST", `/api/v1/${path}`, { [wrapper]: STEPS[s]!.body });
  }
  await call(server, "POST", "/_ratecard/clock", { advance_to: T1 });
  const invoice = ((await call(server, "GET", "/api/v1/invoices")).body["invoices"] as Obj[])[0]!;
  const fee = (invoice["fees"] as Obj[]).find((f) => (f["item"] as Obj)["type"] === "subscription")!;
  const invoiceId = String(invoice["lago_id"]);
  const feeId = String(fee["lago_id"]);
  r["estimate"] = await call(server, "POST", "/api/v1/credit_notes/estimate", { credit_note: { invoice_id: invoiceId, items: [{ fee_id: feeId, amount_cents: 600 }] } });
  r["too_much"] = await call(server, "POST", "/api/v1/credit_notes", { credit_note: note(invoiceId, feeId, 5000) });
  r["unknown_invoice"] = await call(server, "POST", "/api/v1/credit_notes", { credit_note: note("nope", feeId, 100) });
  r["create"] = await call(server, "POST", "/api/v1/credit_notes", { credit_note: note(invoiceId, feeId, 600) });
  noteId = String((r["create"].body["credit_note"] as Obj)["lago_id"]);
  await call(server, "POST", "/_ratecard/clock", { advance_to: T2 });
});
afterAll(async () => server.close());

describe("ratecard serve: credit notes", () => {
  it("estimates a credit note (POST /credit_notes/estimate) without storing anything", async () => {
    expect(r["estimate"]).toEqual({ status: 200, body: toWire(responses[3]) });
    expect((r["estimate"]!.body["estimated_credit_note"] as Obj)["max_creditable_amount_cents"]).toBe(600);
  });

  it("refuses a credit above what the fee allows (422) and an unknown invoice (404), creating nothing", () => {
    expect(r["too_much"]!.status).toBe(422);
    expect(r["too_much"]!.body["code"]).toBeDefined();
    expect(r["unknown_invoice"]!.status).toBe(404);
    expect(r["unknown_invoice"]!.body["code"]).toBe("invoice_not_found");
  });

  it("creates a credit note (POST /credit_notes) as simulate does: 6.00 credited", () => {
    expect(r["create"]).toEqual({ status: 200, body: toWire(responses[4]) });
    const n = r["create"]!.body["credit_note"] as Obj;
    expect(n).toMatchObject({ credit_amount_cents: 600, total_amount_cents: 600, credit_status: "available", reason: "other" });
  });

  it("lists and fetches credit notes, the balance consumed by March's invoice (10.00 − 6.00)", async () => {
    const list = await call(server, "GET", "/api/v1/credit_notes?external_customer_id=c1");
    expect(list.body["credit_notes"]).toEqual(toWire(expected.credit_notes));
    expect(list.body["meta"]).toMatchObject({ total_count: 1 });
    const one = await call(server, "GET", `/api/v1/credit_notes/${noteId}`);
    expect(one.body["credit_note"]).toMatchObject({ lago_id: noteId, balance_amount_cents: 0, credit_status: "consumed" });
    const march = ((await call(server, "GET", "/api/v1/invoices")).body["invoices"] as Obj[])[0]!;
    expect(march).toMatchObject({ issuing_date: "2024-03-01", fees_amount_cents: 1000, credit_notes_amount_cents: 600, total_amount_cents: 400 });
    expect((await call(server, "GET", "/api/v1/credit_notes?external_customer_id=nobody")).body["credit_notes"]).toEqual([]);
    expect((await call(server, "GET", "/api/v1/credit_notes/nope")).body["code"]).toBe("credit_note_not_found");
  });

  it("voids a credit note (PUT /credit_notes/:id/void): nothing left of a consumed one is 405 no_voidable_amount", async () => {
    expect(await call(server, "PUT", `/api/v1/credit_notes/${noteId}/void`)).toEqual({ status: 405, body: { status: 405, error: "Method Not Allowed", code: "no_voidable_amount" } });
    expect((await call(server, "PUT", "/api/v1/credit_notes/nope/void")).status).toBe(404);
  });
});
