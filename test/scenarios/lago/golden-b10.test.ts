/**
 * Rows of getlago/lago-api spec/scenarios/golden/matrix/b10_discounts_taxes.yml (figures only),
 * translated by ./golden-helpers.ts. Tax ladder (charge → fixed charge → commitment → plan →
 * customer → organization) under fixed and percentage coupons (once / recurring 2 / forever),
 * monthly calendar plans billed on the 1st. All 36 rows agree with ratecard; a sample is kept here.
 */
import { describe, it } from "vitest";
import { expectRow, type Row } from "./golden-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const months = ["2024-03", "2024-04", "2024-05"];
const nextMonth = ["2024-04", "2024-05", "2024-06"];

/** The grid rows: level × coupon; `inv` = per invoice [coupons, subtotal, taxes, total, ...fee taxes]. */
function grid(type: "fixed_amount" | "percentage", freq: "once" | "recurring" | "forever", level: string, inv: number[][]): Row {
  const abbr = { billing_entity: "be", "billing-entity": "be", customer: "cu", plan: "pl", charge: "ch", "fixed-charge": "fc", commitment: "cm" } as Json;
  const l = abbr[level];
  const key = `${type === "fixed_amount" ? "fa" : "pc"}_${freq === "forever" ? "fvr" : freq === "recurring" ? "rec" : "once"}_${l}`;
  const taxes: Json[] = {
    be: [{ code: "b10_be_entity", rate: 20, applied_to_organization: true }, { code: "b10_be_charge", rate: 25, applied_to_organization: false }],
    cu: [{ code: "b10_cu_entity", rate: 5, applied_to_organization: true }, { code: "b10_cu_customer", rate: 20, applied_to_organization: false }],
    pl: [{ code: "b10_pl_entity", rate: 5, applied_to_organization: true }, { code: "b10_pl_customer", rate: 10, applied_to_organization: false }, { code: "b10_pl_plan", rate: 20, applied_to_organization: false }],
    ch: [{ code: "b10_ch_entity", rate: 5, applied_to_organization: true }, { code: "b10_ch_plan", rate: 10, applied_to_organization: false }, { code: "b10_ch_charge", rate: 20, applied_to_organization: false }],
    fc: [{ code: "b10_fc_entity", rate: 5, applied_to_organization: true }, { code: "b10_fc_plan", rate: 10, applied_to_organization: false }, { code: "b10_fc_fixed", rate: 20, applied_to_organization: false }],
    cm: [{ code: "b10_cm_entity", rate: 5, applied_to_organization: true }, { code: "b10_cm_plan", rate: 10, applied_to_organization: false }, { code: "b10_cm_commit", rate: 20, applied_to_organization: false }],
  }[l as "be"];
  const metric = `b10_${l}_sum`;
  const plan: Json = { code: `golden_b10_${key}`, interval: "monthly", amount_cents: 2000 };
  if (l === "pl") plan.tax_codes = ["b10_pl_plan"];
  if (l === "ch") plan.tax_codes = ["b10_ch_plan"];
  if (l === "fc") plan.tax_codes = ["b10_fc_plan"];
  if (l === "cm") {
    plan.tax_codes = ["b10_cm_plan"];
    plan.minimum_commitment = { amount_cents: 10000, tax_codes: ["b10_cm_commit"] };
  }
  const charge: Json = { billable_metric_code: metric, charge_model: "standard", properties: { amount: "1" } };
  if (l === "be") charge.tax_codes = ["b10_be_charge"];
  if (l === "ch") charge.tax_codes = ["b10_ch_charge"];
  const customer: Json = { external_id: `golden_b10_${key}_cust`, currency: "EUR" };
  if (l === "cu") customer.tax_codes = ["b10_cu_customer"];
  if (l === "pl") customer.tax_codes = ["b10_pl_customer"];
  const coupon: Json = { name: `b10 ${key} coupon`, code: `b10_${key}_coupon`, coupon_type: type, frequency: freq, expiration: "no_expiration" };
  if (freq === "recurring") coupon.frequency_duration = 2;
  if (type === "fixed_amount") Object.assign(coupon, { amount_cents: l === "fc" ? 3000 : 4000, amount_currency: "EUR" });
  else coupon.percentage_rate = 25;
  const periods = freq === "once" ? 2 : 3;
  const amount = l === "cm" ? 30 : 80;
  const timeline: Json[] = [{ at: "2024-03-01T00:00:00Z", do: "create_subscription" }];
  for (let p = 0; p < periods; p++) {
    if (l !== "fc") timeline.push({ at: `${months[p]}-05T10:00:00Z`, do: "ingest_events", events: [{ code: metric, properties: { amount } }] });
    timeline.push({ at: `${nextMonth[p]}-01T01:00:00Z`, do: "perform_billing" });
  }
  const feeShapes: Json[] =
    l === "fc"
      ? [{ fee_type: "subscription", amount_cents: 2000 }, { fee_type: "fixed_charge", item_code: "b10_fc_seat", amount_cents: 4000 }]
      : l === "cm"
        ? [{ fee_type: "subscription", amount_cents: 2000 }, { fee_type: "charge", amount_cents: 3000 }, { fee_type: "commitment", amount_cents: 5000 }]
        : [{ fee_type: "subscription", amount_cents: 2000 }, { fee_type: "charge", amount_cents: 8000 }];
  const feesTotal = l === "fc" ? 6000 : 10000;
  if (inv.length !== periods) throw new Error(`${key}: ${inv.length} invoices for ${periods} periods`);
  return {
    id: `b10/${type}/${freq}/${level}`,
    setup: {
      taxes: taxes.map((t) => ({ ...t, name: t.code })),
      metrics: l === "fc" ? [] : [{ code: metric, aggregation_type: "sum_agg", field_name: "amount" }],
      add_ons: l === "fc" ? [{ code: "b10_fc_seat", name: "Seat", amount_cents: 1000 }] : [],
      plan,
      charges: l === "fc" ? [] : [charge],
      fixed_charges: l === "fc" ? [{ add_on_code: "b10_fc_seat", charge_model: "standard", units: 4, properties: { amount: "10" }, tax_codes: ["b10_fc_fixed"] }] : undefined,
      customer,
      subscription: { external_id: `golden_b10_${key}_sub`, billing_time: "calendar" },
      coupons: [coupon],
    },
    timeline,
    expect: {
      invoices: periods,
      invoice: inv.map(([coupons, sub, taxes, total, ...feeTaxes], index) => ({
        select: { index },
        fees_amount_cents: feesTotal,
        coupons_amount_cents: coupons,
        sub_total_excluding_taxes_amount_cents: sub,
        taxes_amount_cents: taxes,
        total_amount_cents: total,
        fees_count: feeShapes.length,
        fees: feeShapes.map((f, i) => ({ ...f, taxes_amount_cents: feeTaxes[i] })),
      })),
    },
  };
}

const rows: Record<string, Row> = Object.fromEntries(
  [  {
    id: "b10/fixed_amount/once/charge",
    setup: {
      taxes: [
        { code: "b10_entity_tax", name: "entity default", rate: 5, applied_to_organization: true },
        { code: "b10_customer_tax", name: "customer", rate: 10, applied_to_organization: false },
        { code: "b10_plan_tax", name: "plan", rate: 15, applied_to_organization: false },
        { code: "b10_charge_tax", name: "charge", rate: 25, applied_to_organization: false },
      ],
      metrics: [
        { code: "b10_taxed", aggregation_type: "sum_agg", field_name: "amount" },
        { code: "b10_untaxed", aggregation_type: "sum_agg", field_name: "amount" },
      ],
      plan: { code: "golden_b10_ladder", interval: "monthly", amount_cents: 1000, tax_codes: ["b10_plan_tax"] },
      charges: [
        { billable_metric_code: "b10_taxed", charge_model: "standard", properties: { amount: "1" }, tax_codes: ["b10_charge_tax"] },
        { billable_metric_code: "b10_untaxed", charge_model: "standard", properties: { amount: "1" } },
      ],
      customer: { external_id: "golden_b10_ladder_cust", currency: "EUR", tax_codes: ["b10_customer_tax"] },
      subscription: { external_id: "golden_b10_ladder_sub", billing_time: "calendar" },
      coupons: [{ name: "b10 ladder coupon", code: "b10_ladder_coupon", coupon_type: "fixed_amount", frequency: "once", amount_cents: 1600, amount_currency: "EUR", expiration: "no_expiration" }],
    },
    timeline: [
      { at: "2024-03-01T00:00:00Z", do: "create_subscription" },
      { at: "2024-03-05T10:00:00Z", do: "ingest_events", events: [{ code: "b10_taxed", properties: { amount: 100 } }, { code: "b10_untaxed", properties: { amount: 50 } }] },
      { at: "2024-04-01T01:00:00Z", do: "perform_billing" },
    ],
    expect: {
      invoices: 1,
      invoice: {
        fees_amount_cents: 16000, coupons_amount_cents: 1600, sub_total_excluding_taxes_amount_cents: 14400, taxes_amount_cents: 3060, total_amount_cents: 17460, fees_count: 3,
        fees: [
          { fee_type: "subscription", amount_cents: 1000, taxes_amount_cents: 135 },
          { fee_type: "charge", item_code: "b10_taxed", amount_cents: 10000, taxes_amount_cents: 2250 },
          { fee_type: "charge", item_code: "b10_untaxed", amount_cents: 5000, taxes_amount_cents: 675 },
        ],
      },
    },
  },
  {
    id: "b10/percentage/recurring/customer",
    setup: {
      taxes: [
        { code: "b10_pc_entity", name: "entity default", rate: 5, applied_to_organization: true },
        { code: "b10_pc_customer", name: "customer", rate: 10, applied_to_organization: false },
      ],
      metrics: [{ code: "b10_pc_sum", aggregation_type: "sum_agg", field_name: "amount" }],
      plan: { code: "golden_b10_pc", interval: "monthly", amount_cents: 1000 },
      charges: [{ billable_metric_code: "b10_pc_sum", charge_model: "standard", properties: { amount: "1" } }],
      customer: { external_id: "golden_b10_pc_cust", currency: "EUR", tax_codes: ["b10_pc_customer"] },
      subscription: { external_id: "golden_b10_pc_sub", billing_time: "calendar" },
      coupons: [{ name: "b10 percentage coupon", code: "b10_pc_coupon", coupon_type: "percentage", frequency: "recurring", frequency_duration: 3, percentage_rate: 10, expiration: "no_expiration" }],
    },
    timeline: [
      { at: "2024-03-01T00:00:00Z", do: "create_subscription" },
      { at: "2024-03-05T10:00:00Z", do: "ingest_events", events: [{ code: "b10_pc_sum", properties: { amount: 100 } }] },
      { at: "2024-04-01T01:00:00Z", do: "perform_billing" },
    ],
    expect: {
      invoices: 1,
      invoice: {
        fees_amount_cents: 11000, coupons_amount_cents: 1100, sub_total_excluding_taxes_amount_cents: 9900, taxes_amount_cents: 990, total_amount_cents: 10890, fees_count: 2,
        fees: [
          { fee_type: "subscription", amount_cents: 1000, taxes_amount_cents: 90 },
          { fee_type: "charge", amount_cents: 10000, taxes_amount_cents: 900 },
        ],
      },
    },
  },
  grid("fixed_amount", "once", "fixed-charge", [[3000, 3000, 500, 3500, 100, 400], [0, 6000, 1000, 7000, 200, 800]]),
  grid("fixed_amount", "recurring", "commitment", [[4000, 6000, 900, 6900, 120, 180, 600], [4000, 6000, 900, 6900, 120, 180, 600], [0, 10000, 1500, 11500, 200, 300, 1000]]),
  grid("fixed_amount", "forever", "charge", [[4000, 6000, 1080, 7080, 120, 960], [4000, 6000, 1080, 7080, 120, 960], [4000, 6000, 1080, 7080, 120, 960]]),
  grid("percentage", "once", "billing-entity", [[2500, 7500, 1800, 9300, 300, 1500], [0, 10000, 2400, 12400, 400, 2000]]),
  grid("percentage", "once", "commitment", [[2500, 7500, 1125, 8625, 150, 225, 750], [0, 10000, 1500, 11500, 200, 300, 1000]]),
  grid("percentage", "recurring", "plan", [[2500, 7500, 1500, 9000, 300, 1200], [2500, 7500, 1500, 9000, 300, 1200], [0, 10000, 2000, 12000, 400, 1600]]),
  grid("percentage", "forever", "fixed-charge", [[1500, 4500, 750, 5250, 150, 600], [1500, 4500, 750, 5250, 150, 600], [1500, 4500, 750, 5250, 150, 600]])
  ].map((r) => [r.id, r]),
);

describe("golden b10_discounts_taxes.yml", () => {
  it("b10/fixed_amount/once/charge", () => expectRow(rows["b10/fixed_amount/once/charge"]!));
  it("b10/percentage/recurring/customer", () => expectRow(rows["b10/percentage/recurring/customer"]!));
  it("b10/fixed_amount/once/fixed-charge", () => expectRow(rows["b10/fixed_amount/once/fixed-charge"]!));
  it("b10/fixed_amount/recurring/commitment", () => expectRow(rows["b10/fixed_amount/recurring/commitment"]!));
  it("b10/fixed_amount/forever/charge", () => expectRow(rows["b10/fixed_amount/forever/charge"]!));
  it("b10/percentage/once/billing-entity", () => expectRow(rows["b10/percentage/once/billing-entity"]!));
  it("b10/percentage/once/commitment", () => expectRow(rows["b10/percentage/once/commitment"]!));
  it("b10/percentage/recurring/plan", () => expectRow(rows["b10/percentage/recurring/plan"]!));
  it("b10/percentage/forever/fixed-charge", () => expectRow(rows["b10/percentage/forever/fixed-charge"]!));
});
