/**
 * Ported from getlago/lago-api spec/scenarios/wallets/wallet_traceability_spec.rb (figures only).
 * The spec reads the fundings / consumptions endpoints, which the simulator does not expose; the
 * same figures are checked through each inbound transaction's remaining_amount_cents and the
 * outbound amounts (invoice.md §9, §11.3). Wallets are traceable (ratecard's default; the spec
 * sets the flag after creation). Time 0 is 2022-12-01; usage is billed on 2023-01-01.
 */
import { describe, expect, it } from "vitest";
import { run, plan, type Step } from "./subs-helpers.js";

const T0 = "2022-12-01T00:00:00Z";
const H1 = "2022-12-01T01:00:00Z";
const metrics = [{ code: "m", name: "m", aggregation_type: "sum_agg", recurring: false, field_name: "total" }];
const plans = [plan("plan", { charges: [{ billable_metric_code: "m", charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount: "1" } }] })];
const customer: Step = { at: T0, op: "create_customer", body: { external_id: "cust_1", name: "cust_1", currency: "EUR" } };
const wallet = (rate = "1"): Step => ({ at: T0, op: "create_wallet", body: { external_customer_id: "cust_1", rate_amount: rate, name: "Traceable Wallet", currency: "EUR", granted_credits: "0", invoice_requires_successful_payment: false } });
const topUp = (at: string, body: Record<string, unknown>): Step => ({ at, op: "create_wallet_transaction", body: { wallet_id: { $ref: { wallet: 0, field: "svc_id" } }, ...body } });
const subscribe = (at: string): Step => ({ at, op: "create_subscription", body: { external_customer_id: "cust_1", external_id: "sub_1", plan_code: "plan", billing_time: "calendar" } });
let n = 0;
const usage = (at: string, total: number): Step => ({ at, op: "create_event", body: { transaction_id: `tr${++n}`, code: "m", external_subscription_id: "sub_1", properties: { total } } });

const inbound = (out: any) => out.wallet_transactions.filter((t: any) => t.transaction_type === "inbound").map((t: any) => t.remaining_amount_cents);
const outbound = (out: any, status: string) => out.wallet_transactions.filter((t: any) => t.transaction_type === "outbound" && t.transaction_status === status).map((t: any) => Number(t.amount));

describe("wallet_traceability_spec.rb / Invoice Consumption Scenarios", () => {
  it("Example 1: Simple Consumption (Single Source)", () => {
    const out = run({ plans, metrics, steps: [customer, wallet(), topUp(T0, { granted_credits: "100" }), subscribe(T0), usage("2022-12-06T00:00:00Z", 40)], until: "2023-01-01T00:01:00Z" });
    expect(out.invoices.find((i: any) => i.invoice_type === "subscription").total_amount_cents).toBe(0);
    expect(outbound(out, "invoiced")).toEqual([40]);
    expect(inbound(out)).toEqual([6000]);
  });

  it("Example 2: Consumption Spanning Multiple Inbounds (FIFO)", () => {
    const out = run({ plans, metrics, steps: [customer, wallet(), topUp(T0, { granted_credits: "30" }), topUp(H1, { granted_credits: "50" }), subscribe(H1), usage("2022-12-06T00:00:00Z", 60)], until: "2023-01-01T00:01:00Z" });
    expect(outbound(out, "invoiced")).toEqual([60]);
    expect(inbound(out)).toEqual([0, 2000]);
  });

  it("Example 3: Multiple Outbounds from Same Inbound", () => {
    const out = run({
      plans, metrics,
      steps: [customer, wallet(), topUp(T0, { granted_credits: "100" }), subscribe(T0), usage("2022-12-06T00:00:00Z", 25), usage("2023-01-06T00:00:00Z", 35)],
      until: "2023-02-01T00:01:00Z",
    });
    expect(outbound(out, "invoiced")).toEqual([25, 35]);
    expect(inbound(out)).toEqual([4000]);
  });

  it("Invoice Prepaid Credit Breakdown / tracks granted and purchased amounts separately on invoice", () => {
    const steps: Step[] = [
      customer, wallet(), topUp(T0, { granted_credits: "30" }), topUp(H1, { paid_credits: "70" }),
      { at: H1, op: "update_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } }, payment_status: "succeeded" } },
      subscribe(H1), usage("2022-12-06T00:00:00Z", 80),
    ];
    const out = run({ plans, metrics, steps, until: "2023-01-01T00:01:00Z" });
    const inv = out.invoices.find((i: any) => i.invoice_type === "subscription");
    expect(inv.prepaid_granted_credit_amount_cents).toBe(3000);
    expect(inv.prepaid_purchased_credit_amount_cents).toBe(5000);
    expect(outbound(out, "invoiced")).toEqual([80]);
    const granted = out.wallet_transactions.find((t: any) => t.transaction_status === "granted");
    const purchased = out.wallet_transactions.find((t: any) => t.transaction_status === "purchased");
    expect([granted.remaining_amount_cents, purchased.remaining_amount_cents, purchased.status]).toEqual([0, 2000, "settled"]);
  });

  it("Edge cases / exact balance consumption", () => {
    const out = run({ plans, metrics, steps: [customer, wallet(), topUp(T0, { granted_credits: "50" }), subscribe(T0), usage("2022-12-06T00:00:00Z", 50)], until: "2023-01-01T00:01:00Z" });
    expect(outbound(out, "invoiced")).toEqual([50]);
    expect(inbound(out)).toEqual([0]);
  });
});

describe("wallet_traceability_spec.rb / Voiding Credit Scenarios", () => {
  const voids = (at: string, credits: string): Step => topUp(at, { voided_credits: credits });

  it("Simple voiding", () => {
    const out = run({ plans, metrics, steps: [customer, wallet(), topUp(T0, { granted_credits: "100" }), voids(H1, "40")], until: "2022-12-01T02:00:00Z" });
    expect(outbound(out, "voided")).toEqual([40]);
    expect(inbound(out)).toEqual([6000]);
  });

  it("Voiding spanning multiple inbounds", () => {
    const out = run({ plans, metrics, steps: [customer, wallet(), topUp(T0, { granted_credits: "30" }), topUp(T0, { granted_credits: "50" }), voids(H1, "60")], until: "2022-12-01T02:00:00Z" });
    expect(outbound(out, "voided")).toEqual([60]);
    expect(inbound(out)).toEqual([0, 2000]);
  });

  it("Multiple voids from same inbound", () => {
    const out = run({ plans, metrics, steps: [customer, wallet(), topUp(T0, { granted_credits: "100" }), voids(H1, "25"), voids(H1, "35")], until: "2022-12-01T02:00:00Z" });
    expect(outbound(out, "voided")).toEqual([25, 35]);
    expect(inbound(out)).toEqual([4000]);
  });

  it("Edge cases / insufficient balance for voiding is refused", () => {
    const steps = [customer, wallet(), topUp(T0, { granted_credits: "30" }), voids(H1, "50")];
    const out = run({ plans, metrics, steps, until: "2022-12-01T02:00:00Z" });
    expect(out.responses[3].error?.code).toBe("validation_errors");
    expect(outbound(out, "voided")).toEqual([]);
    expect(inbound(out)).toEqual([3000]);
  });

  it("Edge cases / non-integer wallet rate (0.5): remaining tracked in amount cents", () => {
    const out = run({ plans, metrics, steps: [customer, wallet("0.5"), topUp(T0, { granted_credits: "100" }), voids(H1, "60"), voids(H1, "40")], until: "2022-12-01T02:00:00Z" });
    const outs = out.wallet_transactions.filter((t: any) => t.transaction_status === "voided").map((t: any) => Number(t.amount));
    expect(outs).toEqual([30, 20]);
    expect(inbound(out)).toEqual([0]);
  });
});
