/**
 * Ids of usage-charge fees: the path names the charge (its id, else the metric code), the
 * filter (its id, else its position and values; `null` for the default bucket), the
 * group, the window, and whether the fee is a current-usage entry (never the same id as
 * the invoice's fee).
 */
import { lastSecond } from "./_days.js";
import { type FeeBaseIds, feeIds, uuidOf, windowParts } from "./feeIds.js";
import type { UsageChargeFeesInput, UsageChargeFilter } from "./usageChargeTypes.js";

export interface ChargeFeeIds extends FeeBaseIds {
  readonly svc_charge_id?: string;
  readonly svc_charge_filter_id?: string | null;
}

const chargeKey = (input: UsageChargeFeesInput): string => input.charge.id ?? input.metric.code;
const window = (input: UsageChargeFeesInput) => windowParts(input.window.start, lastSecond(input.window));
const chargeId = (input: UsageChargeFeesInput) =>
  input.charge.id === undefined ? {} : { svc_charge_id: uuidOf("charge", input.charge.id) };

export function chargeFeeIds(
  input: UsageChargeFeesInput,
  filter: UsageChargeFilter | undefined,
  groupedBy: Readonly<Record<string, string | null>>,
): ChargeFeeIds {
  // Position too: two filters with the same values (only the older bills) still differ.
  const filterKey = filter === undefined ? null : filter.id ?? { index: input.charge.filters?.indexOf(filter) ?? -1, values: filter.values };
  const mode = input.current_usage === true ? "current_usage" : "invoice";
  // A filter without an id is not given one: its fee's svc_charge_filter_id stays unset.
  const filterId = filter === undefined ? { svc_charge_filter_id: null } : filter.id === undefined ? {} : { svc_charge_filter_id: uuidOf("charge_filter", filter.id) };
  // Object.assign onto the fresh ids: a leading spread followed by more keys is slow on Node 20.
  return Object.assign(feeIds(input.ids, ["charge", chargeKey(input), filterKey, groupedBy, ...window(input), mode]), chargeId(input), filterId);
}

/** The min-spend true-up of the charge for the window (one per charge and window). */
export function trueUpFeeIds(input: UsageChargeFeesInput): ChargeFeeIds {
  return Object.assign(feeIds(input.ids, ["true_up", chargeKey(input), ...window(input)]), chargeId(input), { svc_charge_filter_id: null });
}
