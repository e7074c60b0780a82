/**
 * Projected usage of a subscription (invoice.md §13.2, §13.2.1): current usage (§13.1) with,
 * per charge, filter and group, the usage projected to the end of the charges period.
 */
import { type Decimal, ZERO, toDecimalString } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { invariant } from "../core/issue.js";
import type { Fee } from "../fees/index.js";
import { type FeeProjection, feeProjection } from "./_feeProjection.js";
import { type DayRatio, periodRatio } from "./_periodRatio.js";
import {
  type ChargeUsageJson, type CurrentUsageCharge, type CurrentUsageInput, type FilterUsageJson, type GroupedUsageJson,
  type UsageFigures, currentUsage,
} from "./currentUsage.js";

export interface ProjectedUsageInput extends CurrentUsageInput {
  /** The call's instant (the clock). */
  readonly now: Instant;
}

type Int = number | string;

export interface ProjectedFigures {
  readonly projected_units: string;
  readonly projected_amount_cents: Int;
  readonly pricing_unit_details: (NonNullable<UsageFigures["pricing_unit_details"]> & { readonly projected_amount_cents: Int }) | null;
}
export type ProjectedFilterJson = Omit<FilterUsageJson, "pricing_unit_details"> & ProjectedFigures;
export type ProjectedGroupedJson = Omit<GroupedUsageJson, "pricing_unit_details" | "filters"> & ProjectedFigures & {
  readonly filters: readonly ProjectedFilterJson[];
};
export type ProjectedChargeJson = Omit<ChargeUsageJson, "pricing_unit_details" | "filters" | "grouped_usage" | "charge"> & ProjectedFigures & {
  readonly charge: { readonly svc_id: string; readonly charge_model: string; readonly invoice_display_name: string | null };
  readonly filters: readonly ProjectedFilterJson[];
  readonly grouped_usage: readonly ProjectedGroupedJson[];
  readonly projected_presentation_breakdowns: readonly never[];
};

export interface CustomerProjectedUsageJson {
  readonly from_datetime: string;
  readonly to_datetime: string;
  readonly issuing_date: string;
  readonly currency: string;
  readonly amount_cents: Int;
  readonly taxes_amount_cents: Int;
  readonly total_amount_cents: Int;
  readonly projected_amount_cents: Int;
  readonly svc_invoice_id: null;
  readonly charges_usage: readonly ProjectedChargeJson[];
}

export interface ProjectedUsageResult {
  readonly customer_projected_usage: CustomerProjectedUsageJson;
  /** The current-usage fees behind it (§13.1.2). */
  readonly fees: readonly Fee[];
  /** The period ratio used (§13.2). */
  readonly ratio: DayRatio;
}

/**
 * The projected usage: the fees of §13.1 (only `apply_taxes` of the options is read), each
 * defined-filter or group fee projected on its own with the period ratio (§13.2) and summed;
 * default-bucket fees of a filtered charge are not projected. Taxes stay on current amounts.
 */
export function projectedUsage(input: ProjectedUsageInput): ProjectedUsageResult {
  const options = input.options?.apply_taxes === undefined ? {} : { apply_taxes: input.options.apply_taxes };
  const current = currentUsage({ ...input, options });
  // Without a charge option current usage always answers.
  invariant(current.ok, "current usage without charge options refused");
  const ratio = periodRatio(input.window.start, (input.window.end - 1000) as Instant, input.now, input.timezone);
  const cu = current.customer_usage;
  let total = 0n;
  const entries = cu.charges_usage.map((entry, i) => {
    const { charge, fees } = current.charges_fees[i]!;
    const project = (fs: readonly Fee[], pu: UsageFigures["pricing_unit_details"]): ProjectedFigures & { cents: bigint } =>
      projectSet(input, charge, ratio, fs, pu);
    const own = project(fees, entry.pricing_unit_details);
    total += own.cents;
    const byGroup = partition(fees, (f) => groupKey(f.item.grouped_by));
    const filters = (fs: readonly Fee[], json: readonly FilterUsageJson[]): ProjectedFilterJson[] => {
      const parts = partition(fs, (f) => f.item.filters ?? null);
      return json.map((j, k) => ({ ...j, ...strip(project(parts[k] ?? [], j.pricing_unit_details)) }));
    };
    const { charge: c, filters: fj, grouped_usage: gj, ...rest } = entry;
    const out: ProjectedChargeJson = {
      ...rest,
      ...strip(own),
      charge: { svc_id: c.svc_id, charge_model: c.charge_model, invoice_display_name: c.invoice_display_name },
      filters: filters(fees, fj),
      grouped_usage: gj.map((g, k) => ({ ...g, ...strip(project(byGroup[k] ?? [], g.pricing_unit_details)), filters: filters(byGroup[k] ?? [], g.filters) })),
      projected_presentation_breakdowns: [],
    };
    return out;
  });
  return {
    fees: current.fees,
    ratio,
    customer_projected_usage: {
      from_datetime: cu.from_datetime,
      to_datetime: cu.to_datetime,
      issuing_date: cu.issuing_date,
      currency: cu.currency,
      amount_cents: cu.amount_cents,
      taxes_amount_cents: cu.taxes_amount_cents,
      total_amount_cents: cu.total_amount_cents,
      projected_amount_cents: int(total),
      svc_invoice_id: null,
      charges_usage: entries,
    },
  };
}

/** §13.2.1 cases 1–3: a filtered charge projects only its defined-filter fees; every other fee is projected on its own. */
function projectSet(
  input: ProjectedUsageInput, c: CurrentUsageCharge, ratio: DayRatio, fees: readonly Fee[], pu: UsageFigures["pricing_unit_details"],
): ProjectedFigures & { cents: bigint } {
  const filtered = (c.usage.filters ?? []).length > 0;
  const projected = fees.filter((f) => !filtered || (f.item.filters ?? null) !== null).map((f) => feeProjection(f, {
    priced: c.usage.filters?.find((x) => x.values === f.item.filters)?.charge ?? c.usage.charge,
    recurring: c.metric.recurring === true,
    weighted: c.metric.aggregation_type === "weighted_sum_agg",
    ratio,
    currency: input.currency,
  }));
  const units = projected.reduce((a: Decimal, p: FeeProjection) => a.plus(p.units), ZERO);
  const cents = projected.reduce((a, p) => a + p.amount_cents, 0n);
  const puCents = projected.reduce((a, p) => a + (p.pricing_unit_amount_cents ?? 0n), 0n);
  return {
    cents,
    projected_units: toDecimalString(units),
    projected_amount_cents: int(cents),
    pricing_unit_details: pu === null ? null : { amount_cents: pu.amount_cents, projected_amount_cents: int(puCents), short_name: pu.short_name, conversion_rate: pu.conversion_rate },
  };
}

function strip<T extends { cents: bigint }>(x: T): Omit<T, "cents"> {
  const { cents: _, ...rest } = x;
  return rest;
}

/** Partitions in order of first appearance, as current usage cuts `filters[]` and `grouped_usage[]`. */
function partition<K>(fees: readonly Fee[], keyOf: (f: Fee) => K): Fee[][] {
  const keys: K[] = [];
  const out: Fee[][] = [];
  for (const f of fees) {
    const k = keyOf(f);
    const i = keys.indexOf(k);
    if (i >= 0) out[i]!.push(f);
    else { keys.push(k); out.push([f]); }
  }
  return out;
}

const groupKey = (g: Readonly<Record<string, string | null>> | undefined): string =>
  JSON.stringify(Object.entries(g ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function int(x: bigint): Int {
  return x <= BigInt(Number.MAX_SAFE_INTEGER) && x >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x.toString();
}
