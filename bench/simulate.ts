/**
 * Simulator throughput: `npm run bench:simulate`.
 *
 * A seeded year of billing: customers on two plans (a graduated sum charge with a filter and
 * a grouped count charge, 20 % tax, a coupon), one subscription each, events spread over the
 * year, monthly invoices. Prints the run time, events/s and invoices/s for growing sizes.
 */
import { simulate } from "../src/index.js";
import { rng } from "./fixtures.js";

const SIZES = (process.env.RATECARD_BENCH_SIZES ?? "10x1000,100x1000,100x10000").split(",").map((s) => s.split("x").map(Number) as [number, number]);
const YEAR = Date.UTC(2024, 0, 1);

function timeline(customers: number, eventsPerCustomer: number, seed: number): unknown {
  const r = rng(seed);
  const steps: unknown[] = [];
  for (let c = 0; c < customers; c++) {
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_customer", body: { external_id: `c${c}`, currency: "EUR", timezone: c % 2 === 0 ? "Europe/Paris" : "America/New_York" } });
    steps.push({ at: "2024-01-01T00:00:00Z", op: "create_subscription", body: { external_customer_id: `c${c}`, external_id: `s${c}`, plan_code: c % 3 === 0 ? "pro" : "basic", billing_time: c % 2 === 0 ? "calendar" : "anniversary" } });
    if (c % 4 === 0) steps.push({ at: "2024-01-01T00:00:00Z", op: "apply_coupon", body: { external_customer_id: `c${c}`, coupon_code: "welcome" } });
  }
  const events: { at: number; body: unknown }[] = [];
  for (let c = 0; c < customers; c++) {
    for (let i = 0; i < eventsPerCustomer; i++) {
      const at = YEAR + Math.floor(r() * 365 * 86_400_000);
      const storage = r() < 0.5;
      events.push({
        at,
        body: storage
          ? { transaction_id: `c${c}-${i}`, code: "storage", external_subscription_id: `s${c}`, timestamp: new Date(at).toISOString(), properties: { gb: (r() * 10).toFixed(2), region: r() < 0.5 ? "eu" : "us" } }
          : { transaction_id: `c${c}-${i}`, code: "calls", external_subscription_id: `s${c}`, timestamp: new Date(at).toISOString(), properties: { workspace: `w${Math.floor(r() * 5)}` } },
      });
    }
  }
  events.sort((a, b) => a.at - b.at);
  // One create_events step per hour of events (as a gateway would batch them).
  let batch: unknown[] = [];
  let hour = -1;
  for (const e of events) {
    const h = Math.floor(e.at / 3_600_000);
    if (h !== hour && batch.length > 0) {
      steps.push({ at: new Date(hour * 3_600_000 + 3_599_000).toISOString(), op: "create_events", body: { events: batch } });
      batch = [];
    }
    hour = h;
    batch.push(e.body);
  }
  if (batch.length > 0) steps.push({ at: new Date(hour * 3_600_000 + 3_599_000).toISOString(), op: "create_events", body: { events: batch } });
  return {
    organization: { timezone: "UTC", default_currency: "EUR", tax_codes: ["vat"] },
    taxes: [{ code: "vat", name: "VAT", rate: "20" }],
    billable_metrics: [
      { code: "storage", name: "Storage", aggregation_type: "sum_agg", field_name: "gb", filters: [{ key: "region", values: ["eu", "us"] }] },
      { code: "calls", name: "Calls", aggregation_type: "count_agg" },
    ],
    coupons: [{ code: "welcome", name: "Welcome", coupon_type: "fixed_amount", amount_cents: 1000, amount_currency: "EUR", frequency: "recurring", frequency_duration: 3 }],
    plans: ["basic", "pro"].map((code, k) => ({
      code, name: code, interval: "monthly", amount_cents: 1900 + k * 3000, amount_currency: "EUR",
      charges: [
        { billable_metric_code: "storage", charge_model: "graduated", properties: { graduated_ranges: [
          { from_value: 0, to_value: 10, per_unit_amount: "0", flat_amount: "0" },
          { from_value: 10, to_value: null, per_unit_amount: "0.25", flat_amount: "1" }] },
          filters: [{ values: { region: ["eu"] }, properties: { graduated_ranges: [{ from_value: 0, to_value: null, per_unit_amount: "0.30", flat_amount: "0" }] } }] },
        { billable_metric_code: "calls", charge_model: "standard", properties: { amount: "0.01", pricing_group_keys: ["workspace"] } },
      ],
    })),
    steps,
    until: "2025-01-01T01:00:00Z",
  };
}

console.log("| customers × events each | events | steps | invoices | time | events/s | invoices/s |\n|---|---|---|---|---|---|---|");
for (const [customers, perCustomer] of SIZES) {
  const input = timeline(customers, perCustomer, 7) as { steps: unknown[] };
  const t0 = performance.now();
  const out = simulate(input);
  const ms = performance.now() - t0;
  const events = customers * perCustomer;
  const rate = (n: number): string => (n / (ms / 1000)).toFixed(0);
  console.log(`| ${customers} × ${perCustomer} | ${events} | ${input.steps.length} | ${out.invoices.length} | ${(ms / 1000).toFixed(2)} s | ${rate(events)} | ${rate(out.invoices.length)} |`);
}
