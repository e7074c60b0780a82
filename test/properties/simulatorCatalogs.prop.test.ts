/**
 * A catalog `simulate` accepts is one it can bill: for any charge model × aggregation × flags
 * (pay in advance, prorated, invoiceable, recurring, filters, grouping) and any usage (negative,
 * zero, decimal, missing values), the run either refuses the catalog up front — a
 * ValidationError naming only `plans…` / `billable_metrics…` fields — or goes to the end. A
 * billing run, current usage or a termination never throws.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODELS as TIMELINE_MODELS, type Obj } from "./timelineArbitraries.js";
import { ValidationError, simulate } from "../../src/index.js";

const AGGREGATIONS = ["count_agg", "sum_agg", "max_agg", "unique_count_agg", "latest_agg", "weighted_sum_agg"] as const;
// The timelines' models, percentage with per-transaction bounds as well.
const MODELS: Record<string, Obj> = {
  ...TIMELINE_MODELS,
  percentage: { rate: "2.5", fixed_amount: "0.1", free_units_per_events: 1, per_transaction_min_amount: "0.2", per_transaction_max_amount: "4" },
};

const chargeArb = fc.record({
  model: fc.constantFrom(...Object.keys(MODELS)),
  payInAdvance: fc.boolean(),
  prorated: fc.constantFrom(false, false, false, true),
  invoiceable: fc.boolean(),
  grouped: fc.boolean(),
  filtered: fc.boolean(),
  minimum: fc.constantFrom(0, 0, 500),
});
const valueArb = fc.oneof(
  fc.integer({ min: -20, max: 40 }).map(String),
  fc.constantFrom("0", "2.5", "-3.75", "0.001", "12", "abc", ""),
  fc.constant(undefined),
);
const eventArb = fc.record({ day: fc.integer({ min: 0, max: 75 }), hour: fc.integer({ min: 0, max: 23 }), value: valueArb, region: fc.constantFrom("eu", "us", undefined), op: fc.constantFrom("add", "add", "remove") });
const inputArb = fc.record({
  aggregation: fc.constantFrom(...AGGREGATIONS),
  recurring: fc.constantFrom(false, true),
  charges: fc.array(chargeArb, { minLength: 1, maxLength: 3 }),
  planInAdvance: fc.boolean(),
  interval: fc.constantFrom("weekly", "monthly", "quarterly", "yearly"),
  anniversary: fc.boolean(),
  events: fc.array(eventArb, { maxLength: 12 }),
  terminateDay: fc.option(fc.integer({ min: 1, max: 80 }), { nil: undefined }),
  usageDay: fc.integer({ min: 0, max: 80 }),
});

const T0 = Date.UTC(2024, 0, 15);
const at = (day: number, hour = 0): string => new Date(T0 + day * 86_400_000 + hour * 3_600_000).toISOString();

type Timeline = typeof inputArb extends fc.Arbitrary<infer T> ? T : never;

function input(x: Timeline): Obj {
  const field = x.aggregation === "count_agg" ? {} : { field_name: "v" };
  // Recurring only where the metric may be (count, max and latest may not): mostly accepted catalogs.
  const recurring = x.recurring && ["sum_agg", "unique_count_agg", "weighted_sum_agg"].includes(x.aggregation);
  const metric = {
    code: "m", name: "M", aggregation_type: x.aggregation, recurring, ...field,
    ...(x.aggregation === "weighted_sum_agg" ? { weighted_interval: "seconds" } : {}),
    filters: [{ key: "region", values: ["eu", "us"] }],
  };
  const charges = x.charges.map((c) => ({
    billable_metric_code: "m", charge_model: c.model, pay_in_advance: c.payInAdvance, prorated: c.prorated, invoiceable: c.payInAdvance ? c.invoiceable : true, // charges.md §19.5
    ...(c.payInAdvance && !c.invoiceable ? { regroup_paid_fees: "invoice" } : {}),
    ...(c.minimum > 0 && !c.payInAdvance ? { min_amount_cents: c.minimum } : {}),
    properties: { ...MODELS[c.model], ...(c.grouped ? { grouped_by: ["region"] } : {}) },
    ...(c.filtered ? { filters: [{ values: { region: ["eu"] }, properties: { ...MODELS[c.model] } }] } : {}),
  }));
  const steps: Obj[] = [
    { at: at(0), op: "create_customer", body: { external_id: "c1", currency: "EUR" } },
    { at: at(0), op: "create_subscription", body: { external_customer_id: "c1", external_id: "s1", plan_code: "p", billing_time: x.anniversary ? "anniversary" : "calendar" } },
  ];
  const timed: Obj[] = x.events.map((e, i) => ({
    at: at(e.day, e.hour), op: "create_event",
    body: {
      transaction_id: `t${i}`, code: "m", external_subscription_id: "s1",
      properties: { ...(e.value === undefined ? {} : { v: e.value }), ...(e.region === undefined ? {} : { region: e.region }), ...(e.op === "remove" ? { operation_type: "remove" } : {}) },
    },
  }));
  timed.push({ at: at(x.usageDay, 12), op: "fetch_current_usage", body: { external_customer_id: "c1", external_subscription_id: "s1" } });
  if (x.terminateDay !== undefined) timed.push({ at: at(x.terminateDay, 6), op: "terminate_subscription", body: { external_id: "s1" } });
  timed.sort((a, b) => Date.parse(a["at"] as string) - Date.parse(b["at"] as string));
  return {
    organization: { timezone: "Europe/Paris", premium_integrations: ["progressive_billing"] },
    billable_metrics: [metric],
    plans: [{ code: "p", name: "P", interval: x.interval, amount_cents: 1000, amount_currency: "EUR", pay_in_advance: x.planInAdvance, charges }],
    steps: [...steps, ...timed],
    until: at(100),
  };
}

function settle(i: Obj): "refused" | "ran" {
  try {
    const out = simulate(i) as unknown as { responses: readonly { error?: { code: string; error_details?: unknown } }[] };
    // Every step is well formed: the only refusal allowed is usage asked after the termination.
    const errors = out.responses.flatMap((r) => (r.error === undefined || r.error.code === "no_active_subscription" ? [] : [r.error]));
    expect(errors).toEqual([]);
    return "ran";
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    expect(err).toBeInstanceOf(ValidationError);
    const keys = Object.keys((err as ValidationError).error_details);
    expect(keys.length).toBeGreaterThan(0);
    // Only the catalog may be refused: the timeline above is well formed.
    if (process.env["RATECARD_FUZZ_DEBUG"]) console.log(JSON.stringify((err as ValidationError).error_details));
    for (const k of keys) expect(k).toMatch(/^(plans|billable_metrics)\./);
    return "refused";
  }
}

describe("simulate: a catalog it accepts, it can bill", () => {
  it("never throws after accepting the catalog, whatever the charge flags and the usage", () => {
    let ran = 0;
    const runs = Number(process.env["RATECARD_FUZZ_RUNS"] ?? 150);
    fc.assert(fc.property(inputArb, (x) => {
      if (settle(input(x)) === "ran") ran++;
    }), { numRuns: runs });
    // The property is only worth something if many catalogs are accepted.
    expect(ran).toBeGreaterThan(runs / 5);
  });
});
