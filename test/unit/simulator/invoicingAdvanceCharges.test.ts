/**
 * Pay-in-advance charges in `simulate` (charges.md §15, invoice.md §1.2, §1.3): each event bills
 * what it adds to the period's high-water mark; an invoiceable charge puts each fee on its own
 * invoice at once (never a draft), a non-invoiceable one leaves it without invoice; the periodic
 * invoice does not bill such a charge again.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../../src/index.js";

type Obj = Record<string, unknown>;
interface Fee { item: { type: string; code: string }; pay_in_advance: boolean; units: string; amount_cents: number; taxes_amount_cents: number; svc_invoice_id: string | null; invoiceable: boolean }
interface Invoice { status: string; created_at: string; fees_amount_cents: number; taxes_amount_cents: number; total_amount_cents: number; fees: Fee[]; billing_periods: { invoicing_reason: string }[] }

function run(opts: { aggregation: "sum_agg" | "count_agg"; invoiceable: boolean; amounts: number[]; customer?: Obj; grace?: number }) {
  const r = simulate({
    organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"], invoice_grace_period: opts.grace ?? 0 },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }],
    billable_metrics: [{ code: "amt", name: "Amount", aggregation_type: opts.aggregation, ...(opts.aggregation === "sum_agg" ? { field_name: "amount" } : {}) }],
    plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 1000, amount_currency: "EUR",
      charges: [{ billable_metric_code: "amt", charge_model: "standard", pay_in_advance: true, invoiceable: opts.invoiceable, properties: { amount: "1" } }] }],
    steps: [
      { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1", ...opts.customer } },
      { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
      ...opts.amounts.map((a, i) => ({ at: `2024-03-${String(i + 2).padStart(2, "0")}T10:00:00Z`, op: "create_event",
        body: { transaction_id: `t${i}`, code: "amt", external_subscription_id: "s1", properties: { amount: String(a) } } })),
    ],
    until: "2024-04-01T00:00:00Z",
  });
  return { invoices: r.invoices as Invoice[], fees: (r.fees as Fee[]).filter((f) => f.pay_in_advance && f.item.type === "charge") };
}
const HWM = [10, 5, -3, 2, 6];

describe("simulate invoicing: pay-in-advance charges", () => {
  it("sum: bills each event's rise of the high-water mark (10, +5, −3, +2, +6 → 10, 5, 0, 0, 5 billed units)", () => {
    const { fees } = run({ aggregation: "sum_agg", invoiceable: true, amounts: HWM });
    // Running totals 10, 15, 12, 14, 20 against the maximum 10, 15, 15, 15, 20. charges.md §15: an
    // event that does not raise the maximum shows its own value as units (0 if negative), amount 0.
    expect(fees.map((f) => [f.units, f.amount_cents])).toEqual([["10", 1000], ["5", 500], ["0", 0], ["2", 0], ["5", 500]]);
  });

  it("count: one unit per event", () => {
    const { fees } = run({ aggregation: "count_agg", invoiceable: true, amounts: [1, 1, 1] });
    expect(fees.map((f) => [f.units, f.amount_cents])).toEqual([["1", 100], ["1", 100], ["1", 100]]);
  });

  it("invoiceable: each fee gets its own finalized, taxed invoice at the event's time, even with a grace period", () => {
    const { invoices, fees } = run({ aggregation: "sum_agg", invoiceable: true, amounts: HWM, grace: 3 });
    const advance = invoices.filter((i) => i.billing_periods.some((p) => p.invoicing_reason === "in_advance_charge"));
    expect(advance.map((i) => [i.created_at, i.status, i.fees_amount_cents, i.taxes_amount_cents, i.total_amount_cents])).toEqual([
      ["2024-03-02T10:00:00Z", "finalized", 1000, 200, 1200],
      ["2024-03-03T10:00:00Z", "finalized", 500, 100, 600],
      ["2024-03-04T10:00:00Z", "finalized", 0, 0, 0],
      ["2024-03-05T10:00:00Z", "finalized", 0, 0, 0],
      ["2024-03-06T10:00:00Z", "finalized", 500, 100, 600],
    ]);
    expect(fees.every((f) => f.svc_invoice_id !== null && f.invoiceable)).toBe(true);
  });

  it("invoiceable with zero-amount invoices skipped: the 0 fees' invoices are closed and left out", () => {
    const { invoices } = run({ aggregation: "sum_agg", invoiceable: true, amounts: HWM, customer: { finalize_zero_amount_invoice: "skip" } });
    expect(invoices.filter((i) => i.created_at < "2024-04").map((i) => i.fees_amount_cents)).toEqual([1000, 500, 500]);
  });

  it("not invoiceable: the fees exist, taxed, on no invoice; nothing is issued before the periodic run", () => {
    const { invoices, fees } = run({ aggregation: "sum_agg", invoiceable: false, amounts: HWM });
    expect(fees.map((f) => [f.amount_cents, f.taxes_amount_cents, f.svc_invoice_id, f.invoiceable]))
      .toEqual([[1000, 200, null, false], [500, 100, null, false], [0, 0, null, false], [0, 0, null, false], [500, 100, null, false]]);
    expect(invoices.map((i) => i.created_at)).toEqual(["2024-04-01T00:00:00Z"]);
  });

  it("the periodic invoice bills the subscription, not the (non-recurring) pay-in-advance charge again", () => {
    for (const invoiceable of [true, false]) {
      const { invoices } = run({ aggregation: "sum_agg", invoiceable, amounts: HWM });
      const periodic = invoices.filter((i) => i.created_at === "2024-04-01T00:00:00Z");
      expect(periodic.map((i) => [i.fees_amount_cents, i.fees.filter((f) => f.item.type === "charge" && f.amount_cents > 0).length])).toEqual([[1000, 0]]);
    }
  });
});

describe("simulate invoicing: pay-in-advance charges with filters", () => {
  // The reference bills an event under the filter matching most of its keys (first listed on a
  // tie), or the default bucket; each bucket keeps its own high-water mark and its own price.
  function runFiltered(events: Obj[]) {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [{ code: "gb", name: "GB", aggregation_type: "sum_agg", field_name: "gb",
        filters: [{ key: "region", values: ["eu", "us"] }, { key: "tier", values: ["gold"] }] }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
        charges: [{ billable_metric_code: "gb", charge_model: "standard", pay_in_advance: true, invoiceable: false, properties: { amount: "1" },
          filters: [
            { values: { region: ["eu"] }, properties: { amount: "2" }, invoice_display_name: "EU" },
            { values: { region: ["us"] }, properties: { amount: "3" } },
            { values: { region: ["eu"], tier: ["gold"] }, properties: { amount: "5" } },
          ] }] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
        ...events.map((properties, i) => ({ at: `2024-03-${String(i + 2).padStart(2, "0")}T10:00:00Z`, op: "create_event",
          body: { transaction_id: `t${i}`, code: "gb", external_subscription_id: "s1", properties } })),
      ],
      until: "2024-03-20T00:00:00Z",
    });
    expect(r.warnings).toEqual([]);
    return (r.fees as (Fee & { item: { filters: unknown; filter_invoice_display_name: string | null } })[]).filter((f) => f.pay_in_advance);
  }

  it("prices each event with its bucket and bills its bucket's high-water mark", () => {
    const fees = runFiltered([
      { gb: "5", region: "eu" }, { gb: "2", region: "us" }, { gb: "4" }, { gb: "1", region: "eu" },
      { gb: "3", region: "eu", tier: "gold" }, { gb: "2", region: "ap" },
    ]);
    expect(fees.map((f) => [f.units, f.amount_cents, f.item.filters, f.item.filter_invoice_display_name])).toEqual([
      ["5", 1000, { region: ["eu"] }, "EU"],
      ["2", 600, { region: ["us"] }, "us"],
      ["4", 400, null, null],
      // eu's running total is 6: the gold event (more specific filter) is not in it.
      ["1", 200, { region: ["eu"] }, "EU"],
      ["3", 1500, { region: ["eu"], tier: ["gold"] }, "eu, gold"],
      // A value the metric does not list matches no filter: the default bucket, running total 6.
      ["2", 200, null, null],
    ]);
  });
});

describe("simulate current usage of a pay-in-advance charge", () => {
  // The reference prices it on `total − current + max` of its cached aggregation: what the
  // events paid for; a later decrease gives nothing back, while the units shown are current.
  it("sum: priced on the high-water mark (15), showing the running total (12)", () => {
    const r = simulate({
      organization: { timezone: "UTC", default_currency: "EUR" },
      billable_metrics: [{ code: "amt", name: "Amount", aggregation_type: "sum_agg", field_name: "amount" }],
      plans: [{ code: "p", name: "P", interval: "monthly", amount_cents: 0, amount_currency: "EUR",
        charges: [{ billable_metric_code: "amt", charge_model: "standard", pay_in_advance: true, invoiceable: false, properties: { amount: "1" } }] }],
      steps: [
        { at: "2024-03-01T00:00:00Z", op: "create_customer", body: { external_id: "c1" } },
        { at: "2024-03-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p" } },
        ...[10, 5, -3].map((a, i) => ({ at: `2024-03-0${i + 2}T10:00:00Z`, op: "create_event",
          body: { transaction_id: `t${i}`, code: "amt", external_subscription_id: "s1", properties: { amount: String(a) } } })),
        { at: "2024-03-10T00:00:00Z", op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } },
      ],
    }) as unknown as { responses: { customer_usage: { amount_cents: number; charges_usage: { units: string; amount_cents: number }[] } }[] };
    const usage = r.responses[5]!.customer_usage;
    expect([usage.amount_cents, usage.charges_usage[0]!.units, usage.charges_usage[0]!.amount_cents]).toEqual([1500, "12", 1500]);
  });
});
