/**
 * The catalog-editing operations beyond the contract's list: `delete_plan` (subscriptions
 * terminated or canceled, drafts finalized), `update_add_on` / `delete_add_on`, `update_coupon`
 * / `delete_coupon` — and that a refused one changes nothing but its response.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
const T = (d: string): string => `2024-03-${d}T00:00:00Z`;
const plan = (code: string, extra: Obj = {}): Obj =>
  ({ code, name: code, interval: "monthly", amount_cents: 1000, amount_currency: "EUR", pay_in_advance: false, charges: [{ billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.5" } }], ...extra });
const COUPON = { code: "ten", name: "Ten off", coupon_type: "fixed_amount", amount_cents: 1000, amount_currency: "EUR", frequency: "once", expiration: "no_expiration" };

function run(steps: Obj[], opts: { until?: string; org?: Obj } = {}) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", ...opts.org },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }],
    add_ons: [{ code: "setup", name: "Setup", amount_cents: 5000, amount_currency: "EUR" }, { code: "seat", name: "Seat", amount_cents: 100, amount_currency: "EUR" }],
    billable_metrics: [{ code: "calls", name: "Calls", aggregation_type: "count_agg" }],
    plans: [plan("basic"), plan("adv", { pay_in_advance: true }), plan("seats", { fixed_charges: [{ add_on_code: "seat", charge_model: "standard", properties: { amount: "1" }, units: 2 }] })],
    coupons: [COUPON],
    steps,
    until: opts.until ?? "2024-05-01T00:00:00Z",
  });
  return r as unknown as { invoices: Obj[]; responses: Obj[]; subscriptions: Obj[]; webhooks: Obj[]; warnings: Obj[]; credit_notes: Obj[] } & Obj;
}
const customer = (id = "c1"): Obj => ({ at: T("01"), op: "create_customer", body: { external_id: id, currency: "EUR" } });
const subscribe = (id: string, planCode: string, extra: Obj = {}, at = T("01")): Obj => ({ at, op: "create_subscription", body: { external_customer_id: "c1", external_id: id, plan_code: planCode, ...extra } });
const step = (at: string, op: string, body: Obj): Obj => ({ at, op, body });
const error = (r: Obj): unknown => (r["error"] as Obj | undefined)?.["code"];

/** The outputs of `steps` with and without `refused` inserted at `index`, the responses left out. */
function unchangedBy(steps: Obj[], index: number, refused: Obj): void {
  const without = run(steps);
  const withIt = run([...steps.slice(0, index), refused, ...steps.slice(index)]);
  expect(error(withIt.responses[index]!)).toBeDefined();
  const strip = (r: Obj): Obj => ({ ...r, responses: [] });
  expect(strip(withIt)).toEqual(strip(without));
}

describe("delete_plan", () => {
  it("terminates the plan's active subscriptions (final invoice), cancels its pending ones, and the plan is gone", () => {
    const r = run([
      customer(), subscribe("s1", "basic"), subscribe("s2", "basic", { subscription_at: "2024-04-10T00:00:00Z" }), subscribe("s3", "adv"),
      step(T("11"), "delete_plan", { code: "basic" }),
      subscribe("s4", "basic", {}, T("12")),
    ]);
    expect((r.responses[4]!["plan"] as Obj)["code"]).toBe("basic");
    expect(r.responses[5]).toEqual({ error: { code: "plan_not_found" } });
    const byId = new Map(r.subscriptions.map((s) => [s["external_id"], s]));
    expect(byId.get("s1")).toMatchObject({ status: "terminated", terminated_at: T("11") });
    expect(byId.get("s2")).toMatchObject({ status: "canceled" });
    expect(byId.get("s3")).toMatchObject({ status: "active" });
    // s1's final invoice: 10 of 31 days of 10.00 (the termination day counts).
    const final = r.invoices.find((i) => (i["billing_periods"] as Obj[]).some((p) => p["invoicing_reason"] === "subscription_terminating"));
    expect(final?.["fees_amount_cents"]).toBe(Math.round(1000 * 11 / 31));
    expect(r.webhooks.filter((w) => w["type"] === "plan.deleted").map((w) => w["at"])).toEqual([T("11")]);
    expect(run([customer(), step(T("02"), "delete_plan", { code: "nope" })]).responses[1]).toEqual({ error: { code: "plan_not_found" } });
  });

  it("finalizes the drafts of its subscriptions", () => {
    const r = run([customer(), subscribe("s1", "basic"), step("2024-04-02T00:00:00Z", "delete_plan", { code: "basic" })], { org: { invoice_grace_period: 5 } });
    expect(r.invoices.map((i) => [i["status"], i["created_at"]])).toEqual([["finalized", "2024-04-01T00:00:00Z"], ["finalized", "2024-04-02T00:00:00Z"]]);
  });

  it("a refused delete_plan changes nothing", () => {
    unchangedBy([customer(), subscribe("s1", "basic"), step(T("11"), "create_event", { transaction_id: "t1", code: "calls", external_subscription_id: "s1" })], 2,
      step(T("05"), "delete_plan", { code: "nope" }));
  });
});

describe("update_add_on and delete_add_on", () => {
  it("one-off invoices made after an update take the new price and name; a deleted add-on is add_on_not_found", () => {
    const oneOff = (at: string): Obj => step(at, "create_one_off_invoice", { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup" }] });
    const r = run([customer(), oneOff(T("02")), step(T("03"), "update_add_on", { code: "setup", add_on: { amount_cents: 7000, name: "Setup v2", code: "other" } }), oneOff(T("04")),
      step(T("05"), "delete_add_on", { code: "setup" }), oneOff(T("06"))]);
    expect(r.responses[2]!["add_on"]).toMatchObject({ code: "setup", name: "Setup v2", amount_cents: 7000, amount_currency: "EUR" });
    expect(r.invoices.map((i) => i["fees_amount_cents"])).toEqual([5000, 7000]);
    expect(((r.invoices[1]!["fees"] as Obj[])[0]!["item"] as Obj)["name"]).toBe("Setup v2");
    expect(r.warnings.map((w) => w["code"])).toEqual(["ignored_field"]);
    expect(r.responses[4]!["add_on"]).toMatchObject({ code: "setup", amount_cents: 7000 });
    expect(r.responses[5]).toEqual({ error: { code: "add_on_not_found" } });
  });

  it("refuses bad fields and unknown tax codes, changing nothing", () => {
    const r = run([customer(), step(T("02"), "update_add_on", { code: "setup", add_on: { amount_cents: -1, tax_codes: ["nope"] } }),
      step(T("02"), "update_add_on", { code: "setup", add_on: { tax_codes: ["nope"] } }),
      step(T("02"), "update_add_on", { code: "nope", add_on: {} })]);
    expect(error(r.responses[1]!)).toBe("validation_errors");
    // Its fields valid, an unknown tax is the reference's not-found (AddOns::ApplyTaxesService).
    expect(r.responses[2]).toEqual({ error: { code: "tax_not_found" } });
    expect(r.responses[3]).toEqual({ error: { code: "add_on_not_found" } });
    unchangedBy([customer(), step(T("03"), "create_one_off_invoice", { external_customer_id: "c1", currency: "EUR", fees: [{ add_on_code: "setup" }] })], 1,
      step(T("02"), "update_add_on", { code: "setup", add_on: { amount_currency: "nope" } }));
  });
});

describe("update_coupon and delete_coupon", () => {
  it("an unapplied coupon takes every field; an applied one only its name, description and expiration", () => {
    const r = run([customer(), step(T("02"), "update_coupon", { code: "ten", coupon: { amount_cents: 400, name: "Four off" } }),
      step(T("03"), "apply_coupon", { external_customer_id: "c1", coupon_code: "ten" }),
      step(T("04"), "update_coupon", { code: "ten", coupon: { amount_cents: 900, name: "Renamed" } })]);
    expect(r.responses[1]!["coupon"]).toMatchObject({ code: "ten", name: "Four off", amount_cents: 400 });
    expect(r.responses[2]!["applied_coupon"]).toMatchObject({ amount_cents: 400 });
    expect(r.responses[3]!["coupon"]).toMatchObject({ name: "Renamed", amount_cents: 400 });
    expect(r.warnings.map((w) => w["code"])).toEqual(["ignored_field"]);
  });

  it("deleting an add-on removes the fixed charges made of it from the plan and its subscriptions: later runs bill none", () => {
    const base = [customer(), subscribe("s1", "seats")];
    const kept = run(base, { until: "2024-04-02T00:00:00Z" });
    const fixedFees = (inv: Obj | undefined): number => ((inv?.["fees"] ?? []) as Obj[]).filter((f) => (f["item"] as Obj)["type"] === "fixed_charge").length;
    expect(fixedFees(kept.invoices.at(-1))).toBe(1);
    const r = run([...base, step(T("05"), "delete_add_on", { code: "seat" }), step(T("06"), "update_plan", { code: "seats" })], { until: "2024-04-02T00:00:00Z" });
    expect(r.responses[2]).toMatchObject({ add_on: { code: "seat" } });
    expect((r.responses[3]!["plan"] as Obj)["fixed_charges"]).toEqual([]);
    expect(fixedFees(r.invoices.at(-1))).toBe(0);
  });

  it("a deleted coupon cannot be applied, and its applied coupons are terminated: the next invoice takes nothing", () => {
    const base = [customer(), subscribe("s1", "basic"), step(T("02"), "apply_coupon", { external_customer_id: "c1", coupon_code: "ten" })];
    const kept = run(base, { until: "2024-04-02T00:00:00Z" });
    expect(kept.invoices[0]!["coupons_amount_cents"]).toBe(1000);
    const r = run([...base, step(T("03"), "delete_coupon", { code: "ten" }), step(T("04"), "apply_coupon", { external_customer_id: "c1", coupon_code: "ten" })], { until: "2024-04-02T00:00:00Z" });
    expect(r.responses[3]!["coupon"]).toMatchObject({ code: "ten", terminated_at: null });
    expect(r.responses[4]).toEqual({ error: { code: "coupon_not_found" } });
    expect(r.invoices[0]!["coupons_amount_cents"]).toBe(0);
  });

  it("refuses a bad field or an unknown coupon, changing nothing", () => {
    const base = [customer(), subscribe("s1", "basic"), step(T("02"), "apply_coupon", { external_customer_id: "c1", coupon_code: "ten" })];
    unchangedBy(base, 2, step(T("02"), "update_coupon", { code: "ten", coupon: { frequency: "sometimes" } }));
    unchangedBy(base, 2, step(T("02"), "delete_coupon", { code: "nope" }));
  });
});

describe("terminate_applied_coupon", () => {
  const base = [customer(), subscribe("s1", "basic"), step(T("02"), "apply_coupon", { external_customer_id: "c1", coupon_code: "ten", amount_cents: 1500 })];
  const appliedId = (r: { responses: Obj[] }): string => (r.responses[2]!["applied_coupon"] as Obj)["svc_id"] as string;
  const terminate = (id: unknown, at = T("03")): Obj => step(at, "terminate_applied_coupon", { external_customer_id: "c1", applied_coupon_id: id });

  it("terminates the customer's applied coupon: later invoices take nothing; terminating it again changes nothing", () => {
    const kept = run(base, { until: "2024-04-02T00:00:00Z" });
    expect(kept.invoices[0]!["coupons_amount_cents"]).toBe(1000);
    const id = appliedId(kept);
    const r = run([...base, terminate(id), terminate(id, T("05"))], { until: "2024-04-02T00:00:00Z" });
    expect(r.responses[3]!["applied_coupon"]).toMatchObject({ svc_id: id, status: "terminated", terminated_at: T("03"), coupon_status: "active" });
    expect(r.responses[4]).toEqual(r.responses[3]);
    expect(r.invoices[0]!["coupons_amount_cents"]).toBe(0);
  });

  it("is not brought back by voiding an invoice it credited (a coupon used up is)", () => {
    const voidApril = step("2024-04-03T00:00:00Z", "void_invoice", { invoice_id: { $ref: { invoice: 0, field: "svc_id" } } });
    const id = appliedId(run(base, { until: "2024-03-05T00:00:00Z" }));
    // 1,500 off the 1,000 April invoice leaves 500, still active; terminated on request, then the April
    // invoice voided: the May invoice takes nothing.
    const onRequest = run([...base, terminate(id, "2024-04-02T00:00:00Z"), voidApril], { until: "2024-05-02T00:00:00Z" });
    expect(onRequest.invoices[0]!["coupons_amount_cents"]).toBe(1000);
    expect((onRequest.responses[3]!["applied_coupon"] as Obj)["status"]).toBe("terminated");
    expect(onRequest.invoices.at(-1)!["coupons_amount_cents"]).toBe(0);
    // The same coupon used up by the April invoice (1,000 off 1,000) is reactivated by the void: May takes it again.
    const usedUp = run([customer(), subscribe("s1", "basic"), step(T("02"), "apply_coupon", { external_customer_id: "c1", coupon_code: "ten" }), voidApril], { until: "2024-05-02T00:00:00Z" });
    expect(usedUp.invoices.at(-1)!["coupons_amount_cents"]).toBe(1000);
  });

  it("refuses an unknown customer, an unknown or missing applied coupon, changing nothing", () => {
    unchangedBy(base, 3, step(T("03"), "terminate_applied_coupon", { external_customer_id: "nope", applied_coupon_id: "x" }));
    unchangedBy(base, 3, step(T("03"), "terminate_applied_coupon", { external_customer_id: "c1", applied_coupon_id: "x" }));
    unchangedBy(base, 3, step(T("03"), "terminate_applied_coupon", { external_customer_id: "c1" }));
  });
});
