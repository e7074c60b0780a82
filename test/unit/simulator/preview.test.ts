import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

const catalog = {
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
  plans: [
    { code: "m", name: "Monthly", interval: "monthly", amount_cents: 3100, amount_currency: "EUR",
      charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "1" } }] },
    { code: "adv", name: "Advance", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: true },
  ],
  coupons: [{ code: "c5", name: "Five", coupon_type: "fixed_amount", amount_cents: 500, amount_currency: "EUR", frequency: "once" }],
};
type Obj = Record<string, unknown>;
const preview = (body: Obj, at = "2024-03-10T00:00:00Z") => ({ at, op: "preview_invoice", body });

describe("preview_invoice", () => {
  it("previews a new arrears subscription at the end of its first period, with the customer's coupon, and consumes nothing", () => {
    const r = simulate({ ...catalog, steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
      { at: "2024-03-01T00:00:00Z", op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "c5" } },
      preview({ customer: { external_id: "c1" }, plan_code: "m", billing_time: "calendar" }),
      { at: "2024-03-10T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
    ], until: "2024-04-01T01:00:00Z" });
    // 10–31 March: 22/31 × 3100 = 2200; the once coupon of 500 → 1700.
    expect((r.responses[2] as { invoice: Obj }).invoice).toMatchObject({
      issuing_date: "2024-04-01", fees_amount_cents: 2200, coupons_amount_cents: 500, total_amount_cents: 1700,
    });
    expect(r.invoices).toHaveLength(1);
    expect((r.invoices as Obj[])[0]).toMatchObject({ fees_amount_cents: 2200, coupons_amount_cents: 500 });
  });

  it("previews a plan paid in advance at its start, and the live subscriptions at their next run with the usage so far", () => {
    const r = simulate({ ...catalog, steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
      preview({ customer: { external_id: "c1" }, plan_code: "adv", subscription_at: "2024-03-16T00:00:00Z" }),
      { at: "2024-03-10T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "m" } },
      { at: "2024-03-12T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "calls", external_subscription_id: "s1" } },
      preview({ customer: { external_id: "c1" }, subscriptions: { external_ids: ["s1"] } }, "2024-03-20T00:00:00Z"),
    ] });
    // 16–31 March: 16/31 × 3100 = 1600, billed on the starting day.
    expect((r.responses[1] as { invoice: Obj }).invoice).toMatchObject({ issuing_date: "2024-03-16", fees_amount_cents: 1600 });
    // s1 at its 1 April run: 22/31 of the fee (2200) + 1 call (100).
    expect((r.responses[4] as { invoice: Obj }).invoice).toMatchObject({ issuing_date: "2024-04-01", fees_amount_cents: 2300 });
    expect(r.invoices).toEqual([]);
  });

  it("answers plan_not_found and subscription_not_found", () => {
    const r = simulate({ ...catalog, steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
      preview({ customer: { external_id: "c1" }, plan_code: "nope" }),
      preview({ customer: { external_id: "c1" }, subscriptions: { external_ids: ["s9"] } }),
    ] });
    expect(r.responses.slice(1)).toEqual([{ error: { code: "plan_not_found" } }, { error: { code: "subscription_not_found" } }]);
  });
});

describe("preview_invoice: the request's coupons (invoice.md §4.4)", () => {
  const run = (steps: Obj[]) => simulate({ ...catalog, steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
    ...steps,
  ] }) as unknown as { responses: Obj[]; warnings: unknown[] };
  const invoiceOf = (r: { responses: Obj[] }, i: number) => (r.responses[i] as { invoice: Obj }).invoice;

  it("a customer without an active coupon gets the request's: a catalog coupon by code, or one described in full", () => {
    const byCode = run([preview({ customer: { external_id: "c1" }, plan_code: "adv", coupons: [{ code: "c5" }] })]);
    expect(invoiceOf(byCode, 1)).toMatchObject({ fees_amount_cents: 2200, coupons_amount_cents: 500, total_amount_cents: 1700 });
    const described = run([preview({ customer: { external_id: "c1" }, plan_code: "adv",
      coupons: [{ code: "pct", name: "Ten", coupon_type: "percentage", percentage_rate: "10", frequency: "once" }] })]);
    expect(invoiceOf(described, 1)).toMatchObject({ fees_amount_cents: 2200, coupons_amount_cents: 220, total_amount_cents: 1980 });
    expect(described.warnings).toEqual([]);
  });

  it("an active coupon of the customer wins over the request's", () => {
    const r = run([
      { at: "2024-03-01T00:00:00Z", op: "apply_coupon", body: { external_customer_id: "c1", coupon_code: "c5" } },
      preview({ customer: { external_id: "c1" }, plan_code: "adv", coupons: [{ code: "pct", name: "Ten", coupon_type: "percentage", percentage_rate: "10", frequency: "once" }] }),
    ]);
    expect(invoiceOf(r, 2)).toMatchObject({ coupons_amount_cents: 500 });
  });

  it("a coupon that is not an object is refused", () => {
    const r = run([preview({ customer: { external_id: "c1" }, plan_code: "adv", coupons: ["c5"] })]);
    expect(r.responses[1]).toMatchObject({ error: { code: "validation_errors" } });
  });
});
