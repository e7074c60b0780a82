/**
 * Ports of getlago/lago-api spec/scenarios/invoices/invoices_spec.rb cases without a visible vector.
 * Two stored versions were read: a 2024 one and a newer one (commit 5c0e87ac); where they differ the
 * newer one is ported and the older figure is noted. In that version the `tax` let (20 %) is applied to the
 * organization (the 233 figure below needs it); contexts that set it to 0 % leave it out.
 * Lago often creates a charge after the subscription; here charges are in the plan from the start
 * (without events they bill nothing). Invoice grace periods set on the customer in Lago are set on
 * the organization, as the visible vectors of this file do. Refresh steps that the spec expects to
 * change nothing are checked by comparing before/after totals where the engine has `refresh_invoice`.
 * Adjusted fees (AdjustedFees::CreateService) are out of scope (periods.md): those parts are not ported.
 */
import { describe, expect, it } from "vitest";
import { run, plan, customer, subscribe, terminate, event } from "./subs-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const vat20 = [{ code: "vat20", name: "VAT", rate: "20", applied_to_organization: true }];
const sumRecurring = [{ code: "sum_r", name: "sum_r", aggregation_type: "sum_agg", field_name: "amount", recurring: true }];
const count = [{ code: "cnt", name: "cnt", aggregation_type: "count_agg", recurring: false }];
const std = (code: string, amount: string, extra: Json = {}) => ({ billable_metric_code: code, charge_model: "standard", pay_in_advance: false, invoiceable: true, prorated: false, properties: { amount }, ...extra });
const ref = (i: number) => ({ $ref: { invoice: i, field: "svc_id" } });
const isCharge = (f: Json) => f.item?.type === "charge";
const isSub = (f: Json) => f.item?.type === "subscription";

describe("invoices/invoices_spec.rb: first invoice of a weekly plan in advance, by customer time zone", () => {
  const weekly = (tz: string, at: string) => run({
    plans: [plan("p", { amount_cents: 700, pay_in_advance: true, interval: "weekly" })],
    steps: [customer(at, tz), subscribe(at, "p")],
    until: at,
  });
  it("negative but same day as UTC (America/Halifax, 2023-06-16 05:00Z): 3 days → 300", () => {
    expect(weekly("America/Halifax", "2023-06-16T05:00:00Z").invoices[0].total_amount_cents).toBe(300);
  });
  it("positive, same day as UTC (Europe/Paris, 2023-06-16 20:00Z): 3 days → 300", () => {
    expect(weekly("Europe/Paris", "2023-06-16T20:00:00Z").invoices[0].total_amount_cents).toBe(300);
  });
  it("positive, not the same day as UTC (Asia/Karachi, 2023-06-16 20:00Z): 2 days → 200", () => {
    expect(weekly("Asia/Karachi", "2023-06-16T20:00:00Z").invoices[0].total_amount_cents).toBe(200);
  });
});

describe("invoices/invoices_spec.rb: other cases", () => {
  it("invoice boundaries cover leap February: 2024-02-01 invoice, subscription Feb 1–29, charges January", () => {
    const out = run({
      plans: [plan("p", { amount_cents: 700, pay_in_advance: true })],
      steps: [customer("2023-06-16T05:00:00Z"), subscribe("2023-06-16T05:00:00Z", "p")],
      until: "2024-02-01T12:12:00Z",
    });
    const inv = out.invoices.at(-1);
    expect(inv.total_amount_cents).toBe(700);
    expect(inv.billing_periods[0]).toMatchObject({
      subscription_from_datetime: "2024-02-01T00:00:00Z", subscription_to_datetime: "2024-02-29T23:59:59Z",
      charges_from_datetime: "2024-01-01T00:00:00Z", charges_to_datetime: "2024-01-31T23:59:59Z",
    });
  });

  it("subscription terminated with a grace period: termination invoice 233 (6/31 of 10.00 + 20 %), unchanged by refresh", () => {
    const out = run({
      org: { invoice_grace_period: 3 }, taxes: vat20, metrics: count,
      plans: [plan("p", { amount_cents: 1000, charges: [std("cnt", "3")] })],
      steps: [
        customer("2022-12-15T00:00:00Z"), subscribe("2022-12-15T00:00:00Z", "p"),
        terminate("2022-12-20T06:00:00Z"),
        { at: "2022-12-20T06:00:00Z", op: "refresh_invoice", body: { invoice_id: ref(0) } },
      ],
      until: "2022-12-20T07:00:00Z",
    });
    expect(out.invoices).toHaveLength(1);
    expect(out.subscriptions[0].status).toBe("terminated");
    expect(out.invoices[0].total_amount_cents).toBe(233);
    expect(out.responses[3].error).toBeUndefined();
  });

  const terminatedArrears = (charge: Json | null, interval = "monthly") => run({
    taxes: vat20, metrics: sumRecurring,
    plans: [plan("p", { amount_cents: 1000, interval, charges: charge ? [charge] : [] })],
    steps: [customer("2022-12-15T00:00:00Z"), subscribe("2022-12-15T00:00:00Z", "p"), ...(charge ? [event("2022-12-16T10:12:00Z", "sum_r", { amount: 0 })] : []), terminate("2022-12-20T06:00:00Z")],
    until: "2022-12-20T07:00:00Z",
  });

  // Newer spec version: an event of value 0 on 2022-12-16 10:12 (the 2024 version sent none and still
  // expected a charge fee, which charges.md's "all-zero fee is left out" rule contradicts — a version
  // conflict resolved by the newer spec).
  it("pay-in-arrears subscription with recurring charges terminated: the charge is billed (1 charge fee)", () => {
    const out = terminatedArrears(std("sum_r", "3"));
    expect(out.invoices).toHaveLength(1);
    expect(out.invoices[0].fees.filter(isCharge)).toHaveLength(1);
  });

  it("pay-in-arrears subscription with recurring prorated charges terminated: 1 charge fee", () => {
    const out = terminatedArrears(std("sum_r", "3", { prorated: true }));
    expect(out.invoices).toHaveLength(1);
    expect(out.invoices[0].fees.filter(isCharge)).toHaveLength(1);
  });

  it("pay-in-arrears yearly subscription with no charges terminated: 1 subscription fee", () => {
    const out = terminatedArrears(null, "yearly");
    expect(out.invoices).toHaveLength(1);
    expect(out.invoices[0].fees.filter(isSub)).toHaveLength(1);
  });

  // Newer spec version: "new plan does not contain same BM" sends an event of 0 on 2022-12-16 10:12.
  const upgradedArrears = (newPlanHasMetric: boolean) => run({
    taxes: vat20, metrics: sumRecurring,
    plans: [
      plan("p", { amount_cents: 1000, charges: [std("sum_r", "3")] }),
      plan("p_new", { amount_cents: 2000, charges: newPlanHasMetric ? [std("sum_r", "3")] : [] }),
    ],
    steps: [customer("2022-12-15T00:00:00Z"), subscribe("2022-12-15T00:00:00Z", "p"), ...(newPlanHasMetric ? [] : [event("2022-12-16T10:12:00Z", "sum_r", { amount: 0 })]), subscribe("2022-12-20T06:00:00Z", "p_new")],
    until: "2022-12-20T07:00:00Z",
  });

  it("pay-in-arrears subscription with recurring charges upgraded, new plan without the metric: old subscription's invoice has 1 charge fee", () => {
    const out = upgradedArrears(false);
    const old = out.subscriptions.find((s: Json) => s.status === "terminated");
    expect(old).toBeDefined();
    const inv = out.invoices.filter((i: Json) => i.billing_periods.some((b: Json) => b.svc_subscription_id === old.svc_id));
    expect(inv).toHaveLength(1);
    expect(inv[0].fees.filter((f: Json) => isCharge(f) && f.svc_subscription_id === old.svc_id)).toHaveLength(1);
  });

  it("pay-in-arrears subscription with recurring charges upgraded, new plan with the same metric: no charge fee for the old subscription", () => {
    const out = upgradedArrears(true);
    const old = out.subscriptions.find((s: Json) => s.status === "terminated");
    const inv = out.invoices.filter((i: Json) => i.billing_periods.some((b: Json) => b.svc_subscription_id === old.svc_id));
    expect(inv).toHaveLength(1);
    expect(inv[0].fees.filter((f: Json) => isCharge(f) && f.svc_subscription_id === old.svc_id)).toHaveLength(0);
  });

  // 29.00 plan → 290.00 plan, recurring prorated sum charge 1 €/unit, 5 units on 2024-01-02, 0 % tax.
  const upgradeOrTerminate = (advance: boolean, action: "upgrade" | "terminate", until: string) => run({
    metrics: sumRecurring,
    plans: [
      plan("p", { amount_cents: 2900, pay_in_advance: advance, charges: [std("sum_r", "1", { prorated: true })] }),
      plan("p_new", { amount_cents: 29000, pay_in_advance: advance, charges: [std("sum_r", "1", { prorated: true })] }),
    ],
    steps: [
      customer("2024-01-01T00:00:00Z"), subscribe("2024-01-01T00:00:00Z", "p"),
      event("2024-01-02T00:00:00Z", "sum_r", { amount: "5" }),
      action === "upgrade" ? subscribe("2024-02-12T06:00:00Z", "p_new") : terminate("2024-02-12T06:00:00Z"),
    ],
    until,
  });

  // The engine also runs the 2024-02-01 periodic billing that the spec (jumping from Jan 2 to Feb 12)
  // never triggers; the upgrade invoice is the one issued on 2024-02-12.
  it("pay-in-arrears subscription upgraded: March invoice round(18000 + 18/29 × 500) = 18310", () => {
    const out = upgradeOrTerminate(false, "upgrade", "2024-03-01T12:12:00Z");
    expect(out.invoices.at(-1).total_amount_cents).toBe(18310);
  });

  // Newer spec version: 1100 + round(11/29 × 500) = 1290 (the 2024 version said 10/29 → 1272; the
  // docs, charges.md §13.1 "minus 1 day … upgrade", and the newer spec agree on 11 days).
  it("pay-in-arrears subscription upgraded: upgrade invoice round(1100 + 11/29 × 500) = 1290", () => {
    const out = upgradeOrTerminate(false, "upgrade", "2024-02-12T07:00:00Z");
    expect(out.invoices.filter((i: Json) => i.issuing_date === "2024-02-12").map((i: Json) => i.total_amount_cents)).toEqual([1290]);
  });

  it("pay-in-advance subscription terminated: credit note 1700; termination invoice fees 207 (12/29 × 500) fully covered by the note", () => {
    const out = upgradeOrTerminate(true, "terminate", "2024-02-12T07:00:00Z");
    expect(out.credit_notes[0].credit_amount_cents).toBe(1700);
    const term = out.invoices.at(-1);
    expect(term).toMatchObject({ total_amount_cents: 0, fees_amount_cents: 207, credit_notes_amount_cents: 207 });
  });

  it("pay-in-arrears subscription terminated: round(1200 + 12/29 × 500) = 1407", () => {
    // The engine also issues the 2024-02-01 periodic invoice the spec never triggers; the termination
    // invoice is the last one.
    const out = upgradeOrTerminate(false, "terminate", "2024-02-12T07:00:00Z");
    expect(out.invoices.at(-1)).toMatchObject({ issuing_date: "2024-02-12", total_amount_cents: 1407 });
  });

  it("pay-in-advance subscription with grace period terminated: draft termination invoice 207 without the 1700 credit note", () => {
    // Spec then adjusts the charge fee (out of scope) and finalizes; only the part before is ported.
    const out = run({
      org: { invoice_grace_period: 3 }, metrics: sumRecurring,
      plans: [plan("p", { amount_cents: 2900, pay_in_advance: true, charges: [std("sum_r", "1", { prorated: true })] })],
      steps: [
        customer("2024-01-01T00:00:00Z"), subscribe("2024-01-01T00:00:00Z", "p"),
        { at: "2024-01-01T00:00:00Z", op: "finalize_invoice", body: { invoice_id: ref(0) } },
        event("2024-01-02T00:00:00Z", "sum_r", { amount: "5" }),
        terminate("2024-02-12T06:00:00Z"),
      ],
      until: "2024-02-12T07:00:00Z",
    });
    expect(out.credit_notes).toHaveLength(1);
    expect(out.credit_notes[0]).toMatchObject({ credit_amount_cents: 1700, balance_amount_cents: 1700 });
    const term = out.invoices.at(-1);
    expect(term).toMatchObject({ status: "draft", total_amount_cents: 207, fees_amount_cents: 207, credit_notes_amount_cents: 0 });
  });

  it("with grace period, subscribed and terminated on 2024-02-12: first invoice 1800 (18 days), credit note 1700", () => {
    // Spec contexts "with updated fee with attached credit note" / "equal to zero", before the fee adjustment.
    const out = run({
      org: { invoice_grace_period: 3 }, metrics: sumRecurring,
      plans: [plan("p", { amount_cents: 2900, pay_in_advance: true, charges: [std("sum_r", "1", { prorated: true })] })],
      steps: [customer("2024-02-12T06:00:00Z"), subscribe("2024-02-12T06:00:00Z", "p"), terminate("2024-02-12T21:00:00Z")],
      until: "2024-02-12T22:00:00Z",
    });
    expect(out.invoices).toHaveLength(2);
    expect(out.invoices[0]).toMatchObject({ status: "draft", total_amount_cents: 1800, fees_amount_cents: 1800, credit_notes_amount_cents: 0 });
    expect(out.credit_notes).toHaveLength(1);
    expect(out.credit_notes[0]).toMatchObject({ credit_amount_cents: 1700, balance_amount_cents: 1700 });
  });

  it("paid in advance with grace period, credit note greater than amount: termination invoice 120 then 0 once finalized", () => {
    const out = run({
      org: { invoice_grace_period: 3 }, taxes: vat20, metrics: count,
      plans: [plan("p", { amount_cents: 1000, pay_in_advance: true, charges: [std("cnt", "1")] })],
      steps: [
        customer("2022-12-15T00:00:00Z"), subscribe("2022-12-15T00:00:00Z", "p"),
        event("2022-12-17T00:00:00Z", "cnt"),
        terminate("2022-12-20T00:00:00Z"),
        { at: "2022-12-20T00:00:00Z", op: "fetch_subscription", body: { external_id: "sub_1" } },
        { at: "2022-12-20T00:00:00Z", op: "finalize_invoice", body: { invoice_id: ref(0) } },
        { at: "2022-12-20T00:00:00Z", op: "finalize_invoice", body: { invoice_id: ref(1) } },
      ],
      until: "2022-12-20T01:00:00Z",
    });
    expect(out.invoices.map((i: Json) => [i.status, i.total_amount_cents])).toEqual([["finalized", 658], ["finalized", 0]]);
    expect(out.credit_notes[0]).toMatchObject({ credit_amount_cents: 426, status: "finalized" });
  });

  it("paid in advance with grace period: refresh and finalize (658 in advance; 1 Jan invoice 1440 → 1560 with a late Dec 18 event)", () => {
    const out = run({
      org: { invoice_grace_period: 3 }, taxes: vat20, metrics: count,
      plans: [plan("p", { amount_cents: 1000, pay_in_advance: true, charges: [std("cnt", "1")] })],
      steps: [
        customer("2022-12-15T00:00:00Z"), subscribe("2022-12-15T00:00:00Z", "p"),
        event("2022-12-16T00:00:00Z", "cnt"),
        { at: "2022-12-16T00:00:00Z", op: "refresh_invoice", body: { invoice_id: ref(0) } },
        event("2022-12-17T00:00:00Z", "cnt"),
        { at: "2023-01-01T00:00:00Z", op: "refresh_invoice", body: { invoice_id: ref(-1) } }, // 5: the new invoice before the late event
        event("2023-01-01T00:00:00Z", "cnt", {}, "sub_1", { timestamp: Math.floor(Date.parse("2022-12-18T00:00:00Z") / 1000) }),
        { at: "2023-01-01T00:00:00Z", op: "refresh_invoice", body: { invoice_id: ref(-1) } }, // 7
        { at: "2023-01-01T00:00:00Z", op: "finalize_invoice", body: { invoice_id: ref(-1) } },
      ],
      until: "2023-01-01T00:30:00Z",
    });
    expect(out.invoices[0].total_amount_cents).toBe(658);
    expect(out.responses[5].invoice?.total_amount_cents).toBe(1440);
    expect(out.responses[7].invoice?.total_amount_cents).toBe(1560);
    expect(out.invoices.map((i: Json) => [i.status, i.total_amount_cents])).toEqual([["finalized", 658], ["finalized", 1560]]);
  });

  it("upgrading from a pay-in-arrears to a pay-in-advance plan with grace period: one draft invoice", () => {
    const at = "2024-01-10T10:00:00Z";
    const out = run({
      org: { invoice_grace_period: 3 }, taxes: vat20, metrics: count,
      plans: [plan("arrears", { amount_cents: 1000 }), plan("advance", { amount_cents: 1000, pay_in_advance: true })],
      steps: [customer(at), subscribe(at, "arrears"), subscribe(at, "advance")],
      until: at,
    });
    expect(out.invoices.filter((i: Json) => i.status === "draft")).toHaveLength(1);
  });

  it("pay-in-arrears events ingested on the plan change date stay with the subscription they were sent to", () => {
    // Anniversary; old plan's sum charge at 0 €/unit, new plan's at 1 €/unit; 0 % tax. Upgrade at 08:30
    // (equal amounts count as an upgrade), then back to the old plan at 08:40.
    const sumM = [{ code: "amt", name: "amt", aggregation_type: "sum_agg", field_name: "amount", recurring: false }];
    const usage = (at: string) => ({ at, op: "fetch_current_usage", body: { external_customer_id: "cust_1", external_subscription_id: "sub_1" } });
    const out = run({
      metrics: sumM,
      plans: [plan("p", { amount_cents: 0, charges: [std("amt", "0")] }), plan("p_new", { amount_cents: 0, charges: [std("amt", "1")] })],
      steps: [
        customer("2024-01-10T06:20:00Z"), subscribe("2024-01-10T06:20:00Z", "p", { billing_time: "anniversary" }),
        event("2024-01-10T08:20:00Z", "amt", { amount: "10" }), usage("2024-01-10T08:20:00Z"), // 2, 3
        subscribe("2024-01-10T08:30:00Z", "p_new", { billing_time: "anniversary" }), usage("2024-01-10T08:30:00Z"), // 4, 5
        event("2024-01-10T08:35:00Z", "amt", { amount: "10000" }), usage("2024-01-10T08:35:00Z"), // 6, 7
        subscribe("2024-01-10T08:40:00Z", "p", { billing_time: "anniversary" }), usage("2024-01-10T08:40:00Z"), // 8, 9
      ],
      until: "2024-01-10T09:00:00Z",
    });
    const cu = (i: number) => out.responses[i].customer_usage;
    expect([3, 5, 7, 9].map((i) => [Number(cu(i).amount_cents), Number(cu(i).total_amount_cents), Number(cu(i).charges_usage[0].units)]))
      .toEqual([[0, 0, 10], [0, 0, 0], [1000000, 1000000, 10000], [0, 0, 0]]);
    expect(out.invoices.map((i: Json) => i.total_amount_cents)).toEqual([0, 1000000]);
  });

  it("pay-in-advance subscription terminated on the same day: credit note 2800 (one day billed), termination invoice 0", () => {
    const out = run({
      plans: [plan("p", { amount_cents: 2900, pay_in_advance: true })],
      steps: [customer("2024-02-01T03:00:00Z"), subscribe("2024-02-01T03:00:00Z", "p"), terminate("2024-02-01T18:00:00Z")],
      until: "2024-02-01T19:00:00Z",
    });
    expect(out.invoices).toHaveLength(2);
    expect(out.credit_notes).toHaveLength(1);
    expect(out.credit_notes[0]).toMatchObject({ credit_amount_cents: 2800, svc_invoice_id: out.invoices[0].svc_id });
    expect(out.invoices[1].total_amount_cents).toBe(0);
  });

  it("pay-in-advance subscription terminated on the same day with usage: the termination invoice bills the 12.00 charge", () => {
    const out = run({
      metrics: count,
      plans: [plan("p", { amount_cents: 2900, pay_in_advance: true, charges: [std("cnt", "12")] })],
      steps: [customer("2024-02-01T03:00:00Z"), subscribe("2024-02-01T03:00:00Z", "p"), event("2024-02-01T10:00:00Z", "cnt"), terminate("2024-02-01T18:00:00Z")],
      until: "2024-02-01T19:00:00Z",
    });
    expect(out.invoices).toHaveLength(2);
    expect(out.credit_notes).toHaveLength(1);
    expect(out.credit_notes[0].credit_amount_cents).toBe(2800);
    const charges = out.invoices[1].fees.filter(isCharge);
    expect(charges).toHaveLength(1);
    expect(charges[0].total_amount_cents ?? charges[0].amount_cents + charges[0].taxes_amount_cents).toBe(1200);
  });
});
