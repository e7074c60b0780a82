/**
 * A progressive-billing invoice lists the thresholds it was issued for.
 *
 * invoice.md §12.3: "Any passed threshold → one progressive-billing invoice (section 1.2) listing
 * all passed thresholds as `applied_usage_thresholds`, then webhook
 * `subscription.usage_threshold_reached` per threshold." interface-spec.md, Invoice:
 * `applied_usage_thresholds | array | lifetime_usage_amount_cents, created_at, usage_threshold`.
 *
 * Setup (the §12.3 spec table, in euros): thresholds 10, 20, 31, 40 + recurring 5; 1 €/unit.
 * February: 21 units → progressive invoice for [10, 20]; billed on 1 March (invoiced usage 21).
 * 10 March: 24 units → (invoiced 21, current 24) → passed [31, 40, 5] → progressive invoice C1-003
 * (2400), lifetime usage 45.00.
 * Actual: the figures are right (C1-003 is issued for 2400), but the invoice JSON has no
 * `applied_usage_thresholds` key at all and no `subscription.usage_threshold_reached` webhook is
 * emitted (src/simulator/invoices.ts `invoiceJson`; the progressive run in src/simulator/invoicing.ts
 * does not keep the passed thresholds).
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Inv { number: string; invoice_type: string; fees_amount_cents: number; applied_usage_thresholds?: { lifetime_usage_amount_cents: number; usage_threshold: { amount_cents: number; recurring: boolean } }[] }

const run = (): { invoices: Inv[]; webhooks: { type: string }[] } => simulate({
  organization: { timezone: "UTC", default_currency: "EUR", premium_integrations: ["progressive_billing"] },
  billable_metrics: [{ code: "bm", name: "bm", aggregation_type: "sum_agg", field_name: "v" }],
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
    usage_thresholds: [{ amount_cents: 1000 }, { amount_cents: 2000 }, { amount_cents: 3100 }, { amount_cents: 4000 }, { amount_cents: 500, recurring: true }],
    charges: [{ billable_metric_code: "bm", charge_model: "standard", properties: { amount: "1" } }] }],
  steps: [
    { at: "2024-02-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
    { at: "2024-02-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
    { at: "2024-02-10T00:00:00Z", op: "create_event", body: { transaction_id: "a", code: "bm", external_subscription_id: "s1", properties: { v: 21 } } },
    { at: "2024-03-10T00:00:00Z", op: "create_event", body: { transaction_id: "b", code: "bm", external_subscription_id: "s1", properties: { v: 24 } } },
  ],
}) as never;

describe("review2: applied_usage_thresholds of a progressive-billing invoice", () => {
  it("control: the March progressive invoice is issued for 24 units", () => {
    const inv = run().invoices.find((i) => i.number === "ORG-82F7-001-003")!;
    expect([inv.invoice_type, inv.fees_amount_cents]).toEqual(["progressive_billing", 2400]);
  });

  // Expected [[500, true, 4500], [3100, false, 4500], [4000, false, 4500]]; actual: the key is absent (undefined).
  it("lists the passed thresholds 31, 40 and the recurring 5", () => {
    const inv = run().invoices.find((i) => i.number === "ORG-82F7-001-003")!;
    const rows = (inv.applied_usage_thresholds ?? []).map((t) => [t.usage_threshold.amount_cents, t.usage_threshold.recurring, t.lifetime_usage_amount_cents]);
    expect(rows.sort((a, b) => (a[0] as number) - (b[0] as number))).toEqual([[500, true, 4500], [3100, false, 4500], [4000, false, 4500]]);
  });

  // Expected 5 webhooks (2 in February, 3 in March); actual 0.
  it("emits subscription.usage_threshold_reached per passed threshold", () => {
    expect(run().webhooks.filter((w) => w.type === "subscription.usage_threshold_reached")).toHaveLength(5);
  });
});
