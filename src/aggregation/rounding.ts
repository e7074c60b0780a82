/**
 * The metric's `rounding_function` / `rounding_precision` (§12.6), applied after
 * aggregation and proration to the units, full_units_number and current_usage_units.
 */
import { type Decimal, round } from "../core/decimal.js";
import type { BillableMetric, UnitsResult } from "./types.js";

const MODE = { round: "half_up", ceil: "ceil", floor: "floor" } as const;

/** Rounds one value as the metric says (unchanged without a rounding function). */
export function roundUnits(x: Decimal, metric: Pick<BillableMetric, "rounding_function" | "rounding_precision">): Decimal {
  const fn = metric.rounding_function;
  return fn === undefined ? x : round(x, metric.rounding_precision ?? 0, MODE[fn]);
}

export function applyRounding<R extends UnitsResult>(r: R, metric: BillableMetric): R {
  if (metric.rounding_function === undefined) return r;
  return Object.assign(
    {}, r, { units: roundUnits(r.units, metric) },
    r.full_units_number === undefined ? {} : { full_units_number: roundUnits(r.full_units_number, metric) },
    r.current_usage_units === undefined ? {} : { current_usage_units: roundUnits(r.current_usage_units, metric) },
  );
}
