import { it } from "vitest";
import { customer, plan, run, subscribe, summary } from "./subs-helpers.js";
it("probe", () => {
  const plans = [plan("pro", { amount_cents: 14_900, pay_in_advance: true, trial_period: 30 })];
  const out = run({ plans, steps: [
        customer("2026-06-15T21:47:00Z", "Europe/Ljubljana"),
        subscribe("2026-06-15T21:47:00Z", "pro", { plan_overrides: { name: "Pro (custom)" } }),
        { at: "2026-07-15T10:00:00Z", op: "update_subscription", body: { external_id: "sub_1", subscription: { plan_overrides: { name: "Pro (custom)", trial_period: 41 } } } },
      ], until: "2026-08-02T00:00:00Z" });
  console.log(summary(out)); console.log(JSON.stringify(out.responses.slice(1)).slice(0,1500)); console.log(JSON.stringify(out.warnings));
  console.log(JSON.stringify(out.subscriptions.map((s:any)=>({...s, plan: undefined}))).slice(0,2000));
});
