/**
 * invoice.md §3 progressive-billing credits: the [spec] scenario, the §3 coupon example,
 * worked example B (§18), the excess credit note, and the choice of the latest invoice.
 */
import { describe, expect, it } from "vitest";
import { dec } from "../../../src/core/decimal.js";
import { type Instant, parseInstant } from "../../../src/core/instant.js";
import { type ProgressiveCreditSource, progressiveBillingCredits } from "../../../src/invoice/progressive/progressiveBillingCredits.js";
import { type ProgressiveInvoiceCandidate, latestProgressiveInvoice } from "../../../src/invoice/progressive/progressiveInvoiceSelection.js";
import type { InvoiceFee } from "../../../src/invoice/types.js";

const at = (s: string): Instant => {
  const t = parseInstant(s);
  if (t === undefined) throw new Error(`bad instant ${s}`);
  return t;
};
let n = 0;
function fee(type: InvoiceFee["fee_type"], cents: number, charge: string | null = null, extra: Partial<InvoiceFee> = {}): InvoiceFee {
  n += 1;
  return {
    svc_id: `fee_${n}`, fee_type: type, svc_subscription_id: "sub_1", plan_code: "p", metric_code: null, svc_charge_id: charge,
    amount_cents: BigInt(cents), precise_amount_cents: dec(cents), units: dec(1), precise_coupons_amount_cents: dec(0),
    precise_credit_notes_amount_cents: dec(0), taxes: [], from_date: null, to_date: null, pay_in_advance: false, ...extra,
  };
}
function source(fees: InvoiceFee[], extra: Partial<ProgressiveCreditSource> = {}): ProgressiveCreditSource {
  return {
    svc_id: "pb_1", number: "PB-001", fees_amount_cents: fees.reduce((a, f) => a + f.amount_cents, 0n), coupons_amount_cents: 0n,
    credits_taken_amount_cents: 0n, credit_notes_amount_cents: 0n, fees, ...extra,
  };
}
const credit = (fees: InvoiceFee[], latest: ProgressiveCreditSource | null, currency: "EUR" | "JPY" = "EUR") =>
  progressiveBillingCredits({ invoice_id: "inv_9", currency, fees, subscriptions: [{ subscription_id: "sub_1", latest }] });
const shares = (fees: InvoiceFee[]): string[] => fees.map((f) => f.precise_coupons_amount_cents.toFixed());

describe("progressiveBillingCredits (§3)", () => {
  it("[spec] one progressive invoice of 200.00, usage 400.00: credit 20000 (total 231.00)", () => {
    const r = credit([fee("subscription", 3100), fee("charge", 40000, "ch")], source([fee("charge", 20000, "ch")]));
    expect(r.progressive_billing_credit_amount_cents).toBe(20000n);
    expect(shares(r.fees)).toEqual(["0", "20000"]);
    expect(r.credits).toEqual([{
      svc_id: expect.any(String), amount_cents: 20000n, amount_currency: "EUR", before_taxes: true,
      item: { svc_item_id: "pb_1", type: "invoice", code: "PB-001", name: "PB-001", description: null },
    }]);
    expect(r.excess).toEqual([]);
    expect(3100n + 40000n - r.progressive_billing_credit_amount_cents).toBe(23100n);
  });

  it("[spec] two progressive invoices (200.00, then cumulative 600.00): the latest is credited, 60000 (total 31.00)", () => {
    const latest = source([fee("charge", 60000, "ch")], { svc_id: "pb_2" });
    const r = credit([fee("subscription", 3100), fee("charge", 60000, "ch")], latest);
    expect(r.progressive_billing_credit_amount_cents).toBe(60000n);
    expect(3100n + 60000n - r.progressive_billing_credit_amount_cents).toBe(3100n);
  });

  it("§3 example: progressive fee 20000 with a 5000 coupon → credit 15000, but the fee's share is 20000", () => {
    const r = credit([fee("charge", 40000, "ch")], source([fee("charge", 20000, "ch")], { coupons_amount_cents: 5000n }));
    expect(r.progressive_billing_credit_amount_cents).toBe(15000n);
    expect(shares(r.fees)).toEqual(["20000"]);
  });

  it("example B (JPY): PB1 bm3 10500, end-of-month bm3 14000 → credit 10500 on bm3 only", () => {
    const r = credit([fee("subscription", 3000), fee("charge", 14000, "bm3")], source([fee("charge", 10500, "bm3")], { number: "PB1" }), "JPY");
    expect(r.progressive_billing_credit_amount_cents).toBe(10500n);
    expect(shares(r.fees)).toEqual(["0", "10500"]);
    expect(r.credits[0]).toMatchObject({ amount_cents: 10500n, amount_currency: "JPY", item: { type: "invoice", code: "PB1" } });
  });

  it("credits already taken and credit notes lower the credit; nothing left → no credit, no spread", () => {
    const pb = [fee("charge", 20000, "ch")];
    const end = [fee("charge", 30000, "ch")];
    expect(credit(end, source(pb, { credits_taken_amount_cents: 5000n, credit_notes_amount_cents: 1000n })).progressive_billing_credit_amount_cents).toBe(14000n);
    const none = credit(end, source(pb, { credits_taken_amount_cents: 20000n, credit_notes_amount_cents: 1000n }));
    expect(none).toEqual({ fees: end, credits: [], progressive_billing_credit_amount_cents: 0n, excess: [] });
  });

  it("capped at the charge fees it offsets: the excess goes to an automatic credit note", () => {
    const end = [fee("charge", 15000, "ch"), fee("charge", 9000, "other"), fee("charge", 5000, "ch", { svc_subscription_id: "sub_2" })];
    const r = credit(end, source([fee("charge", 20000, "ch")]));
    expect(r.progressive_billing_credit_amount_cents).toBe(15000n);
    expect(r.excess).toEqual([{ progressive_invoice_id: "pb_1", amount_cents: 5000n }]);
    expect(shares(r.fees)).toEqual(["15000", "0", "0"]);
  });

  it("no charge fee to offset: the whole amount is excess, no credit row", () => {
    const r = credit([fee("subscription", 3100)], source([fee("charge", 20000, "ch")]));
    expect(r.credits).toEqual([]);
    expect(r.excess).toEqual([{ progressive_invoice_id: "pb_1", amount_cents: 20000n }]);
  });

  it("no progressive invoice → nothing", () => {
    const end = [fee("charge", 100, "ch")];
    expect(credit(end, null)).toEqual({ fees: end, credits: [], progressive_billing_credit_amount_cents: 0n, excess: [] });
  });

  it("fee_key matches the charge filter / group of each progressive fee", () => {
    const f = (c: number, filter: string): InvoiceFee => fee("charge", c, "ch", { metric_code: filter });
    const r = progressiveBillingCredits({
      invoice_id: "inv_9", currency: "EUR", fees: [f(5000, "eu"), f(7000, "us")],
      subscriptions: [{ subscription_id: "sub_1", latest: source([f(1000, "us"), f(3000, "eu")]) }],
      fee_key: (x) => `${x.svc_charge_id}/${x.metric_code}`,
    });
    expect(r.progressive_billing_credit_amount_cents).toBe(4000n);
    expect(shares(r.fees)).toEqual(["3000", "1000"]);
  });

  it("adds to shares already there, capped at the fee's amount", () => {
    const r = credit([fee("charge", 1000, "ch", { precise_coupons_amount_cents: dec("0.5") })], source([fee("charge", 600, "ch")]));
    expect(shares(r.fees)).toEqual(["600.5"]);
  });
});

describe("latestProgressiveInvoice (§3)", () => {
  const c = (svc_id: string, status: ProgressiveInvoiceCandidate["status"], from: string, to: string, issuing_date: string, sequence: number): ProgressiveInvoiceCandidate => ({
    svc_id, status, charges_from: at(from), charges_to: at(to), issuing_date, sequence,
  });
  it("finalized or failed, charges period containing the charges start, latest by issuing date then creation", () => {
    const list = [
      c("a", "finalized", "2022-12-01", "2023-01-01", "2022-12-16", 1),
      c("b", "failed", "2022-12-01", "2023-01-01", "2022-12-21", 2),
      c("c", "finalized", "2022-12-01", "2023-01-01", "2022-12-21", 3),
      c("d", "voided", "2022-12-01", "2023-01-01", "2022-12-30", 4),
      c("e", "draft", "2022-12-01", "2023-01-01", "2022-12-30", 5),
      c("f", "finalized", "2023-01-01", "2023-02-01", "2023-01-06", 6),
    ];
    expect(latestProgressiveInvoice(list, at("2022-12-01"))?.svc_id).toBe("c");
    expect(latestProgressiveInvoice(list, at("2023-01-01"))?.svc_id).toBe("f");
    expect(latestProgressiveInvoice(list, at("2023-02-01"))).toBeUndefined();
  });
});
