/**
 * `ratecard serve`: the invoice calls about documents and payment providers (`download`,
 * `retry`, `retry_payment`, `payment_url`, `lose_dispute`), a credit note's update (`PUT
 * /credit_notes/:id`) and download, and a fee's deletion (`DELETE /fees/:id`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServeHandle } from "../../src/server/index.js";
import { CATALOG, call, KEY, start } from "./_helpers.js";

type Obj = Record<string, unknown>;
let server: ServeHandle;
let invoice: Obj;

beforeAll(async () => {
  server = await start({ catalog: CATALOG });
  await call(server, "POST", "/api/v1/customers", { customer: { external_id: "c1", currency: "EUR" } });
  await call(server, "POST", "/api/v1/subscriptions", { subscription: { external_customer_id: "c1", plan_code: "metered", external_id: "s1" } });
  await call(server, "POST", "/api/v1/events", { event: { transaction_id: "t1", external_subscription_id: "s1", code: "api_calls", properties: { calls: 40 } } });
  await call(server, "POST", "/_ratecard/clock", { advance_to: "2024-02-01T01:00:00Z" });
  invoice = ((await call(server, "GET", "/api/v1/invoices")).body["invoices"] as Obj[])[0]!;
});
afterAll(async () => server.close());

const raw = async (method: string, path: string): Promise<{ status: number; text: string }> => {
  const res = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${KEY}` } });
  return { status: res.status, text: await res.text() };
};

describe("ratecard serve: invoice documents and payments", () => {
  it("download answers the finalized invoice with file_url null; an unknown one is 404", async () => {
    const id = String(invoice["lago_id"]);
    for (const sub of ["download", "download_pdf", "download_xml"]) {
      const r = await call(server, "POST", `/api/v1/invoices/${id}/${sub}`);
      expect(r.status, sub).toBe(200);
      expect(r.body["invoice"]).toEqual((await call(server, "GET", `/api/v1/invoices/${id}`)).body["invoice"]);
      expect((r.body["invoice"] as Obj)["file_url"]).toBeNull();
    }
    expect((await call(server, "POST", "/api/v1/invoices/nope/download")).body["code"]).toBe("invoice_not_found");
  });

  it("retry is 405 invalid_status (no invoice fails a tax provider here); retry_payment 200 empty; payment_url 422 no_linked_payment_provider", async () => {
    const id = String(invoice["lago_id"]);
    expect((await call(server, "POST", `/api/v1/invoices/${id}/retry`)).body).toEqual({ status: 405, error: "Method Not Allowed", code: "invalid_status" });
    expect(await raw("POST", `/api/v1/invoices/${id}/retry_payment`)).toEqual({ status: 200, text: "" });
    const url = await call(server, "POST", `/api/v1/invoices/${id}/payment_url`);
    expect(url.status).toBe(422);
    expect(url.body["error_details"]).toEqual({ base: ["no_linked_payment_provider"] });
  });

  it("lose_dispute sets payment_dispute_lost_at to the clock's instant", async () => {
    const id = String(invoice["lago_id"]);
    const r = await call(server, "POST", `/api/v1/invoices/${id}/lose_dispute`);
    expect(r.status).toBe(200);
    expect((r.body["invoice"] as Obj)["payment_dispute_lost_at"]).toBe("2024-02-01T01:00:00Z");
    expect(((await call(server, "GET", `/api/v1/invoices/${id}`)).body["invoice"] as Obj)["payment_dispute_lost_at"]).toBe("2024-02-01T01:00:00Z");
    expect(await raw("POST", `/api/v1/invoices/${id}/retry_payment`)).toEqual({ status: 200, text: "" });
  });
});

describe("ratecard serve: credit note update and fee deletion", () => {
  it("updates a credit note's refund status (PUT /credit_notes/:id) and downloads it", async () => {
    const fee = (invoice["fees"] as Obj[])[0]!;
    const created = await call(server, "POST", "/api/v1/credit_notes", { credit_note: { invoice_id: invoice["lago_id"], reason: "other", credit_amount_cents: 100, items: [{ fee_id: fee["lago_id"], amount_cents: 100 }] } });
    expect(created.status).toBe(200);
    const id = String((created.body["credit_note"] as Obj)["lago_id"]);
    const updated = await call(server, "PUT", `/api/v1/credit_notes/${id}`, { credit_note: { refund_status: "succeeded" } });
    expect(updated.status).toBe(200);
    expect((updated.body["credit_note"] as Obj)["refund_status"]).toBe("succeeded");
    expect((await call(server, "PUT", `/api/v1/credit_notes/${id}`, { credit_note: { refund_status: "done" } })).body["error_details"]).toEqual({ refund_status: ["value_is_invalid"] });
    expect((await call(server, "PUT", "/api/v1/credit_notes/nope", { credit_note: { refund_status: "failed" } })).body["code"]).toBe("credit_note_not_found");
    expect((await call(server, "POST", `/api/v1/credit_notes/${id}/download`)).body).toEqual({ credit_note: (await call(server, "GET", `/api/v1/credit_notes/${id}`)).body["credit_note"] });
  });

  it("refuses deleting an invoiced fee (405 invoiced_fee) and an unknown one (404)", async () => {
    const fee = (invoice["fees"] as Obj[])[0]!;
    expect((await call(server, "DELETE", `/api/v1/fees/${String(fee["lago_id"])}`)).body).toEqual({ status: 405, error: "Method Not Allowed", code: "invoiced_fee" });
    expect((await call(server, "DELETE", "/api/v1/fees/nope")).body["code"]).toBe("fee_not_found");
  });
});
