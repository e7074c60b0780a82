import type { AggregationWindow, BillableMetric, UsageEvent } from "../../../src/aggregation/index.js";
import type { Instant } from "../../../src/core/instant.js";
import { toDecimalString, type Decimal } from "../../../src/core/decimal.js";

export const at = (iso: string): Instant => Date.parse(iso) as Instant;

let n = 0;
/** An event of code "m" at `iso` with `properties`. */
export function ev(iso: string, properties: Record<string, unknown> = {}, code = "m"): UsageEvent {
  n++;
  return { transaction_id: `t${n}`, code, timestamp: at(iso), properties, seq: n };
}

export const metric = (aggregation_type: BillableMetric["aggregation_type"], extra: Partial<BillableMetric> = {}): BillableMetric =>
  ({ code: "m", aggregation_type, field_name: "v", ...extra });

export const window = (from: string, to: string, extra: Partial<AggregationWindow> = {}): AggregationWindow =>
  ({ from: at(from), to: at(to), ...extra });

export const s = (d: Decimal | undefined): string | undefined => (d === undefined ? undefined : toDecimalString(d));
