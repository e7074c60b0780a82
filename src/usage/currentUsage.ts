/**
 * Current usage of a subscription (invoice.md §13.1): the charges' fees of the period so
 * far on an unsaved invoice — no subscription fee, fixed charges, coupons, credits,
 * true-up or commitment — partitioned per charge, filter bucket and group, with taxes.
 */
import type { CurrencyCode } from "../core/currency.js";
import { type Decimal, ZERO, dec, toDecimalString } from "../core/decimal.js";
import { type Period, formatInstant } from "../core/instant.js";
import { type BillableMetric, type FilterValues, type UsageEvent, propertyText } from "../aggregation/index.js";
import { type Fee, type FeeIdContext, type KeptBucketFees, type MetricFilters, type UsageCharge, type UsageChargeFeesInput, usageChargeFees } from "../fees/index.js";
import { type Tax, invoiceTaxesAmountCents } from "../invoice/index.js";

/** A charge of the subscription's plan, with what current usage shows of it. */
export interface CurrentUsageCharge {
  readonly svc_id: string;
  readonly code: string;
  readonly invoice_display_name: string | null;
  /** The charge as the fees area takes it (filters in creation order). */
  readonly usage: UsageCharge;
  readonly metric: BillableMetric & { readonly svc_id: string; readonly name: string; readonly filters?: MetricFilters };
  /** The fee's taxes, already chosen by invoice.md §5.1. */
  readonly taxes: readonly Tax[];
}

/** The query options of §13.1.7 (`full_usage` is the caller's window). */
export interface CurrentUsageOptions {
  readonly apply_taxes?: boolean;
  readonly charge_id?: string;
  readonly charge_code?: string;
  readonly metric_code?: string;
  /** Key → accepted values: those keys stop grouping, and only events with one of the values count. */
  readonly group?: Readonly<Record<string, readonly string[]>>;
  readonly skip_grouping?: boolean;
}

export interface CurrentUsageInput {
  /** In the plan's order. */
  readonly charges: readonly CurrentUsageCharge[];
  /** The subscription's events (earlier periods too: recurring metrics carry them in). */
  readonly events: readonly UsageEvent[];
  /** The charges window `[start, end)` of the period containing the call. */
  readonly window: Period;
  readonly charges_duration_in_days: number;
  readonly timezone: string;
  readonly currency: CurrencyCode;
  /** `YYYY-MM-DD`: the date of the period's end. */
  readonly issuing_date: string;
  readonly ids?: FeeIdContext;
  readonly options?: CurrentUsageOptions;
  /**
   * The aggregation of a charge's events over an aggregation window when the caller keeps it up
   * to date (UsageChargeFeesInput.aggregate): `events` is then read only where it is needed.
   */
  readonly aggregate?: UsageChargeFeesInput["aggregate"];
  /**
   * A charge's fees and entry from an earlier read of the same subscription and window that the
   * caller knows are still current (no event of the charge's metric arrived since): reused as
   * they are. Consulted only when no `group` or `skip_grouping` option changes the buckets.
   */
  readonly memo?: ChargeUsageMemo | undefined;
}

/** What {@link CurrentUsageInput.memo} keeps per charge. */
export interface ChargeUsageMemo {
  /** The charge's fees and entry, when they are still current. */
  get(charge: CurrentUsageCharge): ChargeUsageMemoEntry | undefined;
  set(charge: CurrentUsageCharge, entry: ChargeUsageMemoEntry): void;
  /** The charge's bucket fees kept for this subscription and window (usageChargeFees' `kept_buckets`). */
  buckets(charge: CurrentUsageCharge): KeptBucketFees;
}

export interface ChargeUsageMemoEntry {
  readonly fees: readonly Fee[];
  readonly entry: ChargeUsageJson;
}

type Int = number | string;

export interface UsageFigures {
  readonly units: string;
  readonly total_aggregated_units: string;
  readonly events_count: number;
  readonly amount_cents: Int;
  readonly pricing_unit_details: { readonly amount_cents: Int; readonly short_name: string | null; readonly conversion_rate: string } | null;
}

export interface FilterUsageJson extends UsageFigures {
  readonly values: FilterValues | null;
  readonly invoice_display_name: string | null;
  readonly presentation_breakdowns: readonly never[];
}

export interface GroupedUsageJson extends UsageFigures {
  readonly grouped_by: Readonly<Record<string, string | null>>;
  readonly filters: readonly FilterUsageJson[];
  readonly presentation_breakdowns: readonly never[];
}

export interface ChargeUsageJson extends UsageFigures {
  readonly amount_currency: string;
  readonly charge: { readonly svc_id: string; readonly code: string; readonly charge_model: string; readonly invoice_display_name: string | null };
  readonly billable_metric: { readonly svc_id: string; readonly name: string; readonly code: string; readonly aggregation_type: string };
  readonly filters: readonly FilterUsageJson[];
  readonly grouped_usage: readonly GroupedUsageJson[];
  readonly presentation_breakdowns: readonly never[];
}

export interface CustomerUsageJson {
  readonly from_datetime: string;
  readonly to_datetime: string;
  readonly issuing_date: string;
  readonly currency: string;
  readonly amount_cents: Int;
  readonly taxes_amount_cents: Int;
  readonly total_amount_cents: Int;
  readonly svc_invoice_id: null;
  readonly charges_usage: readonly ChargeUsageJson[];
}

export type CurrentUsageResult =
  | {
    readonly ok: true;
    readonly customer_usage: CustomerUsageJson;
    readonly fees: readonly Fee[];
    /** Each `charges_usage[i]` entry's charge and fees (same order): the hook projected usage reads. */
    readonly charges_fees: readonly { readonly charge: CurrentUsageCharge; readonly fees: readonly Fee[] }[];
  }
  | { readonly ok: false; readonly code: "charge_not_found" };

/** The current usage, or `charge_not_found` when a charge option selects nothing (§13.1.1). */
export function currentUsage(input: CurrentUsageInput): CurrentUsageResult {
  const o = input.options ?? {};
  const option = o.charge_id !== undefined ? (c: CurrentUsageCharge) => c.svc_id === o.charge_id
    : o.charge_code !== undefined ? (c: CurrentUsageCharge) => c.code === o.charge_code
    : o.metric_code !== undefined ? (c: CurrentUsageCharge) => c.metric.code === o.metric_code
    : undefined;
  const selected = option === undefined ? [...input.charges] : input.charges.filter(option);
  if (option !== undefined && selected.length === 0) return { ok: false, code: "charge_not_found" };
  // §13.1.8: by metric name, lower-cased, compared by code point; ties keep plan order.
  if (option === undefined) {
    selected.sort((a, b) => {
      const x = a.metric.name.toLowerCase(), y = b.metric.name.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }
  // With a group option, its events; without, the input's, read only if a charge needs them.
  const events = o.group === undefined ? undefined : input.events.filter((e) => inGroup(e, o.group!));
  const entries: ChargeUsageJson[] = [];
  const allFees: Fee[] = [];
  const chargesFees: { charge: CurrentUsageCharge; fees: readonly Fee[] }[] = [];
  let taxed: { base: Decimal; taxes: readonly Tax[] }[] = [];
  const memo = o.group === undefined && o.skip_grouping !== true ? input.memo : undefined;
  for (const c of selected) {
    let kept = memo?.get(c);
    if (kept === undefined) {
      const made = chargeFees(input, c, events, o, memo?.buckets(c));
      kept = { fees: made, entry: chargeEntry(input, c, made) };
      memo?.set(c, kept);
    }
    const fees = kept.fees;
    allFees.push(...fees);
    chargesFees.push({ charge: c, fees });
    taxed = taxed.concat(fees.map((f) => ({ base: dec(f.amount_cents), taxes: c.taxes })));
    entries.push(kept.entry);
  }
  const amount = allFees.reduce((a, f) => a + f.amount_cents, 0n);
  const taxes = o.apply_taxes === false ? 0n : invoiceTaxesAmountCents(taxed);
  return {
    ok: true,
    fees: allFees,
    charges_fees: chargesFees,
    customer_usage: {
      from_datetime: formatInstant(input.window.start),
      to_datetime: formatInstant((input.window.end - 1000) as typeof input.window.end),
      issuing_date: input.issuing_date,
      currency: input.currency,
      amount_cents: int(amount),
      taxes_amount_cents: int(taxes),
      total_amount_cents: int(amount + taxes),
      svc_invoice_id: null,
      charges_usage: entries,
    },
  };
}

function inGroup(e: UsageEvent, group: Readonly<Record<string, readonly string[]>>): boolean {
  for (const [key, values] of Object.entries(group)) {
    const v = propertyText(Object.hasOwn(e.properties, key) ? e.properties[key] : undefined);
    if (v === null || !values.includes(v)) return false;
  }
  return true;
}

/** The charge with its grouping keys narrowed by the options (skip_grouping, filter_by_group). */
function withKeys(charge: UsageCharge, keep: (keys: readonly string[]) => readonly string[]): UsageCharge {
  return Object.assign({},
    charge,
    { pricing_group_keys: keep(charge.pricing_group_keys ?? []) },
    (charge.filters === undefined ? {} : { filters: charge.filters.map((f) => (Object.assign({}, f, { pricing_group_keys: keep(f.pricing_group_keys ?? []) }))) }),
  );
}

/**
 * The charge's fees in bucket order; in each bucket the all-zero fees are dropped, and a
 * bucket left empty gets back one zero fee (grouped: every key null) (§13.1.2).
 */
function chargeFees(
  input: CurrentUsageInput, c: CurrentUsageCharge, events: readonly UsageEvent[] | undefined, o: CurrentUsageOptions, kept: KeptBucketFees | undefined,
): Fee[] {
  const named = new Set(Object.keys(o.group ?? {}));
  const charge = withKeys(c.usage, (keys) => (o.skip_grouping === true ? [] : keys.filter((k) => !named.has(k))));
  const common = {
    metric: c.metric,
    window: input.window,
    charges_duration_in_days: input.charges_duration_in_days,
    timezone: input.timezone,
    currency: input.currency,
    current_usage: true,
    ...(input.ids === undefined ? {} : { ids: input.ids }),
  };
  let feesInput: UsageChargeFeesInput;
  if (events !== undefined) feesInput = Object.assign({}, common, { charge, events });
  else {
    // The input's events as a getter: a charge whose aggregation the caller keeps never reads them.
    const lazy = Object.assign({}, common, { charge, aggregate: input.aggregate, kept_buckets: kept, events: [] as readonly UsageEvent[] });
    feesInput = Object.defineProperty(lazy, "events", { get: () => input.events, enumerable: true });
  }
  const fees = usageChargeFees(feesInput);
  // One zero fee per bucket, in bucket order: the placeholders.
  const zeros = zeroFees(c, common, () => usageChargeFees(Object.assign({}, common, { charge: withKeys(charge, () => []), events: [] })));
  const filters = charge.filters ?? [];
  const buckets = [...filters.map((f) => ({ values: f.values as FilterValues | null, keys: f.pricing_group_keys ?? [] })), { values: null, keys: charge.pricing_group_keys ?? [] }];
  const out: Fee[] = [];
  buckets.forEach((b, i) => {
    if (filters.length === 0 && b.values === null && i > 0) return;
    const mine = fees.filter((f) => (f.item.filters ?? null) === b.values && !isZero(f));
    if (mine.length > 0) out.push(...mine);
    else {
      const zero = zeros[filters.length === 0 ? 0 : i]!;
      out.push({ ...zero, item: Object.assign({}, zero.item, { grouped_by: Object.fromEntries(b.keys.map((k) => [k, null])) }) });
    }
  });
  return out;
}

/**
 * The zero placeholders of a charge (no events, no grouping) depend only on the charge, its metric
 * and the window's settings: a usage read repeated through a period (an alert after each event
 * step) makes them once. They never leave chargeFees (a placeholder used is a copy), so sharing
 * them is safe. At most a few windows are kept per charge.
 */
const ZEROS = new WeakMap<object, Map<string, { readonly metric: object; readonly fees: readonly Fee[] }>>();

function zeroFees(
  c: CurrentUsageCharge, common: { readonly window: Period; readonly charges_duration_in_days: number; readonly timezone: string; readonly currency: string; readonly ids?: FeeIdContext },
  make: () => readonly Fee[],
): readonly Fee[] {
  const key = `${common.window.start}|${common.window.end}|${common.charges_duration_in_days}|${common.timezone}|${common.currency}|${JSON.stringify(common.ids ?? null)}`;
  let byWindow = ZEROS.get(c.usage);
  if (byWindow === undefined) ZEROS.set(c.usage, (byWindow = new Map()));
  const hit = byWindow.get(key);
  if (hit !== undefined && hit.metric === c.metric) return hit.fees;
  const fees = make();
  if (byWindow.size >= 8) byWindow.clear();
  byWindow.set(key, { metric: c.metric, fees });
  return fees;
}

const isZero = (f: Fee): boolean => f.units.eq(ZERO) && f.amount_cents === 0n && f.events_count === 0;

function figures(fees: readonly Fee[]): UsageFigures {
  let units = ZERO, total = ZERO, amount = 0n, events = 0;
  let pu: { amount: bigint; name: string | null; rate: Decimal } | undefined;
  for (const f of fees) {
    units = units.plus(f.units);
    total = total.plus(f.total_aggregated_units);
    amount += f.amount_cents;
    events += f.events_count;
    if (f.pricing_unit_details !== undefined) {
      const d = f.pricing_unit_details;
      pu = { amount: (pu?.amount ?? 0n) + d.amount_cents, name: d.short_name, rate: d.conversion_rate };
    }
  }
  return {
    units: toDecimalString(units),
    total_aggregated_units: toDecimalString(total),
    events_count: events,
    amount_cents: int(amount),
    pricing_unit_details: pu === undefined ? null : { amount_cents: int(pu.amount), short_name: pu.name, conversion_rate: toDecimalString(pu.rate) },
  };
}

/** Partitions in order of first appearance. */
function partition<K>(fees: readonly Fee[], keyOf: (f: Fee) => K, same: (a: K, b: K) => boolean): { key: K; fees: Fee[] }[] {
  const out: { key: K; fees: Fee[] }[] = [];
  for (const f of fees) {
    const k = keyOf(f);
    const p = out.find((x) => same(x.key, k));
    if (p === undefined) out.push({ key: k, fees: [f] });
    else p.fees.push(f);
  }
  return out;
}

function filterEntries(c: CurrentUsageCharge, fees: readonly Fee[]): FilterUsageJson[] {
  const filters = c.usage.filters ?? [];
  if (filters.length === 0) return [];
  return partition(fees, (f) => f.item.filters ?? null, (a, b) => a === b).map(({ key, fees: fs }) => ({
    values: key,
    invoice_display_name: key === null ? null : filters.find((f) => f.values === key)?.invoice_display_name ?? null,
    ...figures(fs),
    presentation_breakdowns: [],
  }));
}

const groupKey = (g: Readonly<Record<string, string | null>> | undefined): string =>
  JSON.stringify(Object.entries(g ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function chargeEntry(input: CurrentUsageInput, c: CurrentUsageCharge, fees: readonly Fee[]): ChargeUsageJson {
  const grouped = fees.some((f) => Object.keys(f.item.grouped_by ?? {}).length > 0);
  return Object.assign({},
    figures(fees),
    { amount_currency: input.currency,
    charge: { svc_id: c.svc_id, code: c.code, charge_model: c.usage.charge.charge_model, invoice_display_name: c.invoice_display_name },
    billable_metric: { svc_id: c.metric.svc_id, name: c.metric.name, code: c.metric.code, aggregation_type: c.metric.aggregation_type },
    filters: filterEntries(c, fees),
    grouped_usage: !grouped ? [] : partition(fees, (f) => groupKey(f.item.grouped_by), (a, b) => a === b).map(({ fees: fs }) => ({
      grouped_by: fs[0]!.item.grouped_by ?? {},
      ...figures(fs),
      filters: filterEntries(c, fs),
      presentation_breakdowns: [],
    })),
    presentation_breakdowns: [] },
  );
}

/** An integer for JSON: a number when it is safe, else its decimal text. */
function int(x: bigint): Int {
  return x <= BigInt(Number.MAX_SAFE_INTEGER) && x >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x.toString();
}
