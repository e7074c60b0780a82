import { it } from "vitest";
import { customer, plan, run, subscribe, event, summary } from "/work/main/test/scenarios/lago/subs-helpers.js";
it("probe", () => {
  const out = run({ metrics: [{ code: "m", name: "m", aggregation_type: "sum_agg", field_name: "total", recurring: false }],
    plans: [plan("p", { pay_in_advance: false, amount_cents: 1000, charges: [{ billable_metric_code: "m", charge_model: "standard", pay_in_advance: false, invoiceable: true, properties: { amount: "1" } }] })],
    steps: [customer("2024-01-31T01:00:00Z"), subscribe("2024-01-31T01:00:00Z", "p", { billing_time: "anniversary" }), event("2024-02-01T00:00:00Z","m",{total: 3})], until: "2024-02-29T03:00:00Z" });
  const inv = out.invoices[0];
  console.log(JSON.stringify({ ...inv, fees: undefined }, null, 1));
  console.log(JSON.stringify(inv.fees[1], null, 1));
  console.log(summary(out));
});
