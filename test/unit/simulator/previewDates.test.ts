/**
 * invoice.md §15: a preview is dated as the invoice it previews — the billing day in the
 * customer's zone shifted by its issuing-date settings and grace period, due after its net
 * payment term.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const base = {
  organization: { timezone: "UTC", default_currency: "EUR", premium_integrations: ["preview"] },
  plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR" }],
};
const dates = (i: Obj): [unknown, unknown] => [i["issuing_date"], i["payment_due_date"]];

describe("preview dates", () => {
  for (const config of [{ invoice_grace_period: 3 }, { invoice_grace_period: 3, subscription_invoice_issuing_date_adjustment: "align_with_finalization_date" }, {}]) {
    it(`match the invoice it previews (${JSON.stringify(config)})`, () => {
      const out = simulate({ ...base, steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "a", net_payment_term: 10, billing_configuration: config } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "a", external_id: "s1", plan_code: "p" } },
        { at: "2024-03-15T00:00:00Z", op: "preview_invoice", body: { customer: { external_id: "a" }, subscriptions: { external_ids: ["s1"] } } },
      ], until: "2024-04-10T00:00:00Z" });
      const preview = (out.responses[2] as Obj)["invoice"] as Obj;
      const actual = (out.invoices as Obj[]).find((i) => i["invoice_type"] === "subscription")!;
      expect(dates(preview)).toEqual(dates(actual));
    });
  }
});
