/**
 * Zero-amount invoices of `simulate` (invoice.md §1.3): finalized by default, `closed` and left
 * out when the customer's `finalize_zero_amount_invoice` is `skip`; judged on fees, not total.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";
import { type Invoice, type Obj, type Webhook, catalog, customer, start } from "./_invoicingFixtures.js";

const subscribe = (planCode = "m"): Obj => ({ at: start, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: planCode } });
const event = (at: string, tx: string, timestamp?: string): Obj =>
  ({ at, op: "create_event", body: { transaction_id: tx, code: "calls", external_subscription_id: "s1", ...(timestamp === undefined ? {} : { timestamp }) } });
const run = (steps: Obj[], until: string) => {
  const r = simulate({ ...catalog, steps, until });
  // The invoice webhooks these tests are about (the complete list of webhooks: test/unit/simulator/webhooks.test.ts).
  const about = new Set(["invoice.drafted", "invoice.created"]);
  return { ...r, invoices: r.invoices as unknown as Invoice[], webhooks: (r.webhooks as unknown as Webhook[]).filter((w) => about.has(w.type)), responses: r.responses as { invoice?: Invoice }[] };
};

describe("simulate invoicing: zero-amount invoices (§1.3)", () => {
  it("finalizes an invoice whose fees are 0 by default, paid (succeeded) at once", () => {
    const r = run([customer(), subscribe("free")], "2024-04-01T00:00:00Z");
    expect(r.invoices.map((i) => [i.status, i.fees_amount_cents, i.total_amount_cents, i.payment_status])).toEqual([["finalized", 0, 0, "succeeded"]]);
    expect(r.webhooks.map((h) => h.type)).toEqual(["invoice.created"]);
  });

  it("closes it, leaving it out of the result with no webhook, when the customer skips zero-amount invoices", () => {
    const r = run([customer({ finalize_zero_amount_invoice: "skip" }), subscribe("free")], "2024-04-01T00:00:00Z");
    expect(r.invoices).toEqual([]);
    expect(r.webhooks).toEqual([]);
  });

  it("a closed draft is left out too", () => {
    const r = run([customer({ finalize_zero_amount_invoice: "skip", billing_configuration: { invoice_grace_period: 1 } }), subscribe("free")],
      "2024-04-05T00:00:00Z");
    expect(r.invoices).toEqual([]);
    expect(r.webhooks.filter((h) => h.type === "invoice.created")).toEqual([]);
  });

  it("judges fees, not the total: positive fees brought to 0 by a coupon are finalized even with skip", () => {
    const r = run([customer({ finalize_zero_amount_invoice: "skip" }), subscribe("free"),
      { at: start, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "five" } }, event("2024-03-02T00:00:00Z", "t1")],
    "2024-04-01T00:00:00Z");
    expect(r.invoices.map((i) => [i.status, i.fees_amount_cents, i.coupons_amount_cents, i.total_amount_cents, i.payment_status]))
      .toEqual([["finalized", 200, 200, 0, "succeeded"]]);
  });

  // invoice.md §1.3: the setting is `finalize`, `skip` or `inherit`; any other value is refused naming the field.
  it("refuses an unknown finalize_zero_amount_invoice value, naming the field", () => {
    const r = run([customer({ finalize_zero_amount_invoice: "skipp" })], start);
    expect(r.responses[0]).toEqual({ error: { code: "validation_errors", error_details: { finalize_zero_amount_invoice: ["invalid_value"] } } });
  });
});
