/**
 * Ports of getlago/lago-api spec/scenarios/customers/update_invoice_grace_period_spec.rb and
 * spec/scenarios/invoices/invoices_spec.rb "when invoice grace period is removed / finalizes draft
 * invoices" (same behaviour). A pay-in-advance plan, customer grace period 3 days; lowering the
 * customer's grace period to 0 finalizes its draft invoice.
 * Lago updates on 2023-01-01 without running billing or the daily finalization; here the engine
 * finalizes drafts by itself when their grace ends (2022-12-18), so the update is made on 2022-12-16,
 * while the draft is still open. The spec's email delivery has no interface counterpart.
 *
 * Lowering the customer's grace period finalizes the drafts whose grace has then ended (the reference's
 * customers update service does; the tests below assert it).
 */
import { describe, expect, it } from "vitest";
import { run, plan, subscribe } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function scenario(): Json {
  return run({
    plans: [plan("p", { amount_cents: 1000, pay_in_advance: true })],
    steps: [
      { at: "2022-12-15T00:00:00Z", op: "create_customer", body: { external_id: "cust_1", name: "cust_1", currency: "EUR", billing_configuration: { invoice_grace_period: 3 } } },
      subscribe("2022-12-15T00:00:00Z", "p"),
      { at: "2022-12-16T00:00:00Z", op: "create_customer", body: { external_id: "cust_1", billing_configuration: { invoice_grace_period: 0 } } },
    ],
    until: "2022-12-16T01:00:00Z",
  });
}

describe("customers/update_invoice_grace_period_spec.rb", () => {
  it("the first invoice is a draft during the customer's 3-day grace period", () => {
    const out = run({
      plans: [plan("p", { amount_cents: 1000, pay_in_advance: true })],
      steps: [
        { at: "2022-12-15T00:00:00Z", op: "create_customer", body: { external_id: "cust_1", name: "cust_1", currency: "EUR", billing_configuration: { invoice_grace_period: 3 } } },
        subscribe("2022-12-15T00:00:00Z", "p"),
      ],
      until: "2022-12-16T01:00:00Z",
    });
    expect(out.invoices[0].status).toBe("draft");
  });

  it("lowering the grace period to 0 finalizes the draft invoice", () => {
    const out = scenario();
    expect(out.responses[2].error).toBeUndefined();
    expect(out.invoices[0].status).toBe("finalized");
  });
});
