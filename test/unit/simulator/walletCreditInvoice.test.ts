import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"] },
  taxes: [{ code: "vat", name: "VAT", rate: "20" }],
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [{ code: "m", name: "Monthly", interval: "monthly", amount_cents: 1000, amount_currency: "EUR" }],
};
const T0 = "2024-03-01T00:00:00Z";
const customer = { at: T0, op: "create_customer", body: { external_id: "c1", currency: "EUR" } };
const wallet = (body: Obj) => ({ at: T0, op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", currency: "EUR", ...body } });
const fetchWallet = (at: string) => ({ at, op: "fetch_wallet", body: { external_customer_id: "c1" } });
const pay = (at: string, status: string, invoice = 0) => ({ at, op: "update_invoice", body: { invoice_id: { $ref: { invoice, field: "svc_id" } }, payment_status: status } });
const run = (steps: Obj[], until?: string) => simulate({ ...catalog, steps, ...(until === undefined ? {} : { until }) });
const balance = (r: { responses: readonly unknown[] }, i: number) => ((r.responses[i] as { wallet: Obj }).wallet)["credits_balance"];

describe("simulate: the credit invoice of purchased wallet credits", () => {
  it("issues one untaxed credit fee, finalized at once, and settles the purchase when the invoice is paid", () => {
    const r = run([customer, wallet({ paid_credits: "17.9699999", granted_credits: "5" }), fetchWallet("2024-03-01T01:00:00Z"),
      pay("2024-03-02T00:00:00Z", "succeeded"), fetchWallet("2024-03-02T01:00:00Z")]);
    const inv = r.invoices[0] as Obj;
    expect(inv).toMatchObject({ invoice_type: "credit", status: "finalized", payment_status: "succeeded", fees_amount_cents: 1797, taxes_amount_cents: 0, total_amount_cents: 1797, coupons_amount_cents: 0, prepaid_credit_amount_cents: 0 });
    expect((inv["fees"] as Obj[])[0]).toMatchObject({ item: { type: "credit", code: "credit", name: "credit" }, units: "17.97", amount_cents: 1797, taxes_amount_cents: 0, precise_unit_amount: "1" });
    expect(balance(r, 2)).toBe("5");
    expect(balance(r, 4)).toBe("22.97");
    const purchased = r.wallet_transactions.find((t) => (t as Obj)["transaction_status"] === "purchased") as Obj;
    expect(purchased).toMatchObject({ status: "settled", settled_at: "2024-03-02T00:00:00Z" });
    expect(r.warnings).toEqual([]);
    expect(r.webhooks.map((w) => (w as Obj)["type"])).toEqual(
      ["customer.created", "wallet.created", "wallet_transaction.created", "wallet_transaction.created", "wallet.updated",
        // The credit invoice, due the day it was issued (no payment term), is overdue at the next midnight.
        "invoice.paid_credit_added", "invoice.payment_overdue", "invoice.payment_status_updated", "wallet_transaction.updated", "wallet.updated"]);
  });

  it("keeps the invoice open until paid when the purchase requires a successful payment, then finalizes it that day", () => {
    const r = run([customer, wallet({ granted_credits: "10" }),
      { at: "2024-03-05T10:00:00Z", op: "create_wallet_transaction", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, paid_credits: "15", invoice_requires_successful_payment: true } },
      fetchWallet("2024-03-05T11:00:00Z"),
      { at: "2024-03-07T10:00:00Z", op: "create_payment", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, amount_cents: 1500, reference: "x" } },
      fetchWallet("2024-03-07T11:00:00Z")]);
    expect((r.responses[2] as { wallet_transactions: Obj[] }).wallet_transactions[0]).toMatchObject({ status: "pending", transaction_status: "purchased", invoice_requires_successful_payment: true });
    expect(balance(r, 3)).toBe("10");
    expect(balance(r, 5)).toBe("25");
    expect(r.invoices[0]).toMatchObject({ invoice_type: "credit", status: "finalized", payment_status: "succeeded", issuing_date: "2024-03-07", payment_due_date: "2024-03-07", total_amount_cents: 1500 });
    expect(r.webhooks.filter((w) => (w as Obj)["type"] === "invoice.paid_credit_added").map((w) => (w as Obj)["at"])).toEqual(["2024-03-07T10:00:00Z"]);
  });

  it("fails the purchase when the payment fails: nothing is credited and an open invoice stays open", () => {
    const r = run([customer, wallet({ paid_credits: "15", invoice_requires_successful_payment: true }),
      pay("2024-03-02T00:00:00Z", "failed"), fetchWallet("2024-03-03T00:00:00Z")]);
    expect(r.invoices[0]).toMatchObject({ status: "open", payment_status: "failed" });
    expect(r.wallet_transactions[0]).toMatchObject({ status: "failed", failed_at: "2024-03-02T00:00:00Z" });
    expect(balance(r, 3)).toBe("0");
  });

  it("gives the credit invoice no coupon, no credit note and no prepaid credits", () => {
    const r = simulate({ ...catalog, coupons: [{ code: "off", name: "Off", coupon_type: "fixed_amount", amount_cents: 300, amount_currency: "EUR", frequency: "once" }],
      steps: [customer, { at: T0, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "off" } },
        wallet({ granted_credits: "100" }),
        { at: T0, op: "create_wallet_transaction", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, paid_credits: "10" } }] });
    expect(r.invoices[0]).toMatchObject({ invoice_type: "credit", coupons_amount_cents: 0, prepaid_credit_amount_cents: 0, total_amount_cents: 1000 });
    expect((r.invoices[0] as { credits: unknown[] }).credits).toEqual([]);
  });

  it("bills exactly the purchase's money value, and credits exactly that once paid (property)", () => {
    const decimal = (max: number, dp: number) => fc.integer({ min: 1, max: max * 10 ** dp }).map((n) => (n / 10 ** dp).toFixed(dp));
    fc.assert(fc.property(decimal(1000, 5), decimal(50, 3), fc.constantFrom("EUR", "JPY", "KWD"), (credits, rate, currency) => {
      const r = simulate({ ...catalog, steps: [{ at: T0, op: "create_customer", body: { external_id: "c1", currency } },
        { at: T0, op: "create_wallet", body: { external_customer_id: "c1", rate_amount: rate, currency, paid_credits: credits } },
        pay("2024-03-02T00:00:00Z", "succeeded"), fetchWallet("2024-03-03T00:00:00Z")] });
      if (r.invoices.length === 0) {
        // A purchase worth less than one minor unit is refused, and nothing is issued.
        expect(r.responses[1]).toMatchObject({ error: { code: "validation_errors" } });
        return;
      }
      const t = r.wallet_transactions[0] as Obj;
      const inv = r.invoices[0] as Obj;
      const w = (r.responses[3] as { wallet: Obj }).wallet;
      expect(inv["total_amount_cents"]).toBe(inv["fees_amount_cents"]);
      expect(((inv["fees"] as Obj[])[0]!)["units"]).toBe(t["credit_amount"]);
      expect(w["balance_cents"]).toBe(inv["total_amount_cents"]);
      expect(w["credits_balance"]).toBe(t["credit_amount"]);
    }), { numRuns: 60 });
  });
});
