/**
 * Invoice numbers are unique per organization (they identify an
 * invoice; credit-note numbers `<invoice number>-CN001`, invoice.md §10.1, and progressive-billing
 * credit rows, §4.5, name the invoice by its number). The prefix comes from the customer's
 * external id ([A-Z0-9] only, 8 characters); a later customer whose prefix is taken gets
 * `<prefix>-<rank>-<sequence>`.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

describe("review: invoice numbers", () => {
  // Customers "c-1" and "c1" (or "acme-corp-eu"/"acme-corp-us", both "ACMECORP") share a prefix.
  it("two customers never get the same invoice number", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [] }],
      steps: ["c-1", "c1"].flatMap((c, i) => [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: c } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: c, external_id: `s${i}`, plan_code: "p" } },
      ]),
      until: "2024-04-01T00:00:00Z",
    }) as unknown as { invoices: { number: string }[] };
    expect(r.invoices).toHaveLength(2);
    // External ids "c-1" and "c1" once shared a prefix; numbers now carry the customer's sequential id (objects.md §1).
    expect(r.invoices.map((i) => i.number)).toEqual(["ORG-82F7-001-001", "ORG-82F7-002-001"]);
  });
});
