/**
 * Ports of getlago/lago-api spec/scenarios/create_event_spec.rb (figures only): which events the
 * service accepts. One count metric "bm", plan "p" (10.00 monthly in arrears, calendar) with a
 * standard charge of 1.00 per event, so that an accepted event of a live subscription also shows
 * on its invoice. "with external_subscription_id from another organization" has no counterpart
 * (a simulation holds one organization); it is the "unknown external_subscription_id" case.
 */
import { describe, expect, it } from "vitest";
import { customer, plan, run, subscribe, terminate, type Step } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const metrics = [{ code: "bm", name: "bm", aggregation_type: "count_agg", recurring: false }];
const charge = { billable_metric_code: "bm", charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount: "1" } };
const plans = [plan("p", { amount_cents: 1000, charges: [charge] }), plan("big", { amount_cents: 2000, charges: [charge] })];
let n = 0;
const ev = (at: string, body: Json): Step => ({ at, op: "create_event", body: { code: "bm", transaction_id: `ev_${++n}`, ...body } });
const T0 = "2024-01-10T00:00:00Z";
const sim = (steps: Step[], until = "2024-02-01T01:00:00Z") => run({ metrics, plans, steps: [customer(T0), ...steps], until });
const chargeUnits = (inv: Json) => (inv.fees as Json[]).filter((f) => f.item.type === "charge").reduce((s, f) => s + Number(f.units), 0);

describe("create_event_spec.rb", () => {
  // An event naming neither a subscription nor a customer is accepted and kept for
  // deduplication (customer and subscription left empty); it bills nothing (docs/simulator.md).
  it("without external_subscription_id: the event is accepted; bills nothing; its transaction id is taken", () => {
    const out = sim([subscribe(T0, "p"), ev("2024-01-11T00:00:00Z", {}), { ...ev("2024-01-11T00:00:00Z", {}), body: { code: "bm", transaction_id: "ev_dup" } },
      { at: "2024-01-11T00:00:00Z", op: "create_event", body: { code: "bm", transaction_id: "ev_dup" } }]);
    expect(out.responses[2].event).toMatchObject({ code: "bm", external_subscription_id: null });
    expect(out.responses[4].error.error_details).toEqual({ transaction_id: ["value_already_exist"] });
    expect(chargeUnits(out.invoices.at(-1))).toBe(0);
  });

  it("with unknown external_subscription_id: accepted, echoing the id; bills nothing", () => {
    const out = sim([subscribe(T0, "p"), ev("2024-01-11T00:00:00Z", { external_subscription_id: "unknown" })]);
    expect(out.responses[2].event).toMatchObject({ code: "bm", external_subscription_id: "unknown" });
    expect(chargeUnits(out.invoices.at(-1))).toBe(0);
  });

  it("with valid external_subscription_id: stored and billed", () => {
    const out = sim([subscribe(T0, "p"), ev("2024-01-11T00:00:00Z", { external_subscription_id: "sub_1" })]);
    expect(out.responses[2].event).toMatchObject({ code: "bm", external_subscription_id: "sub_1" });
    expect(chargeUnits(out.invoices.at(-1))).toBe(1);
  });

  it("with a not yet started subscription (starts tomorrow): accepted", () => {
    const out = sim([subscribe(T0, "p", { subscription_at: "2024-01-11T00:00:00Z" }), ev(T0, { external_subscription_id: "sub_1" })]);
    expect(out.responses[1].subscription.status).toBe("pending");
    expect(out.responses[2].event).toMatchObject({ external_subscription_id: "sub_1" });
  });

  it("with a subscription started in the same second: accepted and billed", () => {
    const out = sim([subscribe(T0, "p"), ev(T0, { external_subscription_id: "sub_1" })]);
    expect(out.responses[2].event).toMatchObject({ external_subscription_id: "sub_1" });
    expect(chargeUnits(out.invoices.at(-1))).toBe(1);
  });

  it("with a subscription terminated an hour ago: accepted", () => {
    const out = sim([subscribe(T0, "p"), terminate("2024-01-11T00:00:00Z"), ev("2024-01-11T01:00:00Z", { external_subscription_id: "sub_1" })]);
    expect(out.responses[2].subscription.status).toBe("terminated");
    expect(out.responses[3].event).toMatchObject({ external_subscription_id: "sub_1" });
  });

  it("with a subscription terminated in the same second: accepted", () => {
    const out = sim([subscribe(T0, "p"), terminate("2024-01-11T00:00:00Z"), ev("2024-01-11T00:00:00Z", { external_subscription_id: "sub_1" })]);
    expect(out.responses[3].event).toMatchObject({ external_subscription_id: "sub_1" });
  });

  it("with a terminated subscription but a timestamp from when it was active: accepted", () => {
    const out = sim([
      subscribe(T0, "p"),
      terminate("2024-01-11T00:00:00Z"),
      ev("2024-01-12T00:00:00Z", { external_subscription_id: "sub_1", timestamp: Date.parse("2024-01-11T00:00:00Z") / 1000 - 3600 }),
    ]);
    expect(out.responses[3].event).toMatchObject({ external_subscription_id: "sub_1" });
  });

  it("with an external_subscription_id shared by an active and a pending subscription (pending downgrade): accepted, counted on the active one", () => {
    const out = sim([
      subscribe(T0, "big"),
      subscribe("2024-01-11T00:00:00Z", "p"), // downgrade: a pending record under the same external id
      ev("2024-01-12T00:00:00Z", { external_subscription_id: "sub_1" }),
    ]);
    expect((out.subscriptions as Json[]).filter((x) => x.external_id === "sub_1").map((x) => x.plan_code)).toEqual(expect.arrayContaining(["big", "p"]));
    expect(out.responses[3].event).toMatchObject({ external_subscription_id: "sub_1" });
    const jan = (out.invoices as Json[]).find((i) => i.issuing_date === "2024-02-01");
    expect(chargeUnits(jan)).toBe(1);
  });
});
