/**
 * The exported types of the JSON entry points: the output types are what scripts/objectTypes.ts
 * writes from schemas/objects/ (no drift), and a typed input and its typed result compile and
 * agree with what simulate returns.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { OUT, render } from "../../../scripts/objectTypes.js";
import { type SimulateRequest, type objects, applyChargeModel, simulate, type ApplyChargeModelRequest } from "../../../src/index.js";

describe("object types", () => {
  it("src/model/objectTypes.ts is what scripts/objectTypes.ts writes from schemas/objects/ (run it after changing a schema)", () => {
    expect(fs.readFileSync(OUT, "utf8")).toBe(render());
  });

  it("a typed simulate input gives typed objects", () => {
    const input: SimulateRequest = {
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR", charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.5" } }] }],
      steps: [
        { at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: "c", currency: "EUR" } },
        { at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c", external_id: "s", plan_code: "p" } },
        { at: "2024-01-10T00:00:00Z", op: "create_event", body: { transaction_id: "t", code: "calls", external_subscription_id: "s" } },
      ],
      until: "2024-02-01T01:00:00Z",
    };
    const out = simulate(input);
    const invoice: objects.Invoice = out.invoices[0]!;
    const fee: objects.Fee | undefined = invoice.fees.find((f) => f.item.type === "charge");
    expect([invoice.total_amount_cents, fee?.amount_cents, fee?.units, invoice.customer.external_id]).toEqual([1050, 50, "1", "c"]);
    const status: objects.Invoice["status"] = invoice.status;
    expect(status).toBe("finalized");
  });

  it("a typed applyChargeModel request", () => {
    const req: ApplyChargeModelRequest = { charge: { charge_model: "package", properties: { amount: "5", package_size: 10, free_units: 0 } }, aggregation: { units: "21" } };
    expect(applyChargeModel(req).amount).toBe("15");
  });
});
