import { it } from "vitest";
import { simulate } from "../../../src/index.js";
it("dbg", () => {
    const at = "2024-03-01T10:00:00Z";
    const inv = { $ref: { invoice: -1, field: "svc_id" } };
    const fee = { $ref: { invoice: -1, fee: {}, field: "svc_id" } };
    const items = (amount_cents: number) => [{ fee_id: fee, amount_cents }];
    const wallet = { $ref: { wallet: 0, field: "svc_id" } };
    const out: any = simulate({ organization: { timezone: "UTC", invoice_grace_period: 0, default_currency: "EUR", tax_codes: [], document_locale: "en" },
    billable_metrics: [], plans: [], add_ons: [], coupons: [], taxes: [],
      steps: [
        { at, op: "create_customer", body: { external_id: "c1", name: "c1", currency: "EUR" } },
        { at, op: "create_wallet", body: { external_customer_id: "c1", rate_amount: "1", name: "Wallet1", currency: "EUR", invoice_requires_successful_payment: false } },
        { at, op: "create_wallet_transaction", body: { wallet_id: wallet, paid_credits: "15" } }, // 2
        { at, op: "estimate_credit_note", body: { invoice_id: inv, items: items(15) } }, // 3
        { at, op: "create_credit_note", body: { invoice_id: inv, reason: "other", credit_amount_cents: 0, refund_amount_cents: 15, items: items(15) } }, // 4
        { at, op: "update_invoice", body: { invoice_id: inv, payment_status: "succeeded" } }, // 5
        { at, op: "fetch_wallet", body: { external_customer_id: "c1" } }, // 6
        { at, op: "create_payment", body: { invoice_id: inv, amount_cents: 1500, reference: "ref3" } }, // 7
        { at, op: "estimate_credit_note", body: { invoice_id: inv, items: items(10) } }, // 8
        { at, op: "create_credit_note", body: { invoice_id: inv, reason: "other", credit_amount_cents: 0, refund_amount_cents: 500, items: items(500) } }, // 9
        { at, op: "fetch_wallet", body: { external_customer_id: "c1" } }, // 10
        { at, op: "create_wallet_transaction", body: { wallet_id: wallet, voided_credits: "9.95" } }, // 11
        { at, op: "estimate_credit_note", body: { invoice_id: inv, items: items(10) } }, // 12
        { at, op: "create_credit_note", body: { invoice_id: inv, reason: "other", refund_amount_cents: 10, items: items(10) } }, // 13
        { at, op: "fetch_wallet", body: { external_customer_id: "c1" } }, // 14
        { at, op: "terminate_wallet", body: { wallet_id: wallet } }, // 15
        { at, op: "estimate_credit_note", body: { invoice_id: inv, items: items(1) } }, // 16
        { at, op: "create_credit_note", body: { invoice_id: inv, reason: "other", refund_amount_cents: 1, items: items(1) } }, // 17
      ],
      until: "2024-03-01T11:00:00Z",
    } as any);
    out.responses.forEach((r: any, i: number) => console.log(i, JSON.stringify(r).slice(0, 400)));
    console.log(JSON.stringify(out.wallet_transactions[1]), JSON.stringify(out.credit_notes[0]).slice(0,300));
});
