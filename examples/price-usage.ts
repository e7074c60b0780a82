// Price a usage total (docs/guides/price-a-usage-total.md).
import { aggregate, applyChargeModel } from "ratecard";

// The charge: the first 1,000 calls free, then 0.002 each.
const charge = { charge_model: "graduated", properties: { graduated_ranges: [
  { from_value: 0, to_value: 1000, per_unit_amount: "0", flat_amount: "0" },
  { from_value: 1000, to_value: null, per_unit_amount: "0.002", flat_amount: "0" },
] } };

export function priceUsage(): { units: string; amount: string } {
  // Raw events → units: the metric sums `calls` over March; the duplicate transaction counts once.
  const usage = aggregate({
    billable_metric: { code: "api_calls", aggregation_type: "sum_agg", field_name: "calls" },
    events: [
      { transaction_id: "gw-1", external_subscription_id: "acme", code: "api_calls", timestamp: "2024-03-20T11:00:00Z", properties: { calls: "1800" } },
      { transaction_id: "gw-2", external_subscription_id: "acme", code: "api_calls", timestamp: "2024-03-20T12:00:00Z", properties: { calls: "700" } },
      { transaction_id: "gw-2", external_subscription_id: "acme", code: "api_calls", timestamp: "2024-03-20T12:00:00Z", properties: { calls: "700" } },
      { transaction_id: "gw-3", external_subscription_id: "acme", code: "api_calls", timestamp: "2024-04-01T00:00:00Z", properties: { calls: "900" } },
    ],
    from_datetime: "2024-03-01T00:00:00Z",
    to_datetime: "2024-03-31T23:59:59Z",
  }) as { units: string; events_count: number };
  // Units → amount, in currency units, exact and unrounded.
  const price = applyChargeModel({ charge, aggregation: { units: usage.units, events_count: usage.events_count } }) as { amount: string };
  return { units: usage.units, amount: price.amount }; // { units: "2500", amount: "3" }
}
