import { describe, expect, it } from "vitest";
import { dec, toDecimalString } from "../../../src/core/decimal.js";
import { createCreditNote } from "../../../src/invoice/creditNote/creditNoteCreate.js";
import { created, ctx, fee, invoice, item, request, tax, withNote } from "./creditNoteFixtures.js";

const vat20 = tax("vat20", "20");

describe("createCreditNote (invoice.md §10.1, §10.2)", () => {
  it("[spec] create_service_spec: items 10 + 5, tax 20 %, credit 12 + refund 6 → taxes 3, total 18, balance 12, refund pending", () => {
    const f1 = fee("f1", 10, [vat20]);
    const f2 = fee("f2", 10, [vat20]);
    const inv = invoice([f1, f2], { total_paid_amount_cents: 6n, payment_status: "succeeded" });
    const cn = created(inv, request([item(f1, 10), item(f2, 5)], 12n, 6n));
    expect(cn).toMatchObject({
      taxes_amount_cents: 3n, total_amount_cents: 18n, credit_amount_cents: 12n, refund_amount_cents: 6n, balance_amount_cents: 12n,
      coupons_adjustment_amount_cents: 0n, sub_total_excluding_taxes_amount_cents: 15n,
      status: "finalized", credit_status: "available", refund_status: "pending", reason: "other",
      sequential_id: 1, number: "ORG-001-CN001", svc_invoice_id: "inv_1", invoice_number: "ORG-001", issuing_date: "2024-03-01",
    });
    expect(cn.items.map((i) => [i.fee_id, i.amount_cents])).toEqual([["f1", 10n], ["f2", 5n]]);
    expect(cn.applied_taxes).toMatchObject([{ tax_code: "vat20", amount_cents: 3n, base_amount_cents: 15n, amount_currency: "EUR" }]);
    expect(toDecimalString(cn.taxes_rate)).toBe("20");
  });

  it("[spec] two similar items refunded separately: 1367 then 1366 of tax (the last note absorbs the 0.4), 8200 + 8199 = 16399", () => {
    const f1 = fee("f1", 6833, [vat20], "0", "add_on");
    const f2 = fee("f2", 6833, [vat20], "0", "add_on");
    const inv = invoice([f1, f2], { invoice_type: "one_off", taxes: 2733n });
    expect([inv.totals.taxes_amount_cents, inv.totals.total_amount_cents]).toEqual([2733n, 16399n]);
    const first = created(inv, request([item(f1, 6833)], 8200n));
    expect([first.taxes_amount_cents, toDecimalString(first.precise_taxes_amount_cents), first.total_amount_cents]).toEqual([1367n, "1366.6", 8200n]);
    const second = created(withNote(inv, first), request([item(f2, 6833)], 8199n));
    expect([second.taxes_amount_cents, toDecimalString(second.precise_taxes_amount_cents), second.total_amount_cents]).toEqual([1366n, "1366.2", 8199n]);
    expect(second.sequential_id).toBe(2);
    expect(second.number).toBe("ORG-001-CN002");
    expect(first.taxes_amount_cents + second.taxes_amount_cents).toBe(inv.totals.taxes_amount_cents);
  });

  it("[spec] credit_note_rounding_spec: item 19333.33 at 25 % → tax 4833; 24167 − 4833 ≠ 19333 → total 24166 = credit 24166", () => {
    const f = fee("f", 20000, [tax("t25", "25")]);
    const cn = created(invoice([f]), request([item(f, "19333.33")], 24167n));
    expect(cn).toMatchObject({ taxes_amount_cents: 4833n, sub_total_excluding_taxes_amount_cents: 19333n, total_amount_cents: 24166n, credit_amount_cents: 24166n, balance_amount_cents: 24166n });
    expect(cn.items[0]).toMatchObject({ amount_cents: 19333n });
    expect(toDecimalString(cn.items[0]?.precise_amount_cents ?? dec(0))).toBe("19333.33");
  });

  it("[spec] weekly termination (vector total-credit-different-weekly): item 2570.57142 at 23.33 % → sub-total 2571, taxes 600, credit 3171", () => {
    const f = fee("f", 2999, [tax("vat", "23.33")]);
    const cn = created(invoice([f]), request([item(f, "2570.57142")], 3170n));
    expect(cn).toMatchObject({ sub_total_excluding_taxes_amount_cents: 2571n, taxes_amount_cents: 600n, credit_amount_cents: 3171n, total_amount_cents: 3171n });
    expect(cn.items[0]?.amount_cents).toBe(2571n);
    expect(cn.applied_taxes[0]?.amount_cents).toBe(600n);
  });

  it("vector partial-credit-note-with-coupon-and-taxes: refund 11767 on 26260 of the couponed fee → coupons 16454, sub-total 9806, taxes 1961", () => {
    const org = tax("org_tax", "10.0");
    const plan = tax("plan_tax", "10.0");
    const f1 = fee("plan1", 17900, [org]);
    const f2 = fee("plan2", 39900, [plan, org], "25000");
    const inv = invoice([f1, f2], { coupons: 25000n, total_paid_amount_cents: 11767n });
    expect([inv.totals.taxes_amount_cents, inv.totals.total_amount_cents]).toEqual([4770n, 37570n]);
    const cn = created(inv, request([item(f2, 26260)], 0n, 11767n));
    expect(cn).toMatchObject({
      sub_total_excluding_taxes_amount_cents: 9806n, taxes_amount_cents: 1961n, refund_amount_cents: 11767n, credit_amount_cents: 0n,
      total_amount_cents: 11767n, coupons_adjustment_amount_cents: 16454n, balance_amount_cents: 0n, credit_status: "available", refund_status: "pending",
    });
    expect(toDecimalString(cn.taxes_rate)).toBe("20");
  });

  it("a note on a draft invoice is a draft; on a voided invoice it is finalized", () => {
    const f = fee("f", 1000, []);
    expect(created(invoice([f], { status: "voided" }), request([item(f, 1000)], 1000n)).status).toBe("finalized");
    expect(created(invoice([f], { status: "draft" }), request([item(f, 1000)], 1000n)).status).toBe("draft");
  });

  it("a refund-only note is available with a zero balance and no credit", () => {
    const f = fee("f", 1000, []);
    const cn = created(invoice([f], { total_paid_amount_cents: 1000n, payment_status: "succeeded" }), request([item(f, 400)], 0n, 400n));
    expect(cn).toMatchObject({ credit_status: "available", balance_amount_cents: 0n, refund_status: "pending", total_amount_cents: 400n });
  });

  it("reconciliation folds an offset into the credit when a credit is asked, literally (§10.2)", () => {
    const f = fee("f", 20000, [tax("t25", "25")]);
    const cn = created(invoice([f]), request([item(f, "19333.33")], 20000n, 0n, 4167n));
    expect([cn.total_amount_cents, cn.credit_amount_cents, cn.offset_amount_cents, cn.balance_amount_cents]).toEqual([24166n, 24166n, 4167n, 24166n]);
  });

  it("ids are stable: same invoice and sequence → same note id; items and taxes have their own ids", () => {
    const f = fee("f", 1000, [vat20]);
    const inv = invoice([f]);
    const a = created(inv, request([item(f, 100)], 120n));
    const b = created(inv, request([item(f, 200)], 240n));
    expect(a.svc_id).toBe(b.svc_id);
    expect(new Set([a.svc_id, a.items[0]?.svc_id, a.applied_taxes[0]?.svc_id]).size).toBe(3);
  });

  it("refuses with every failed check at once (validation_errors)", () => {
    const f = fee("f", 1000, []);
    const r = createCreditNote(invoice([f]), request([item(f, 100)], 5000n, 10n), ctx);
    expect(r.ok).toBe(false);
    if (r.ok || r.code !== "validation_errors") return;
    expect(r.issues.map((i) => `${i.path.join(".") || "base"}:${i.code}`).sort()).toEqual([
      "base:does_not_match_item_amounts", "base:higher_than_remaining_invoice_amount",
      "credit_amount_cents:higher_than_remaining_invoice_amount", "refund_amount_cents:cannot_refund_unpaid_invoice",
    ]);
  });
});
