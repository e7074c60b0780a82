/**
 * `advance_charges` invoices in `simulate` (invoice.md §1.2, §1.4): the paid fees of a
 * non-invoiceable pay-in-advance charge with `regroup_paid_fees: invoice` are regrouped at the
 * next billing run (or plan change); the [spec] figures of `advance_charges_spec.rb` with a
 * card price of 30.12 and 20 % VAT.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { svc_id: string; item: { type: string }; amount_cents: number; taxes_amount_cents: number; svc_invoice_id: string | null; payment_status: string; from_date: string; to_date: string }
interface Invoice {
  svc_id: string; created_at: string; invoice_type: string; status: string; payment_status: string; fees_amount_cents: number; taxes_amount_cents: number;
  taxes_rate: number; total_amount_cents: number; total_due_amount_cents: number; coupons_amount_cents: number; prepaid_credit_amount_cents: number;
  applied_taxes: { tax_code: string; amount_cents: number }[]; fees: Fee[]; billing_periods: { invoicing_reason: string; charges_from_datetime: string; charges_to_datetime: string }[];
  subscriptions: { external_id: string }[];
}

const charge = (amount: string, extra: Obj = {}): Obj => ({
  billable_metric_code: "cards", charge_model: "standard", pay_in_advance: true, invoiceable: false, regroup_paid_fees: "invoice", prorated: true,
  properties: { amount }, ...extra,
});
const catalog = (charges: Obj[] = [charge("30.12")]) => ({
  organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"] },
  taxes: [{ code: "vat", name: "VAT", rate: "20" }],
  billable_metrics: [{ code: "cards", name: "Cards", aggregation_type: "unique_count_agg", field_name: "item_id", recurring: true }],
  plans: [
    { code: "p", name: "P", interval: "monthly", amount_cents: 49, amount_currency: "EUR", pay_in_advance: true, charges },
    { code: "up", name: "Up", interval: "monthly", amount_cents: 25900, amount_currency: "EUR", pay_in_advance: true, charges: [charge("60")] },
  ],
});
const start: Obj[] = [
  { at: "2024-06-05T10:00:00Z", op: "create_customer", body: { external_id: "c1" } },
  { at: "2024-06-05T10:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
];
const card = (at: string, i: number, timestamp?: string): Obj => ({
  at, op: "create_event", body: { transaction_id: `t${i}`, code: "cards", external_subscription_id: "s1", properties: { item_id: `card_${i}` }, ...(timestamp === undefined ? {} : { timestamp }) },
});
/** `update_fee` on the fee of the given amount (a `$ref` into `fees`). */
const pay = (at: string, amount: number): Obj => ({ at, op: "update_fee", body: { fee_id: { $ref: { fee: { amount_cents: amount }, field: "svc_id" } }, payment_status: "succeeded" } });
const cards = [1, 2, 3, 4, 5].map((i) => card(`2024-06-${10 + i}T10:00:00Z`, i));

function run(steps: Obj[], until: string, charges?: Obj[]) {
  const r = simulate({ ...catalog(charges), steps: [...start, ...steps], until });
  return { ...r, invoices: r.invoices as unknown as Invoice[], fees: r.fees as unknown as Fee[] };
}
const advance = (invoices: Invoice[]) => invoices.filter((i) => i.invoice_type === "advance_charges");

describe("simulate: advance_charges invoices (invoice.md §1.4)", () => {
  const spec = () => run([...cards, pay("2024-06-20T00:10:00Z", 2008), pay("2024-06-20T00:10:00Z", 1908), pay("2024-06-20T00:10:00Z", 1807),
    pay("2024-07-10T10:00:00Z", 1707), pay("2024-07-10T10:00:00Z", 1606), pay("2024-07-10T10:00:00Z", 15060)], "2024-08-01T00:10:00Z");

  it("[spec] card fees are prorated (charges.md §13.3) and left without invoice", () => {
    const { fees } = run(cards, "2024-06-30T00:00:00Z");
    expect(fees.filter((f) => f.item.type === "charge").map((f) => [f.amount_cents, f.taxes_amount_cents, f.svc_invoice_id, f.payment_status]))
      .toEqual([[2008, 402, null, "pending"], [1908, 382, null, "pending"], [1807, 361, null, "pending"], [1707, 341, null, "pending"], [1606, 321, null, "pending"]]);
  });

  it("[spec] the 2024-07-01 run regroups the fees paid in June (5723); the unpaid ones wait", () => {
    const { invoices, fees } = spec();
    const [july] = advance(invoices);
    expect(july).toMatchObject({
      created_at: "2024-07-01T00:00:00Z", status: "finalized", payment_status: "succeeded",
      fees_amount_cents: 5723, taxes_amount_cents: 402 + 382 + 361, total_amount_cents: 5723 + 1145, total_due_amount_cents: 0,
      coupons_amount_cents: 0, prepaid_credit_amount_cents: 0, taxes_rate: 20.01, applied_taxes: [{ tax_code: "vat", amount_cents: 1145 }],
      subscriptions: [{ external_id: "s1" }],
    });
    expect(july!.fees.map((f) => f.amount_cents)).toEqual([2008, 1908, 1807]);
    expect(july!.billing_periods).toMatchObject([{ invoicing_reason: "in_advance_charge_periodic", charges_to_datetime: "2024-06-30T23:59:59Z" }]);
    // It follows the subscription invoice of the same run.
    expect(invoices.map((i) => [i.created_at, i.invoice_type])).toEqual([
      ["2024-06-05T10:00:00Z", "subscription"], ["2024-07-01T00:00:00Z", "subscription"], ["2024-07-01T00:00:00Z", "advance_charges"],
      ["2024-08-01T00:00:00Z", "subscription"], ["2024-08-01T00:00:00Z", "advance_charges"],
    ]);
    // The regrouped fees name their invoice in `fees`.
    expect(fees.filter((f) => [2008, 1908, 1807].includes(f.amount_cents)).map((f) => [f.svc_invoice_id, f.payment_status])).toEqual(Array(3).fill([july!.svc_id, "succeeded"]));
  });

  it("[spec] fees paid on 2024-07-10 (1707, 1606, the July renewal 15060) → 2024-08-01: fees 18373, Σ fee taxes 3674 (not 3675), total 22047", () => {
    const { invoices } = spec();
    const aug = advance(invoices)[1]!;
    expect(aug.fees.map((f) => f.amount_cents)).toEqual([1707, 1606, 15060]);
    expect([aug.fees_amount_cents, aug.taxes_amount_cents, aug.total_amount_cents, aug.taxes_rate]).toEqual([18373, 3674, 22047, 20]);
    expect(aug.applied_taxes).toMatchObject([{ tax_code: "vat", amount_cents: 3674 }]);
  });

  it("the renewal fee of a recurring metric is created at the run without invoice; the subscription invoice bills only the plan", () => {
    const { invoices, fees } = run(cards, "2024-07-01T00:00:00Z");
    expect(invoices.map((i) => [i.invoice_type, i.fees.map((f) => f.item.type)])).toEqual([["subscription", ["subscription"]], ["subscription", ["subscription"]]]);
    expect(fees.at(-1)).toMatchObject({ amount_cents: 15060, svc_invoice_id: null, from_date: "2024-07-01T00:00:00Z", to_date: "2024-07-31T23:59:59Z" });
  });

  it("a fee of the period that starts waits for the next run, even if paid before this one", () => {
    // Sent in June for 1 July (the July period), paid in June: not on the 1 July invoice, on the 1 August one.
    const { invoices } = run([card("2024-06-20T10:00:00Z", 1, "2024-07-01T00:00:00Z"), pay("2024-06-21T00:00:00Z", 3012)], "2024-08-01T00:00:00Z");
    expect(advance(invoices).map((i) => [i.created_at, i.fees.map((f) => f.amount_cents)])).toEqual([["2024-08-01T00:00:00Z", [3012]]]);
  });

  it("no paid fee, or no charge regrouping its fees → no advance_charges invoice", () => {
    expect(advance(run(cards, "2024-08-01T00:00:00Z").invoices)).toEqual([]);
    const plain = [charge("30.12", { regroup_paid_fees: null })];
    expect(advance(run([...cards, pay("2024-06-20T00:00:00Z", 2008)], "2024-08-01T00:00:00Z", plain).invoices)).toEqual([]);
  });

  it("a plan change regroups the paid fees at once (no charges-period condition); later ones at the next run", () => {
    const { invoices } = run([card("2024-06-10T10:00:00Z", 1), card("2024-06-10T10:00:00Z", 2), pay("2024-06-10T10:00:00Z", 2108),
      { at: "2024-06-15T10:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "up" } },
      card("2024-06-20T10:00:00Z", 3), pay("2024-06-20T10:00:00Z", 2200)], "2024-07-01T00:00:00Z");
    // 30.12 × 21/30 = 21.084 for each card of 10 June (the second one too: a $ref takes the first match).
    expect(advance(invoices).map((i) => [i.created_at, i.fees.map((f) => f.amount_cents)])).toEqual([
      ["2024-06-15T10:00:01Z", [2108]], ["2024-07-01T00:00:00Z", [2200]],
    ]);
  });
});
