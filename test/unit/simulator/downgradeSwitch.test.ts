/**
 * The windows of the subscription a scheduled downgrade ends (periods.md §8.2): terminated at the
 * switch (the new period's first instant), its charges window is the period that just ended — the
 * termination clamp of §2.5 does not reach past it.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";
import type { Instant } from "../../../src/core/instant.js";
import { computeBillingPeriod } from "../../../src/period/index.js";

describe("a downgrade's switch", () => {
  it("the period calculator: terminated at the next period's first instant, the charges window is the ended period", () => {
    const t = (iso: string) => Date.parse(iso) as Instant;
    const out = computeBillingPeriod({
      plan: { interval: "monthly", pay_in_advance: false, bill_charges_monthly: false, bill_fixed_charges_monthly: false },
      subscription: { billing_time: "calendar", subscription_at: t("2024-06-01T00:00:00Z"), started_at: t("2024-06-01T00:00:00Z"), terminated_at: t("2024-08-01T00:00:00Z"), status: "terminated", next_subscription: { downgrade: true } },
      timezone: "UTC", billing_at: t("2024-08-01T00:00:00Z"),
    });
    expect(out.charges_period).toEqual({ start: t("2024-07-01T00:00:00Z"), end: t("2024-08-01T00:00:00Z") });
    expect(out.charges_duration_in_days).toBe(31);
  });

  it("the switch invoice: the old subscription's charges run 07-01 → 07-31T23:59:59 (31 days of a prorated charge, not 32)", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [{ code: "seats", name: "Seats", aggregation_type: "sum_agg", field_name: "n", recurring: true }],
      plans: [
        { code: "big", name: "Big", interval: "monthly", amount_cents: 5000, amount_currency: "EUR", pay_in_advance: false,
          charges: [{ billable_metric_code: "seats", charge_model: "standard", prorated: true, properties: { amount: "31" } }] },
        { code: "small", name: "Small", interval: "monthly", amount_cents: 2000, amount_currency: "EUR", pay_in_advance: false, charges: [] },
      ],
      steps: [
        { at: "2024-06-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-06-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "big" } },
        { at: "2024-06-01T00:00:00Z", op: "create_event", body: { transaction_id: "e1", code: "seats", external_subscription_id: "s1", properties: { n: "1" } } },
        { at: "2024-07-10T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "small" } },
      ],
      until: "2024-08-01T12:00:00Z",
    }) as unknown as { invoices: { created_at: string; billing_periods: Record<string, unknown>[]; fees: { item: { type: string }; amount_cents: number }[] }[] };
    const sw = r.invoices.find((i) => i.created_at === "2024-08-01T00:00:00Z")!;
    expect(sw.billing_periods[0]).toMatchObject({ invoicing_reason: "subscription_terminating", charges_from_datetime: "2024-07-01T00:00:00Z", charges_to_datetime: "2024-07-31T23:59:59Z" });
    // One seat all July: 31 × 31 / 31 days.
    expect(sw.fees.filter((f) => f.item.type === "charge").map((f) => f.amount_cents)).toEqual([3100]);
  });

  it("the downgrade call answers the current subscription, still active and naming its next plan; the pending one waits", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      plans: [
        { code: "big", name: "Big", interval: "monthly", amount_cents: 5000, amount_currency: "EUR" },
        { code: "small", name: "Small", interval: "monthly", amount_cents: 2000, amount_currency: "EUR" },
      ],
      steps: [
        { at: "2024-06-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-06-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "big" } },
        { at: "2024-07-10T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "small" } },
      ],
      until: "2024-07-20T00:00:00Z",
    }) as unknown as { responses: { subscription: Record<string, unknown> }[]; subscriptions: Record<string, unknown>[] };
    const first = r.responses[1]!.subscription, answer = r.responses[2]!.subscription;
    expect(answer).toMatchObject({ svc_id: first["svc_id"], plan_code: "big", status: "active", next_plan_code: "small" });
    expect(r.subscriptions.map((s) => [s["plan_code"], s["status"]])).toEqual([["big", "active"], ["small", "pending"]]);
  });
});
