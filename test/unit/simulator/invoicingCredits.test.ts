/**
 * Credits on the simulator's invoices (invoice.md §1.1, §4, §8, §16) and `$ref` resolution
 * (contract §4): coupons at finalization (before taxes), credit notes created on an invoice
 * and consumed by later ones (after taxes), voiding re-crediting a `once` coupon.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Invoice {
  svc_id: string; status: string; payment_status: string; created_at: string; fees_amount_cents: number; coupons_amount_cents: number;
  sub_total_excluding_taxes_amount_cents: number; taxes_amount_cents: number; sub_total_including_taxes_amount_cents: number;
  credit_notes_amount_cents: number; total_amount_cents: number; total_due_amount_cents: number;
  credits: { amount_cents: number; before_taxes: boolean }[]; fees: { svc_id: string; item: { type: string }; amount_cents: number }[];
}
interface CreditNote { svc_invoice_id: string; credit_amount_cents: number; balance_amount_cents: number; credit_status: string; items: { svc_fee_id: string; amount_cents: number }[] }

const coupon = (code: string, extra: Obj): Obj => ({ code, name: code, coupon_type: "fixed_amount", amount_currency: "EUR", expiration: "no_expiration", reusable: true, ...extra });
function run(steps: Obj[], until: string, taxCodes: string[] = []) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", tax_codes: taxCodes },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }],
    billable_metrics: [],
    plans: [{ code: "m", name: "M", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", charges: [] }],
    coupons: [coupon("once5", { frequency: "once", amount_cents: 500 }), coupon("once20", { frequency: "once", amount_cents: 2000 }),
      coupon("once10", { frequency: "once", amount_cents: 1000 }), { code: "pct", name: "pct", coupon_type: "percentage", percentage_rate: "10", frequency: "forever", expiration: "no_expiration", reusable: true }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
      ...steps,
    ],
    until,
  });
  return { invoices: r.invoices as unknown as Invoice[], notes: r.credit_notes as unknown as CreditNote[], responses: r.responses as Obj[] };
}
const apply = (at: string, code: string): Obj => ({ at, op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: code } });
const ref = (invoice: number, extra: Obj = {}): Obj => ({ $ref: { invoice, field: "svc_id", ...extra } });
const totals = (i: Invoice) => [i.fees_amount_cents, i.coupons_amount_cents, i.sub_total_excluding_taxes_amount_cents, i.taxes_amount_cents,
  i.sub_total_including_taxes_amount_cents, i.credit_notes_amount_cents, i.total_amount_cents];

describe("simulate invoicing: coupons", () => {
  it("deducts a once coupon before taxes on the first invoice only", () => {
    const { invoices } = run([apply("2024-03-01T00:00:00Z", "once5")], "2024-05-01T00:00:00Z", ["vat"]);
    expect(invoices.map(totals)).toEqual([
      [3100, 500, 2600, 520, 3120, 0, 3120],
      [3100, 0, 3100, 620, 3720, 0, 3720],
    ]);
    expect(invoices[0]!.credits.map((c) => [c.amount_cents, c.before_taxes])).toEqual([[500, true]]);
  });

  it("applies a forever percentage coupon on every invoice", () => {
    const { invoices } = run([apply("2024-03-01T00:00:00Z", "pct")], "2024-05-01T00:00:00Z");
    expect(invoices.map((i) => [i.coupons_amount_cents, i.total_amount_cents])).toEqual([[310, 2790], [310, 2790]]);
  });

  it("voiding an invoice gives its once coupon credit back to the next invoice", () => {
    const kept = run([apply("2024-03-01T00:00:00Z", "once20")], "2024-05-01T00:00:00Z");
    expect(kept.invoices.map((i) => [i.coupons_amount_cents, i.total_amount_cents])).toEqual([[2000, 1100], [0, 3100]]);
    const voided = run([apply("2024-03-01T00:00:00Z", "once20"), { at: "2024-04-02T00:00:00Z", op: "void_invoice", body: { invoice_id: ref(0) } }],
      "2024-05-01T00:00:00Z");
    expect(voided.responses[3]).toMatchObject({ invoice: { status: "voided", total_due_amount_cents: 0 } });
    expect(voided.invoices.map((i) => [i.status, i.coupons_amount_cents, i.total_amount_cents])).toEqual([["voided", 2000, 1100], ["finalized", 2000, 1100]]);
  });

  it("refuses to void a draft", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR", invoice_grace_period: 2 }, billable_metrics: [],
      plans: [{ code: "m", name: "M", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", charges: [] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
        { at: "2024-04-02T00:00:00Z", op: "void_invoice", body: { invoice_id: ref(0) } },
      ],
    });
    expect(r.responses[2]).toEqual({ error: { code: "not_voidable" } });
    expect((r.invoices as Invoice[]).map((i) => i.status)).toEqual(["draft"]);
  });
});

describe("simulate invoicing: credit notes", () => {
  const note = (at: string, amount: number): Obj => ({ at, op: "create_credit_note", body: {
    invoice_id: ref(0), reason: "other", credit_amount_cents: amount, refund_amount_cents: 0,
    items: [{ fee_id: ref(0, { fee: { item: { type: "subscription" } } }), amount_cents: amount }],
  } });

  it("a credit note is consumed after taxes by the next invoice, which keeps its subtotals", () => {
    const { invoices, notes } = run([note("2024-04-02T00:00:00Z", 1000)], "2024-05-01T00:00:00Z");
    expect(totals(invoices[1]!)).toEqual([3100, 0, 3100, 0, 3100, 1000, 2100]);
    expect(invoices[1]!.credits.map((c) => [c.amount_cents, c.before_taxes])).toEqual([[1000, false]]);
    expect(notes.map((n) => [n.svc_invoice_id, n.credit_amount_cents, n.balance_amount_cents, n.credit_status]))
      .toEqual([[invoices[0]!.svc_id, 1000, 0, "consumed"]]);
    // The `$ref` named the subscription fee of the first invoice.
    expect(notes[0]!.items.map((i) => [i.svc_fee_id, i.amount_cents])).toEqual([[invoices[0]!.fees.find((f) => f.item.type === "subscription")!.svc_id, 1000]]);
  });

  it("coupons go first; the note covers what remains and keeps its balance for the invoice after", () => {
    const { invoices, notes } = run([note("2024-04-02T00:00:00Z", 3100), apply("2024-04-02T00:00:00Z", "once10")], "2024-06-01T00:00:00Z");
    expect(invoices.slice(1).map(totals)).toEqual([
      [3100, 1000, 2100, 0, 2100, 2100, 0],
      [3100, 0, 3100, 0, 3100, 1000, 2100],
    ]);
    expect(invoices[1]!.payment_status).toBe("succeeded");
    expect(notes.map((n) => [n.balance_amount_cents, n.credit_status])).toEqual([[0, "consumed"]]);
  });

  it("voiding the invoice that consumed a note does not give the credit back (§16)", () => {
    const { invoices, notes } = run([note("2024-04-02T00:00:00Z", 1000), { at: "2024-05-02T00:00:00Z", op: "void_invoice", body: { invoice_id: ref(1) } }],
      "2024-06-01T00:00:00Z");
    expect(invoices.map((i) => [i.status, i.credit_notes_amount_cents, i.total_amount_cents])).toEqual([
      ["finalized", 0, 3100], ["voided", 1000, 2100], ["finalized", 0, 3100],
    ]);
    expect(notes.map((n) => [n.balance_amount_cents, n.credit_status])).toEqual([[0, "consumed"]]);
  });

  it("does not touch the invoice the note was issued on", () => {
    const { invoices } = run([note("2024-04-02T00:00:00Z", 1000)], "2024-04-30T00:00:00Z");
    expect(invoices.map(totals)).toEqual([[3100, 0, 3100, 0, 3100, 0, 3100]]);
  });
});

describe("simulate invoicing: $ref", () => {
  it("counts negative indexes from the end and resolves when the step runs", () => {
    const { responses, invoices } = run([{ at: "2024-05-02T00:00:00Z", op: "update_invoice", body: { invoice_id: ref(-1), payment_status: "succeeded" } }],
      "2024-05-02T00:00:00Z");
    expect(responses[2]).toMatchObject({ invoice: { svc_id: invoices[1]!.svc_id, payment_status: "succeeded" } });
    expect(invoices.map((i) => i.payment_status)).toEqual(["pending", "succeeded"]);
  });

  it("refuses a step whose reference names nothing yet, naming the field", () => {
    const { responses } = run([{ at: "2024-03-02T00:00:00Z", op: "finalize_invoice", body: { invoice_id: ref(0) } },
      { at: "2024-04-02T00:00:00Z", op: "create_credit_note", body: { invoice_id: ref(0), reason: "other", credit_amount_cents: 1, refund_amount_cents: 0,
        items: [{ fee_id: ref(0, { fee: { item: { type: "charge" } } }), amount_cents: 1 }] } }], "2024-04-02T00:00:00Z");
    expect(responses[2]).toEqual({ error: { code: "validation_errors", error_details: { invoice_id: ["invalid_value"] } } });
    expect(responses[3]).toEqual({ error: { code: "validation_errors", error_details: { "items.0.fee_id": ["invalid_value"] } } });
  });
});
