/**
 * Rows of Lago's golden billing suite, getlago/lago-api spec/scenarios/golden/matrix/b11_overrides_cascade.yml
 * (21 rows, all agree; figures only), run through `simulate` (translation and comparison:
 * golden-pricing-helpers.ts). A row's `resource` expectation (the parent plan still at its own
 * amount after the child's edits) is checked with an invoice preview of a new subscription to the
 * parent plan. Agreeing rows: a sample.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";
import { expectRow, translate, type GoldenRow } from "./golden-pricing-helpers.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const EU = (amount: string) => [{ invoice_display_name: "EU region", properties: { amount }, values: { region: ["eu"] } }];
const C = { at: "2024-03-01T00:00:00Z", do: "create_subscription" }, B = { at: "2024-04-01T01:00:00Z", do: "perform_billing" };
const ev = (at: string, ...events: [number, string?][]) => ({ at, do: "ingest_events", events: events.map(([amount, region]) => ({ code: "m", properties: region ? { amount, region } : { amount } })) });
const charge = (amount: string, extra: object = {}) => ({ billable_metric_code: "m", charge_model: "standard", properties: { amount }, ...extra });
/** Plan 1000 with a standard 1.00 charge on a sum metric (with `filters`: filter key region eu/us), subscribed on 03-01 with `overrides`. */
const setup = (overrides: object, filters?: object[]) => ({
  metrics: [{ code: "m", aggregation_type: "sum_agg", field_name: "amount", ...(filters ? { filters: [{ key: "region", values: ["eu", "us"] }] } : {}) }],
  plan: { code: "p", interval: "monthly", amount_cents: 1000 },
  charges: [charge("1", filters ? { filters } : {})],
  customer: { external_id: "cust", currency: "EUR" },
  subscription: { external_id: "sub", billing_time: "calendar", plan_overrides: overrides },
});
/** One invoice on 04-01: the subscription fee, then a charge fee of `units` (when given). */
const inv = (sub: number, total: number, count: number, chargeFee?: [string, number]) => ({
  invoices: 1,
  invoice: { fees_count: count, fees_amount_cents: total, total_amount_cents: total,
    ...(chargeFee || count === 1 ? { fees: [{ fee_type: "subscription", amount_cents: sub }, ...(chargeFee ? [{ fee_type: "charge", units: chargeFee[0], amount_cents: chargeFee[1] }] : [])] } : {}) },
});
const upd = (at: string, amount: string, extra: object) => ({ at, do: "update_plan_charge", charge: { ...charge(amount), cascade_updates: true, ...extra } });

const rows: Record<string, GoldenRow & { parentAmount?: number }> = {
  "b11/update-parent-cascade/plan-override": { id: "b11/update-parent-cascade/plan-override", setup: setup({ amount_cents: 5000 }),
    timeline: [C, upd("2024-03-02T10:00:00Z", "2", {}), ev("2024-03-05T10:00:00Z", [30]), B], expect: inv(5000, 11000, 2, ["30.0", 6000]) },
  "b11/update-parent-cascade/subscription-override": { id: "b11/update-parent-cascade/subscription-override", setup: setup({ amount_cents: 5000 }),
    timeline: [C, { at: "2024-03-02T10:00:00Z", do: "update_plan", params: { amount_cents: 3000, cascade_updates: true } }, ev("2024-03-05T10:00:00Z", [30]), B],
    expect: inv(5000, 8000, 2, ["30.0", 3000]) },
  "b11/update-parent-no-cascade/subscription-override": { id: "b11/update-parent-no-cascade/subscription-override", setup: setup({ name: "b11 no-cascade child" }),
    timeline: [C, { at: "2024-03-02T10:00:00Z", do: "update_plan", params: { amount_cents: 3000 } }, ev("2024-03-05T10:00:00Z", [30]), B],
    expect: inv(1000, 4000, 2, ["30.0", 3000]) },
  "b11/delete-charge/subscription-override": { id: "b11/delete-charge/subscription-override", setup: setup({ amount_cents: 5000 }),
    timeline: [C, ev("2024-03-05T10:00:00Z", [30]), { at: "2024-03-10T10:00:00Z", do: "update_plan", params: { charges: [] } }, B],
    expect: inv(5000, 8000, 2, ["30.0", 3000]) },
  "b11/filter-update/plan-override": { id: "b11/filter-update/plan-override", setup: setup({ amount_cents: 5000 }, EU("3")),
    timeline: [C, upd("2024-03-02T10:00:00Z", "7", { filters: EU("5") }), ev("2024-03-05T10:00:00Z", [20, "eu"], [10, "us"]), B],
    expect: inv(5000, 22000, 3) },
  "b11/filter-delete/subscription-override": { id: "b11/filter-delete/subscription-override", setup: setup({ amount_cents: 2500 }, EU("3")),
    timeline: [C, upd("2024-03-02T10:00:00Z", "1", { filters: [] }), ev("2024-03-05T10:00:00Z", [30, "eu"]), B],
    expect: inv(2500, 5500, 2, ["30.0", 3000]), parentAmount: 1000 },
};

/** The row's invoices, then its `resource` expectation: the parent plan's own amount, seen by previewing a new subscription to it. */
function expectB11(row: GoldenRow & { parentAmount?: number }): void {
  expectRow(row);
  if (row.parentAmount === undefined) return;
  const { input } = translate(row);
  input.steps.push({ at: input.until, op: "preview_invoice",
    body: { customer: { currency: "EUR" }, plan_code: row.setup.plan.code, subscription_at: "2024-04-01T00:00:00Z", billing_time: "calendar" } });
  const out: Json = simulate(input);
  const fees: Json[] = out.responses.at(-1).invoice.fees;
  expect(fees.find((f) => f.item.type === "subscription")?.amount_cents).toBe(row.parentAmount);
}

describe("golden b11: b11_overrides_cascade.yml (21 rows, all agree)", () => {
  for (const id of Object.keys(rows)) it(id, () => expectB11(rows[id]!));
});
