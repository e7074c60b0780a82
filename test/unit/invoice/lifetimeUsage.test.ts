/**
 * invoice.md §12.2 lifetime usage.
 */
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/issue.js";
import { type LifetimeUsageInvoice, lifetimeUsage } from "../../../src/invoice/progressive/lifetimeUsage.js";

const inv = (invoice_type: LifetimeUsageInvoice["invoice_type"], status: LifetimeUsageInvoice["status"], ...fees: [string, number][]): LifetimeUsageInvoice => ({
  invoice_type, status, fees: fees.map(([fee_type, c]) => ({ fee_type: fee_type as "charge", amount_cents: BigInt(c) })),
});

describe("lifetimeUsage (§12.2)", () => {
  it("historical + charge fees of finalized or draft subscription invoices + current usage", () => {
    const u = lifetimeUsage({
      historical_usage_amount_cents: 100n,
      invoices: [
        inv("subscription", "finalized", ["subscription", 3100], ["charge", 5280]),
        inv("subscription", "draft", ["charge", 20]),
        inv("subscription", "voided", ["charge", 999]),
        inv("subscription", "closed", ["charge", 999]),
        inv("progressive_billing", "finalized", ["charge", 5280]),
        inv("one_off", "finalized", ["add_on", 999]),
      ],
      current_usage_amount_cents: 2200n,
    });
    expect(u).toEqual({ historical_usage_amount_cents: 100n, invoiced_usage_amount_cents: 5300n, current_usage_amount_cents: 2200n, total_amount_cents: 7600n });
  });
  it("no invoices: historical + current", () => {
    expect(lifetimeUsage({ historical_usage_amount_cents: 0n, invoices: [], current_usage_amount_cents: 7n }).total_amount_cents).toBe(7n);
  });
  it("refuses a negative historical usage", () => {
    expect(() => lifetimeUsage({ historical_usage_amount_cents: -1n, invoices: [], current_usage_amount_cents: 0n })).toThrow(ValidationError);
  });
});
