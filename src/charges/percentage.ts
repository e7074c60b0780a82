/**
 * Percentage: `rate` percent of the units above the free allowance, plus `fixed_amount` per
 * paid event, or per-transaction min/max when set (semantics §6).
 */
import { type Decimal, HUNDRED, ZERO, max } from "../core/decimal.js";
import { IssueCollector, type Path } from "../core/issue.js";
import { asObject, finish, readDecimal, readInteger, readOptionalDecimal } from "./_parse.js";
import { minMaxAmount, percentageAllowance } from "./_percentageFree.js";
import { divisorOf, projectByRatio, unitAmount } from "./_common.js";
import type { ChargeModelDef, PercentageProperties } from "./types.js";

export const percentage: ChargeModelDef<"percentage"> = {
  name: "percentage",
  parse(properties: unknown, path: Path) {
    const c = new IssueCollector();
    const o = asObject(properties, path, c);
    const rate = readDecimal(o, "rate", path, c, { code: "invalid_rate" });
    const fixed = readOptionalDecimal(o, "fixed_amount", path, c, { code: "invalid_fixed_amount" });
    const fe = readInteger(o, "free_units_per_events", path, c, "invalid_free_units_per_events", 1, null);
    const ft = readOptionalDecimal(o, "free_units_per_total_aggregation", path, c, {
      code: "invalid_free_units_per_total_aggregation",
    });
    // charges.md §19.4: a bound present and invalid is `invalid_amount`; null and "" count as absent.
    const minA = readOptionalDecimal(o, "per_transaction_min_amount", path, c, { code: "invalid_amount", blankIsAbsent: true });
    const maxA = readOptionalDecimal(o, "per_transaction_max_amount", path, c, { code: "invalid_amount", blankIsAbsent: true });
    if (minA && maxA && minA.gt(maxA)) c.add("per_transaction_max_lower_than_per_transaction_min", path);
    return finish(c, () => ({
      rate: rate!,
      fixed_amount: fixed!,
      free_units_per_events: fe!,
      free_units_per_total_aggregation: ft!,
      per_transaction_min_amount: minA!,
      per_transaction_max_amount: maxA!,
    }));
  },
  rate({ properties: p, aggregation: a }) {
    const units = a.units;
    const { freeUnits, freeCount, events, fixedTotal: fixedFees } = percentageAllowance(p, a);
    const freeEvents = Math.min(freeCount, events);
    const paidEvents = events - freeEvents;
    const percentageAmount = percentagePart(p, units, freeUnits);
    const fixedTotal = units.eq(ZERO) ? ZERO : fixedFees;
    const simple = percentageAmount.plus(fixedTotal);
    const amount = hasMinMax(p) ? minMaxAmount(p, a.event_values ?? []) : simple;
    return {
      amount,
      unit_amount: unitAmount(amount, divisorOf(a)),
      amount_details: {
        kind: "percentage",
        units,
        free_units: freeUnits,
        free_events: freeEvents,
        paid_units: max(units.minus(freeUnits), ZERO),
        rate: p.rate,
        per_unit_total_amount: percentageAmount,
        paid_events: paidEvents,
        fixed_fee_unit_amount: paidEvents > 0 ? (p.fixed_amount ?? ZERO) : ZERO,
        fixed_fee_total_amount: fixedTotal,
        min_max_adjustment_total_amount: amount.minus(simple),
      },
      project: (_projected, ratio) => projectByRatio(amount, ratio),
    };
  },
  laws: { monotoneInUnits: true },
};

/** True when per-transaction min or max applies (§6.5). */
export function hasMinMax(p: PercentageProperties): boolean {
  return p.per_transaction_min_amount !== null || p.per_transaction_max_amount !== null;
}

/** §6.4: `(units − free) × rate / 100`, 0 when the free units exceed the units. */
function percentagePart(p: PercentageProperties, units: Decimal, freeUnits: Decimal): Decimal {
  return freeUnits.gt(units) ? ZERO : units.minus(freeUnits).times(p.rate).div(HUNDRED);
}
