/**
 * Fixed-charge units in `simulate` (periods.md §7, §7.1; invoice.md §1.2): the examples of
 * Lago's pay_in_advance_units_change and subscription_units_override specs — a monthly
 * calendar plan in advance, 10 units × 10.00, started 2024-03-01.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { item: { type: string; code: string }; units: string; amount_cents: number; from_datetime?: string; to_datetime?: string; pay_in_advance: boolean }
interface Invoice { status: string; created_at: string; fees_amount_cents: number; invoice_type: string; fees: Fee[]; billing_periods: { invoicing_reason: string }[] }

const FC = (code: string, units: number, amount: string, extra: Obj = {}): Obj =>
  ({ add_on_code: code, charge_model: "standard", units, properties: { amount }, pay_in_advance: true, prorated: false, ...extra });

function run(steps: Obj[], opts: { fixed?: Obj[]; until?: string; grace?: number; overrides?: Obj } = {}) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", invoice_grace_period: opts.grace ?? 0 },
    add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }, { code: "desk", name: "Desk", amount_cents: 100, amount_currency: "EUR" }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: true, fixed_charges: opts.fixed ?? [FC("seats", 10, "10")] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", ...(opts.overrides ? { plan_overrides: opts.overrides } : {}) } },
      ...steps,
    ],
    until: opts.until ?? "2024-03-31T00:00:00Z",
  });
  return { invoices: r.invoices as Invoice[], responses: r.responses as Obj[], warnings: r.warnings };
}

const change = (at: string, units: number, code = "seats", immediately = true): Obj =>
  ({ at, op: "update_subscription_fixed_charge", body: { external_subscription_id: "s1", code, units, apply_units_immediately: immediately } });
const fixedFees = (inv: Invoice): [string, number][] => inv.fees.filter((f) => f.item.type === "fixed_charge").map((f) => [String(Number(f.units)), f.amount_cents]);

describe("simulate: pay-in-advance fixed charges and units changes", () => {
  it("bills 10 units × 10.00 on the starting invoice, without warning", () => {
    const { invoices, warnings } = run([]);
    expect(invoices).toHaveLength(1);
    expect(fixedFees(invoices[0]!)).toEqual([["10", 10_000]]);
    expect(warnings).toEqual([]);
  });

  it("10 → 15 on 03-06 → a second invoice of 5 units, 5 000 (in_advance_charge, never a draft)", () => {
    const { invoices, responses } = run([change("2024-03-06T00:00:00Z", 15)], { grace: 3 });
    expect(invoices).toHaveLength(2);
    expect(invoices[1]!.status).toBe("finalized");
    expect(invoices[1]!.invoice_type).toBe("subscription");
    expect(invoices[1]!.billing_periods[0]!.invoicing_reason).toBe("in_advance_charge");
    expect(fixedFees(invoices[1]!)).toEqual([["5", 5_000]]);
    expect(responses[2]).toMatchObject({ fixed_charge: { code: "seats", units: "15" } });
  });

  it("10 → 5 bills 0; then → 15 bills 5 units from the highest paid", () => {
    const { invoices } = run([change("2024-03-06T00:00:00Z", 5), change("2024-03-07T00:00:00Z", 15)]);
    expect(invoices.map(fixedFees)).toEqual([[["10", 10_000]], [["0", 0]], [["5", 5_000]]]);
  });

  it("10 → 15 → 20 → two fees of 5 000", () => {
    const { invoices } = run([change("2024-03-06T00:00:00Z", 15), change("2024-03-08T00:00:00Z", 20)]);
    expect(invoices.slice(1).map(fixedFees)).toEqual([[["5", 5_000]], [["5", 5_000]]]);
  });

  it("without apply_units_immediately: no invoice now; the next period bills the new units in full", () => {
    const { invoices } = run([change("2024-03-06T00:00:00Z", 15, "seats", false)], { until: "2024-04-01T00:00:00Z" });
    expect(invoices).toHaveLength(2);
    expect(invoices[1]!.created_at).toBe("2024-04-01T00:00:00Z");
    expect(fixedFees(invoices[1]!)).toEqual([["15", 15_000]]);
  });

  it("after an immediate change the next periodic run bills the units then in force", () => {
    const { invoices } = run([change("2024-03-06T00:00:00Z", 15)], { until: "2024-04-01T00:00:00Z" });
    expect(invoices.map(fixedFees)).toEqual([[["10", 10_000]], [["5", 5_000]], [["15", 15_000]]]);
  });

  it("a prorated charge multiplies the delta by the rest of the window (26/31 days)", () => {
    const { invoices } = run([change("2024-03-06T00:00:00Z", 15)], { fixed: [FC("seats", 10, "10", { prorated: true })] });
    // 5 × 26 / 31 = 4.1935… units × 10.00 → 4 193.55… → 4 194 cents.
    expect(fixedFees(invoices[1]!)).toEqual([["5", 4_194]]);
  });

  it("plan_overrides.fixed_charges units set the subscription's units from the start", () => {
    const { invoices, warnings } = run([], { overrides: { fixed_charges: [{ code: "seats", units: 3 }] } });
    expect(fixedFees(invoices[0]!)).toEqual([["3", 3_000]]);
    expect(warnings).toEqual([]);
  });

  it("plan_overrides naming an unknown fixed charge, or negative units, are refused with the field", () => {
    const { responses, invoices } = run([], { overrides: { fixed_charges: [{ code: "nope", units: 1 }, { code: "seats", units: -1 }] } });
    expect(invoices).toEqual([]);
    expect(responses[1]).toMatchObject({ error: { code: "validation_errors", error_details: {
      "plan_overrides.fixed_charges.0.code": ["invalid_value"], "plan_overrides.fixed_charges.1.units": ["value_is_out_of_range"],
    } } });
  });

  it("overrides beyond units make a child plan whose copy bills the delta at its own price (periods.md §7.1 example)", () => {
    const override = (at: string, units: number): Obj => ({ at, op: "update_subscription", body: { external_id: "s1", plan_overrides: {
      fixed_charges: [{ code: "seats", units, properties: { amount: "20" }, apply_units_immediately: true }] } } });
    const { invoices, responses, warnings } = run([override("2024-03-05T00:00:00Z", 6), override("2024-03-10T00:00:00Z", 15)], { until: "2024-04-01T00:00:00Z" });
    expect(warnings).toEqual([]);
    // 10 paid on the parent's fixed charge; 6 bills nothing; 15 bills the 5 above the 10 paid, at 20.00.
    expect(invoices.map(fixedFees)).toEqual([[["10", 10_000]], [["0", 0]], [["5", 10_000]], [["15", 30_000]]]);
    const sub = (i: number) => (responses[i] as { subscription: { plan_code: string } }).subscription;
    expect(sub(2).plan_code).toBe("p");
  });

  it("a copy names its source; the child is updated in place; another charge model is refused", () => {
    const steps: Obj[] = [
      { at: "2024-03-05T00:00:00Z", op: "update_subscription", body: { external_id: "s1", plan_overrides: { fixed_charges: [{ code: "seats", invoice_display_name: "Chairs" }] } } },
      { at: "2024-03-06T00:00:00Z", op: "update_subscription_fixed_charge", body: { external_subscription_id: "s1", code: "seats", units: 12 } },
      { at: "2024-03-07T00:00:00Z", op: "update_subscription", body: { external_id: "s1", plan_overrides: { fixed_charges: [{ code: "seats", charge_model: "volume", properties: { volume_ranges: [] } }] } } },
    ];
    const { responses } = run(steps);
    const fc = responses[3] as { fixed_charge: { svc_id: string; svc_parent_id: string | null; invoice_display_name: string | null; units: string } };
    expect(fc.fixed_charge).toMatchObject({ invoice_display_name: "Chairs", units: "12" });
    expect(fc.fixed_charge.svc_parent_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fc.fixed_charge.svc_parent_id).not.toBe(fc.fixed_charge.svc_id);
    expect(responses[4]).toEqual({ error: { code: "cannot_override_charge_model" } });
  });

  it("units-only overrides copy nothing: the answer is the plan's own fixed charge", () => {
    const { responses } = run([change("2024-03-06T00:00:00Z", 12)]);
    expect(responses[2]).toMatchObject({ fixed_charge: { code: "seats", units: "12", svc_parent_id: null } });
  });

  it("a call with more than units moves the subscription onto a child plan whose copy carries it (periods.md §7.1)", () => {
    const taxes = [{ code: "vat", name: "VAT", rate: "20" }];
    const body = (extra: Obj): Obj => ({ external_subscription_id: "s1", code: "seats", ...extra });
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" }, taxes,
      add_ons: [{ code: "seats", name: "Seats", amount_cents: 100, amount_currency: "EUR" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR", pay_in_advance: true, fixed_charges: [FC("seats", 10, "10")] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
        { at: "2024-03-05T00:00:00Z", op: "update_subscription_fixed_charge", body: body({ units: 15 }) },
        { at: "2024-03-06T00:00:00Z", op: "update_subscription_fixed_charge", body: body({ units: 20, apply_units_immediately: true, tax_codes: ["vat"] }) },
        // Refused, naming the body's own fields, and nothing changes.
        { at: "2024-03-07T00:00:00Z", op: "update_subscription_fixed_charge", body: body({ tax_codes: ["gst"] }) },
        { at: "2024-03-07T00:00:00Z", op: "update_subscription_fixed_charge", body: body({ properties: { amount: "x" } }) },
        // Already on the child plan: its copy is updated in place.
        { at: "2024-03-08T00:00:00Z", op: "update_subscription_fixed_charge", body: body({ invoice_display_name: "Chairs" }) },
      ],
      until: "2024-04-01T00:00:01Z",
    });
    const responses = r.responses as Obj[];
    type Answer = { fixed_charge: { svc_id: string; svc_parent_id: string | null; units: string; taxes: { code: string }[]; invoice_display_name: string | null } };
    const own = (responses[2] as Answer).fixed_charge, copy = (responses[3] as Answer).fixed_charge, again = (responses[6] as Answer).fixed_charge;
    expect(own).toMatchObject({ units: "15", svc_parent_id: null, taxes: [] });
    expect(copy).toMatchObject({ units: "20", svc_parent_id: own.svc_id, taxes: [{ code: "vat" }] });
    expect(copy.svc_id).not.toBe(own.svc_id);
    expect(responses[4]).toEqual({ error: { code: "tax_not_found" } });
    expect(responses[5]).toMatchObject({ error: { code: "validation_errors", error_details: { "properties.amount": expect.any(Array) } } });
    expect(again).toMatchObject({ svc_id: copy.svc_id, svc_parent_id: own.svc_id, invoice_display_name: "Chairs", units: "20", taxes: [{ code: "vat" }] });
    // The delta (20 over the 10 paid) is billed at once with the copy's tax; April bills 20 units, taxed, under the copy.
    const invoices = r.invoices as { fees: { item: { type: string }; units: string; amount_cents: number; taxes_amount_cents: number; svc_fixed_charge_id: string }[] }[];
    const fixed = invoices.map((inv) => inv.fees.filter((f) => f.item.type === "fixed_charge").map((f) => [Number(f.units), f.amount_cents, f.taxes_amount_cents, f.svc_fixed_charge_id === copy.svc_id]));
    expect(fixed).toEqual([[[10, 10_000, 0, false]], [[10, 10_000, 2_000, true]], [[20, 20_000, 4_000, true]]]);
  });

  it("refreshing the starting draft keeps its advance fee; a zero-unit fee on another invoice does not count (grace 3)", () => {
    const fixed = [FC("seats", 2, "239.90", { prorated: true })];
    const { invoices } = run([
      change("2024-03-02T00:00:00Z", 2),
      { at: "2024-03-02T00:00:01Z", op: "refresh_invoice", body: { invoice_id: { $ref: { invoice: 0, field: "svc_id" } } } },
    ], { fixed, grace: 3 });
    expect(invoices.map((i) => i.status)).toEqual(["finalized", "finalized"]);
    expect(invoices.map(fixedFees)).toEqual([[["2", 47_980]], [["0", 0]]]);
  });

  it("names every bad field of update_subscription_fixed_charge, and unknown codes", () => {
    const { responses } = run([
      { at: "2024-03-06T00:00:00Z", op: "update_subscription_fixed_charge", body: { code: "seats", units: -1, apply_units_immediately: "yes" } },
      { at: "2024-03-06T00:00:00Z", op: "update_subscription_fixed_charge", body: { external_subscription_id: "s1", code: "nope", units: 1 } },
    ]);
    expect(responses[2]).toMatchObject({ error: { code: "validation_errors", error_details: {
      external_subscription_id: ["value_is_mandatory"], units: ["value_is_out_of_range"], apply_units_immediately: ["invalid_value"],
    } } });
    expect(responses[3]).toEqual({ error: { code: "fixed_charge_not_found" } });
  });
});
