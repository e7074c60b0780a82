/**
 * A subscription whose `ending_at` falls on a billing day is billed once.
 *
 * periods.md §3: a subscription gets a periodic run on a date only if "its `ending_at` is not
 * today". periods.md §5 / §9: a termination within one day after a period end whose invoice was
 * not issued bills that previous full period instead. So ending 2024-04-01 (00:00 or 12:00 UTC)
 * gives ONE invoice, `subscription_terminating`, for March: 3100 + 1 call at 1.00 = 3200 — not a
 * March periodic invoice plus a termination invoice with a 1-day April fee (3100/30 → 103).
 * A plan paid in advance never bills April in advance (nor credits it back).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

interface Invoice { total_amount_cents: number; billing_periods: { invoicing_reason: string }[]; fees: { item: { type: string }; amount_cents: number }[] }

const run = (ending: string, payInAdvance = false): Invoice[] => (simulate({
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "bm", name: "bm", aggregation_type: "count_agg" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", pay_in_advance: payInAdvance,
    charges: [{ billable_metric_code: "bm", charge_model: "standard", properties: { amount: "1" } }] }],
  steps: [
    { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
    { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", ending_at: ending } },
    { at: "2024-03-10T00:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "bm", external_subscription_id: "s1" } },
  ],
  until: "2024-05-01T00:00:00Z",
}) as unknown as { invoices: Invoice[] }).invoices;

const summary = (invoices: Invoice[]) => invoices.map((i) => [i.billing_periods.map((b) => b.invoicing_reason).join(","), i.total_amount_cents]);

describe("review: ending_at on a billing day", () => {
  it("control: ending mid-April bills March (periodic) then 1–15 April (terminating)", () => {
    expect(summary(run("2024-04-15T00:00:00Z"))).toEqual([["subscription_periodic", 3200], ["subscription_terminating", 1550]]);
  });

  // periods.md §3 + §5: one terminating invoice for the previous full period (no periodic 3200 + terminating 103).
  it("ending_at exactly at the boundary: one terminating invoice for March, nothing for April", () => {
    expect(summary(run("2024-04-01T00:00:00Z"))).toEqual([["subscription_terminating", 3200]]);
  });

  // Same rule when the ending falls later that day: no periodic run on the ending day (not Apr 1 00:00 → 12:00 as one day).
  it("ending_at later on the billing day: no periodic run that day, March billed at termination", () => {
    expect(summary(run("2024-04-01T12:00:00Z"))).toEqual([["subscription_terminating", 3200]]);
  });

  // Pay in advance: no April subscription fee at all (starting 3100, then March usage 100 at
  // termination), so no periodic invoice billing April in advance and no credit note for it.
  it("pay in advance, ending at the boundary: April is never billed in advance", () => {
    const fees = run("2024-04-01T00:00:00Z", true).flatMap((i) => i.fees).filter((f) => f.item.type === "subscription");
    expect(fees.map((f) => f.amount_cents)).toEqual([3100]);
  });
});

const terminatedOnApril1 = (created: string, voidMarch = false): Invoice[] => (simulate({
  organization: { timezone: "UTC", default_currency: "EUR" },
  billable_metrics: [{ code: "bm", name: "bm", aggregation_type: "count_agg" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR",
    charges: [{ billable_metric_code: "bm", charge_model: "standard", properties: { amount: "1" } }] }],
  steps: [
    { at: created, op: "create_customer", body: { external_id: "c1" } },
    { at: created, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
    ...(voidMarch ? [{ at: "2024-04-01T06:00:00Z", op: "void_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } } } }] : []),
    { at: "2024-04-01T10:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "bm", external_subscription_id: "s1" } },
    { at: "2024-04-01T11:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } },
  ],
  until: "2024-05-01T00:00:00Z",
}) as unknown as { invoices: Invoice[] }).invoices;

describe("review: a termination within a day of a period end whose invoice exists", () => {
  // periods.md §5: the previous period was billed (its invoice is voided, but it exists), so the
  // termination bills 1 April (1 day × 3100/30 → 103, plus the call), not March (3100) again.
  it("a voided periodic invoice still counts as the previous period's invoice", () => {
    expect(summary(terminatedOnApril1("2024-03-01T00:00:00Z", true))).toEqual([["subscription_periodic", 3100], ["subscription_terminating", 203]]);
  });

  // A subscription started in the running period has no previous period: its day is billed.
  it("started on the period's first day and terminated that day: that day is billed", () => {
    expect(summary(terminatedOnApril1("2024-04-01T00:00:00Z"))).toEqual([["subscription_terminating", 203]]);
  });
});
