/**
 * Periods.md §10: recurring invoices take the customer's
 * `billing_configuration.subscription_invoice_issuing_date_anchor` × `_adjustment`;
 * `current_period_end` + `keep_anchor` → −1 day (the last day of the billed period).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

describe("review: customer issuing-date anchor", () => {
  // March billed on 2024-04-01 is issued on 2024-03-31.
  it("current_period_end + keep_anchor issues on the last day of the period", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", billing_configuration: {
          subscription_invoice_issuing_date_anchor: "current_period_end", subscription_invoice_issuing_date_adjustment: "keep_anchor" } } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      ],
      until: "2024-04-02T00:00:00Z",
    }) as unknown as { invoices: { issuing_date: string }[]; warnings: unknown[] };
    expect(r.invoices).toHaveLength(1);
    expect(r.invoices[0]!.issuing_date).toBe("2024-03-31");
    expect(r.warnings).toEqual([]);
  });

  it("an unknown anchor is refused with invalid_value", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [],
      plans: [],
      steps: [{ at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", billing_configuration: {
        subscription_invoice_issuing_date_anchor: "period_end" } } }],
    }) as unknown as { responses: unknown[] };
    expect(JSON.stringify(r.responses[0])).toContain("invalid_value");
    expect(JSON.stringify(r.responses[0])).toContain("subscription_invoice_issuing_date_anchor");
  });
});
