/**
 * The fees of one usage charge for a charges window: one per filter and one for the
 * default bucket, one per group of a grouped charge, then the min-spend true-up
 * (charges.md §11, §14, §16, §17).
 */
import { type Decimal, ONE, ZERO, round } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { subunitToUnit } from "../core/money.js";
import { type UnitsResult, type UsageEvent, aggregateEvents, compileFilter, propertyText } from "../aggregation/index.js";
import { type Charge, rateParsedCharge } from "../charges/index.js";
import { requirePositiveInteger } from "./_check.js";
import { lastSecond } from "./_days.js";
import { chargeFeeAmounts } from "./chargeFee.js";
import { chargeFilterSelections } from "./chargeFilterSelections.js";
import { feeAmountDetails } from "./feeAmountDetails.js";
import { keepChargeFee } from "./keepChargeFee.js";
import { advanceHeadroom } from "./advanceEvents.js";
import { payInAdvanceDeltas } from "./payInAdvanceDeltas.js";
import { chargeTrueUpFee, isDefaultChargeFee } from "./chargeTrueUpFee.js";
import { aggregationWindow } from "./_chargeWindow.js";
import { chargeFeeIds } from "./_chargeFeeIds.js";
import type { Fee, FilterValues } from "./types.js";
import type { UsageChargeFeesInput, UsageChargeFilter } from "./usageChargeTypes.js";

export type { KeptBucketFees, UsageCharge, UsageChargeFeesInput, UsageChargeFilter } from "./usageChargeTypes.js";

/**
 * The charge's fees in the invoice's order: filter fees in the filters' order, then the
 * default bucket; grouped fees by group values (null first); the true-up last. All-zero
 * fees are left out (charges.md §16 step 4), except in current usage and the true-up's parent.
 */
export function usageChargeFees(input: UsageChargeFeesInput): Fee[] {
  const { charge, metric } = input;
  requirePositiveInteger(input.charges_duration_in_days, ["charges_duration_in_days"]);
  // §5: no usage fees for a missing or empty window (from ≥ to).
  if (input.window.start >= input.window.end - 1000) return [];
  const filters = charge.filters ?? [];
  const selections = filters.length === 0
    ? [{ filter_index: null, filters: {}, ignored_filters: [] }]
    : chargeFilterSelections(filters, metric.filters ?? []);
  const fees: Fee[] = [];
  for (const sel of selections) {
    const filter = sel.filter_index === null ? undefined : filters[sel.filter_index];
    const priced = filter?.charge ?? charge.charge;
    const keys = (filter === undefined ? charge.pricing_group_keys : filter.pricing_group_keys) ?? [];
    const window = aggregationWindow(input, priced, sel.filters, sel.ignored_filters, keys);
    const result = input.aggregate?.(metric, window) ?? aggregateEvents(metric, input.events, window);
    const groups = keys.length === 0 ? [{ grouped_by: {}, units: result }] : (result.grouped_usage ?? []).map((g) => ({ grouped_by: g.grouped_by, units: g as UnitsResult }));
    // Pay in advance reads the bucket's events, not only its figures: never reused.
    const kept = priced.pay_in_advance === true ? undefined : input.kept_buckets;
    for (const g of groups) {
      const key = kept === undefined ? "" : `${sel.filter_index}|${JSON.stringify(g.grouped_by)}`;
      const hit = kept?.get(key);
      if (hit !== undefined && sameFigures(hit.units, g.units)) {
        fees.push(hit.fee);
        continue;
      }
      const fee = feeOf(input, priced, g.units, g.grouped_by, filter, () => bucketEvents(input, sel.filters, sel.ignored_filters, keys, g.grouped_by));
      if (kept !== undefined && figuresOnly(g.units)) kept.set(key, { units: g.units, fee });
      fees.push(fee);
    }
  }
  const trueUp = input.current_usage === true ? undefined : chargeTrueUpFee(input, fees);
  const kept = fees.filter((f) => keepChargeFee(f, { current_usage: input.current_usage === true, renewal: input.renewal === true, true_up_parent: trueUp !== undefined && isDefaultChargeFee(f) }));
  if (trueUp === undefined) return kept;
  // The parent (the first default fee) and its true-up name each other.
  const parent = trueUp.svc_true_up_parent_fee_id;
  return [...kept.map((f) => (f.svc_id === parent ? { ...f, svc_true_up_fee_id: trueUp.svc_id } : f)), trueUp];
}

/** A per-event list that carries nothing: absent or empty. */
const emptyList = (l: readonly unknown[] | undefined): boolean => l === undefined || l.length === 0;

/** A bucket's fee is made from these figures alone (its per-event lists, if any, are empty). */
const figuresOnly = (u: UnitsResult): boolean =>
  emptyList(u.running_total) && emptyList(u.event_values) && emptyList(u.event_value_texts) && emptyList(u.event_prorated_values);

/** Both absent, or both present (then empty: {@link figuresOnly}). */
const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean => (a === undefined) === (b === undefined);

const sameDecimal = (a: Decimal | undefined, b: Decimal | undefined): boolean => (a === undefined ? b === undefined : b !== undefined && a.eq(b));

/** Every figure feeOf reads, equal; `a` was kept, so its lists are empty. */
function sameFigures(a: UnitsResult, b: UnitsResult): boolean {
  const ea = a.events_count, eb = b.events_count;
  return figuresOnly(b) && sameList(a.running_total, b.running_total) && sameList(a.event_values, b.event_values)
    && sameList(a.event_value_texts, b.event_value_texts) && sameList(a.event_prorated_values, b.event_prorated_values)
    && a.units.eq(b.units) && (typeof ea === "number" || typeof eb === "number" ? ea === eb : ea.eq(eb))
    && sameDecimal(a.total_aggregated_units, b.total_aggregated_units) && sameDecimal(a.full_units_number, b.full_units_number)
    && sameDecimal(a.current_usage_units, b.current_usage_units) && sameDecimal(a.precise_total_amount_cents, b.precise_total_amount_cents);
}

/**
 * Current usage of a pay-in-advance sum or unique count is priced on what its events paid
 * for, not on where the running total now stands (the reference's cached aggregation): a
 * later decrease gives nothing back. Not prorated: `total + (max − current)` of the bucket's
 * running total (advanceEvents.ts). Prorated: each event that raised the period's
 * high-water mark was billed, on arrival, for the raise prorated from its day to the period
 * end (charges.md §13.3, §15), and the current usage prices the sum of those prorated raises
 * (`max_aggregation_with_proration`). `undefined` when nothing changes (the units shown stay
 * the current ones either way).
 */
function advanceCurrentUnits(input: UsageChargeFeesInput, priced: Charge, u: UnitsResult, bucket: () => UsageEvent[]): Decimal | undefined {
  if (input.current_usage !== true || priced.pay_in_advance !== true) return undefined;
  const type = input.metric.aggregation_type;
  if (priced.prorated !== true) {
    // Not prorated: `total − current + max` of the fees' running total (see advanceHeadroom).
    const headroom = advanceHeadroom(input.metric, bucket(), input.window.start, (input.window.end - 1) as Instant);
    return headroom.gt(ZERO) ? u.units.plus(headroom) : undefined;
  }
  // Prorated: the prorated raises, from the per-event full / prorated values (a unique
  // count's are its ±1 changes of the active count).
  if (type !== "sum_agg" && type !== "unique_count_agg") return undefined;
  const full = u.event_values, pro = u.event_prorated_values;
  if (full === undefined || pro === undefined || full.length !== pro.length) return undefined;
  const deltas = payInAdvanceDeltas("sum_agg", full.map((value) => ({ value })));
  return deltas.reduce((acc, d, i) => {
    if (!d.raises) return acc;
    const ratio = full[i]!.eq(ZERO) ? ZERO : pro[i]!.div(full[i]!);
    return acc.plus(round(d.delta.times(ratio), 5, "ceil"));
  }, ZERO);
}

/** The bucket's events of the window, in arrival order: the ones its pay-in-advance fees were billed for. */
function bucketEvents(
  input: UsageChargeFeesInput, filters: FilterValues, ignored: readonly FilterValues[], keys: readonly string[], groupedBy: Readonly<Record<string, string | null>>,
): UsageEvent[] {
  const test = compileFilter(filters, ignored);
  const { start, end } = input.window;
  return input.events
    .filter((e) => e.code === input.metric.code && e.timestamp >= start && e.timestamp < end && (test === undefined || test(e.properties))
      && keys.every((k) => propertyText(e.properties[k]) === (groupedBy[k] ?? null)))
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

function feeOf(
  input: UsageChargeFeesInput, priced: Charge, u: UnitsResult, groupedBy: Readonly<Record<string, string | null>>, filter: UsageChargeFilter | undefined,
  bucket: () => UsageEvent[],
): Fee {
  const eventsCount = typeof u.events_count === "number" ? u.events_count : Number(round(u.events_count, 0, "down").toString());
  const advance = advanceCurrentUnits(input, priced, u, bucket);
  // Priced on what the events paid for; the units shown stay the current ones.
  const shown = u.current_usage_units ?? (advance === undefined ? undefined : u.units);
  const aggregation = {
    units: advance ?? u.units,
    events_count: eventsCount,
    ...(u.full_units_number === undefined ? {} : { full_units_number: u.full_units_number }),
    ...percentageInputs(priced, input.metric.aggregation_type, u, eventsCount),
    // Prorated sums: `pro[i]` beside `full[i]` (prorated graduated, charges.md §10).
    ...(u.event_prorated_values === undefined ? {} : { event_prorated_values: u.event_prorated_values }),
    ...(u.precise_total_amount_cents === undefined ? {} : { precise_total_amount_cents: u.precise_total_amount_cents }),
  };
  // Negative usage has no volume range (an error in the reference's run); the fee shows 0 units
  // and 0 amount either way (charges.md §16.1), so volume prices 0 units.
  const volumeBelowZero = priced.charge_model === "volume" && (aggregation.units.lt(ZERO) || (aggregation.full_units_number?.lt(ZERO) ?? false));
  // Objects made with Object.assign or whole, never `{ ...x, key }`: on Node 20 each key added
  // after a leading spread costs about a microsecond (the clone's map has no transitions).
  const result = rateParsedCharge(priced, volumeBelowZero ? Object.assign({}, aggregation, { units: ZERO }, aggregation.full_units_number === undefined ? {} : { full_units_number: ZERO }) : aggregation, { subunit_to_unit: subunitToUnit(input.currency) });
  const amounts = chargeFeeAmounts({
    result: { units: result.units, amount: result.amount, unit_amount: result.unit_amount, amount_details: feeAmountDetails(result.amount_details), full_units_number: u.full_units_number },
    aggregation: { events_count: eventsCount, total_aggregated_units: u.total_aggregated_units, current_usage_units: shown },
    currency: input.currency,
    charge: { prorated: priced.prorated === true, pay_in_advance: priced.pay_in_advance === true },
    ...(input.current_usage === true ? { current_usage: true } : {}),
    pricing_unit: input.charge.pricing_unit,
  });
  const c = input.charge;
  const ids = chargeFeeIds(input, filter, groupedBy);
  const item = {
    type: "charge" as const,
    code: input.metric.code,
    name: input.metric.name ?? input.metric.code,
    invoice_display_name: c.invoice_display_name ?? null,
    filter_invoice_display_name: filter?.invoice_display_name ?? null,
    filters: filter?.values ?? null,
    grouped_by: groupedBy,
  };
  const from_date = input.window.start;
  const to_date = lastSecond(input.window);
  const pay_in_advance = priced.pay_in_advance === true;
  const charge_filter_id = filter?.id ?? null;
  // The usual fee (every id known, no pricing unit, a charge id) is written whole, in the order of
  // the general case below: a fee has ~22 keys, and either a leading spread (~20 µs) or
  // Object.assign (a dictionary-mode object beyond ~16 keys) costs more than the literal.
  if (ids.svc_subscription_id !== undefined && ids.svc_charge_id !== undefined && ids.svc_charge_filter_id !== undefined
    && !("pricing_unit_details" in amounts) && c.id !== undefined) {
    return {
      svc_id: ids.svc_id, svc_subscription_id: ids.svc_subscription_id, svc_charge_id: ids.svc_charge_id, svc_charge_filter_id: ids.svc_charge_filter_id,
      amount_currency: input.currency,
      units: amounts.units, amount_cents: amounts.amount_cents, precise_amount_cents: amounts.precise_amount_cents,
      unit_amount_cents: amounts.unit_amount_cents, precise_unit_amount: amounts.precise_unit_amount,
      events_count: amounts.events_count, total_aggregated_units: amounts.total_aggregated_units, amount_details: amounts.amount_details,
      item, from_date, to_date, pay_in_advance, charge_id: c.id, charge_filter_id,
    };
  }
  return {
    ...ids,
    amount_currency: input.currency,
    ...amounts,
    item,
    from_date,
    to_date,
    pay_in_advance,
    ...(c.id === undefined ? {} : { charge_id: c.id }),
    charge_filter_id,
  };
}

/**
 * The per-event lists the percentage model reads (charges.md §6), for an aggregation that
 * may not keep them (it does for sums and counts, and the running total for unique counts):
 * a missing running total reads as empty (no free units on the base; free events =
 * `free_units_per_events`), and missing per-transaction values, when a minimum or maximum is
 * set, are the reference's per-event aggregation: 1 per event for a unique count, else the
 * aggregated value as the first transaction and 0 for each other event (the reference keeps
 * the first maximum, 0 for the other events). Other models: the lists as they are.
 */
export function percentageInputs(
  priced: Charge, type: string, u: Pick<UnitsResult, "units" | "running_total" | "event_values">, eventsCount: number,
): { running_total?: readonly Decimal[]; event_values?: readonly Decimal[] } {
  const given = Object.assign({}, u.running_total === undefined ? {} : { running_total: u.running_total }, u.event_values === undefined ? {} : { event_values: u.event_values });
  if (priced.charge_model !== "percentage") return given;
  const p = priced.properties;
  const bounded = p.per_transaction_min_amount !== null || p.per_transaction_max_amount !== null;
  const perEvent = (): readonly Decimal[] => {
    if (eventsCount === 0) return [];
    if (type === "unique_count_agg") return Array.from({ length: eventsCount }, () => ONE);
    return [u.units, ...Array.from({ length: eventsCount - 1 }, () => ZERO)];
  };
  return {
    running_total: u.running_total ?? [],
    ...(u.event_values !== undefined ? { event_values: u.event_values } : bounded ? { event_values: perEvent() } : {}),
  };
}
