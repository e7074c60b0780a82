/**
 * Fixed-charge fees of billing runs in `simulate` (periods.md §5, §6, §7, §8.1; invoice.md
 * §1.1 fee order, §1.2, §5.1 taxes): arrears → the run's fixed window, advance → the
 * current period, never twice for one window, never advance ones at termination.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { svc_id: string; item: { type: string; code: string }; units: string; amount_cents: number; from_date: string; to_date: string; applied_taxes: { tax_code: string }[] }
interface Invoice { status: string; created_at: string; fees: Fee[]; billing_periods: { invoicing_reason: string }[] }

const SEATS = { add_on_code: "seats", charge_model: "standard", units: 2, properties: { amount: "10" }, pay_in_advance: true, prorated: true, tax_codes: ["low"] };
const DESK = {
  add_on_code: "desk", charge_model: "graduated", units: 3, pay_in_advance: false, prorated: false,
  properties: { graduated_ranges: [{ from_value: 0, to_value: 1, per_unit_amount: "5", flat_amount: "0" }, { from_value: 2, to_value: null, per_unit_amount: "1", flat_amount: "0" }] },
};

function run(plan: Obj, steps: Obj[], until: string, extraPlans: Obj[] = []) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", invoice_grace_period: 2 },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }, { code: "low", name: "Low", rate: "5" }],
    add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }, { code: "desk", name: "Desk", amount_cents: 100, amount_currency: "EUR" }],
    billable_metrics: [{ code: "m", name: "m", aggregation_type: "count_agg" }, { code: "r", name: "r", aggregation_type: "sum_agg", field_name: "v", recurring: true }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 3100, amount_currency: "EUR", tax_codes: ["vat"], ...plan }, ...extraPlans],
    steps: [{ at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } }, ...steps],
    until,
  });
  return r.invoices as Invoice[];
}
const sub = (at: string, plan = "p"): Obj => ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: plan } });
const lines = (inv: Invoice): [string, string, number][] => inv.fees.map((f) => [f.item.type, f.item.code, f.amount_cents]);

describe("simulate: fixed-charge fees of billing runs", () => {
  const arrears = run({ pay_in_advance: false, fixed_charges: [SEATS, DESK],
    charges: [{ billable_metric_code: "r", charge_model: "standard", pay_in_advance: true, properties: { amount: "1" } }, { billable_metric_code: "m", charge_model: "standard", properties: { amount: "1" } }] }, [
    sub("2024-03-15T10:00:00Z"),
    { at: "2024-03-20T10:00:00Z", op: "create_event", body: { transaction_id: "t1", code: "m", external_subscription_id: "s1" } },
    { at: "2024-03-20T10:00:00Z", op: "create_event", body: { transaction_id: "t2", code: "r", external_subscription_id: "s1", properties: { v: 3 } } },
    { at: "2024-04-10T12:00:00Z", op: "terminate_subscription", body: { external_id: "s1" } },
  ], "2024-04-20T00:00:00Z");

  it("an arrears plan bills its advance fixed charges at creation on their own invoice, never a draft", () => {
    const first = arrears[0]!;
    expect(first.created_at).toBe("2024-03-15T10:00:00Z");
    expect(first.status).toBe("finalized");
    expect(first.billing_periods[0]!.invoicing_reason).toBe("in_advance_charge");
    // Prorated: 2 units × 17/31 days × 10.00 = 10.9677… → 1 097; the fixed charge's own tax (5 %).
    expect(lines(first)).toEqual([["fixed_charge", "seats", 1097]]);
    expect(first.fees[0]!.applied_taxes.map((t) => t.tax_code)).toEqual(["low"]);
  });

  it("the periodic run: subscription fee, charges, fixed charges in plan order, then recurring advance period fees", () => {
    const periodic = arrears.find((i) => i.created_at === "2024-04-01T00:00:00Z")!;
    expect(lines(periodic)).toEqual([
      ["subscription", "p", 1700], ["charge", "m", 100], ["fixed_charge", "seats", 2000], ["fixed_charge", "desk", 700], ["charge", "r", 300],
    ]);
    const seats = periodic.fees[2]!;
    const desk = periodic.fees[3]!;
    // Advance → the new period; arrears → the past one (graduated 1 × 5 + 2 × 1 = 7.00), plan taxes.
    expect([seats.from_date, seats.to_date]).toEqual(["2024-04-01T00:00:00Z", "2024-04-30T23:59:59Z"]);
    expect([desk.from_date, desk.to_date]).toEqual(["2024-03-15T10:00:00Z", "2024-03-31T23:59:59Z"]);
    expect(desk.applied_taxes.map((t) => t.tax_code)).toEqual(["vat"]);
  });

  it("the termination invoice bills arrears fixed charges up to terminated_at, advance ones never", () => {
    const last = arrears.at(-1)!;
    expect(last.billing_periods[0]!.invoicing_reason).toBe("subscription_terminating");
    expect(lines(last).filter((l) => l[0] === "fixed_charge")).toEqual([["fixed_charge", "desk", 700]]);
    expect(last.fees.find((f) => f.item.code === "desk")!.to_date).toBe("2024-04-10T12:00:00Z");
  });

  it("an advance plan in trial: fixed charges at creation on their own invoice, not again at the trial end", () => {
    const invoices = run({ pay_in_advance: true, trial_period: 10, fixed_charges: [{ ...SEATS, prorated: false }] }, [sub("2024-03-01T00:00:00Z")], "2024-03-20T00:00:00Z");
    expect(invoices.map(lines)).toEqual([[["fixed_charge", "seats", 2000]], [["subscription", "p", 2100]]]);
  });

  // The creation's own invoice keeps its zero-unit fee (the reference builds it as a units-change
  // invoice); the trial's end is a run, which leaves an all-zero fixed-charge fee out.
  it("a zero-unit fee at creation stays on its own invoice; the trial's end leaves it out; fee ids stay unique", () => {
    const invoices = run({ pay_in_advance: true, trial_period: 10, fixed_charges: [{ ...SEATS, units: 0, prorated: false }] }, [sub("2024-03-01T00:00:00Z")], "2024-03-20T00:00:00Z");
    expect(invoices.map(lines)).toEqual([[["fixed_charge", "seats", 0]], [["subscription", "p", 2100]]]);
    const ids = invoices.flatMap((i) => i.fees.map((f) => f.svc_id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("an upgrade with the same add-on reduces the new prorated advance fee by the old fee's unused share (floored at 0)", () => {
    const plan = { pay_in_advance: true, fixed_charges: [{ ...SEATS, tax_codes: [] }] };
    const q = { code: "q", name: "Q", interval: "monthly", amount_cents: 6200, amount_currency: "EUR", ...plan };
    const invoices = run(plan, [sub("2024-03-01T00:00:00Z"), sub("2024-03-16T10:00:00Z", "q")], "2024-04-01T00:00:00Z", [q]);
    // New: 2 × 16/31 × 10.00 = 1 032; old 2 000 × 16/31 = 1 032.26 unused → 0.
    expect(lines(invoices[1]!)).toEqual([["subscription", "q", 3200], ["fixed_charge", "seats", 0]]);
    expect(lines(invoices[2]!)).toEqual([["subscription", "q", 6200], ["fixed_charge", "seats", 2000]]);
  });

  it("a yearly plan with bill_fixed_charges_monthly bills its arrears fixed charge every month (monthly windows)", () => {
    const invoices = run({ interval: "yearly", pay_in_advance: true, bill_fixed_charges_monthly: true, fixed_charges: [{ ...DESK, units: 1 }] },
      [{ ...sub("2024-03-01T00:00:00Z"), at: "2024-03-01T00:00:00Z", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", subscription_at: "2024-01-01T00:00:00Z" } }],
      "2024-05-01T00:00:00Z");
    const desk = invoices.flatMap((i) => i.fees.filter((f) => f.item.code === "desk").map((f) => [i.created_at, f.from_date, f.amount_cents]));
    expect(desk).toEqual([
      ["2024-04-01T00:00:00Z", "2024-03-01T00:00:00Z", 500], ["2024-05-01T00:00:00Z", "2024-04-01T00:00:00Z", 500],
    ]);
  });
});
