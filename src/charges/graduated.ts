/**
 * Graduated: each unit is priced in its own tier, every visited tier's flat fee is charged
 * (semantics §3). Prorated graduated charges go to `proratedGraduated` instead.
 */
import { type Decimal, ONE, ZERO, min, sum } from "../core/decimal.js";
import { IssueCollector, type Path } from "../core/issue.js";
import { asObject, finish } from "./_parse.js";
import { parseRanges } from "./_ranges.js";
import { graduatedUnitsIn, isAdjacent, visitedRanges } from "./_tiers.js";
import { divisorOf, unitAmount } from "./_common.js";
import type { AmountRange, ChargeModelDef, GraduatedRangeDetail } from "./types.js";

const graduatedRangeSpec = {
  key: "graduated_ranges",
  code: "invalid_graduated_ranges",
  values: [
    ["per_unit_amount", "invalid_amount"],
    ["flat_amount", "invalid_amount"],
  ],
  gaps: [ZERO, ONE],
} as const;

export const graduated: ChargeModelDef<"graduated"> = {
  name: "graduated",
  parse(properties: unknown, path: Path) {
    const c = new IssueCollector();
    const ranges = parseRanges(asObject(properties, path, c), path, graduatedRangeSpec, c);
    return finish(c, () => ({ graduated_ranges: ranges! }));
  },
  rate({ properties, aggregation, options }) {
    const total = aggregation.units;
    const ranges = properties.graduated_ranges;
    const details = graduatedDetails(ranges, total, options.exclude_event === true && total.eq(ZERO));
    const amount = sum(details.map((d) => d.total_with_flat_amount));
    return {
      amount,
      unit_amount: unitAmount(amount, divisorOf(aggregation)),
      amount_details: { kind: "graduated", graduated_ranges: details },
      project: (projected) => projectGraduated(ranges, projected),
    };
  },
  laws: { monotoneInUnits: true },
};

/**
 * One detail entry per visited range (§3.4). `noFlat` is the pay-in-advance "before" side at
 * 0 units (§3.6): the first tier's flat fee is not counted there.
 */
function graduatedDetails(ranges: readonly AmountRange[], total: Decimal, noFlat: boolean): GraduatedRangeDetail[] {
  const adjacent = isAdjacent(ranges);
  return visitedRanges(ranges, total).map((r) => {
    const units = graduatedUnitsIn(r, total, adjacent);
    const perUnit = units.eq(ZERO) ? ZERO : r.per_unit_amount;
    const perUnitTotal = units.times(perUnit);
    const flat = noFlat ? ZERO : r.flat_amount;
    return {
      from_value: r.from_value,
      to_value: r.to_value,
      flat_unit_amount: flat,
      per_unit_amount: perUnit,
      units,
      per_unit_total_amount: perUnitTotal,
      total_with_flat_amount: perUnitTotal.plus(flat),
    };
  });
}

/** §3.7: walk the tiers by capacity `to − priced`; no flat fee at 0 projected units. */
function projectGraduated(ranges: readonly AmountRange[], projected: Decimal): Decimal {
  if (projected.lte(ZERO)) return ZERO;
  let priced = ZERO;
  let remaining = projected;
  let acc = ZERO;
  for (const r of ranges) {
    if (remaining.lte(ZERO)) break;
    const n = r.to_value === null ? remaining : min(remaining, r.to_value.minus(priced));
    if (n.gt(ZERO)) {
      acc = acc.plus(n.times(r.per_unit_amount)).plus(r.flat_amount);
      remaining = remaining.minus(n);
      priced = priced.plus(n);
    }
  }
  return acc;
}
