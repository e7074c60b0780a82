/**
 * Graduated percentage: each tier takes `rate` percent of the units in it plus its flat fee
 * (semantics §4). Units in a tier always use the "+1" rule, whatever the adjacency.
 */
import { type Decimal, HUNDRED, ONE, ZERO, sum } from "../core/decimal.js";
import { IssueCollector, type Path } from "../core/issue.js";
import { asObject, finish } from "./_parse.js";
import { parseRanges } from "./_ranges.js";
import { percentageUnitsIn, visitedRanges } from "./_tiers.js";
import { divisorOf, projectByRatio, unitAmount } from "./_common.js";
import type { ChargeModelDef, GraduatedPercentageRangeDetail, RateRange } from "./types.js";

const graduatedPercentageRangeSpec = {
  key: "graduated_percentage_ranges",
  code: "invalid_graduated_percentage_ranges",
  values: [
    ["rate", "invalid_rate"],
    ["flat_amount", "invalid_amount"],
  ],
  gaps: [ZERO, ONE],
} as const;

export const graduatedPercentage: ChargeModelDef<"graduated_percentage"> = {
  name: "graduated_percentage",
  parse(properties: unknown, path: Path) {
    const c = new IssueCollector();
    const ranges = parseRanges(asObject(properties, path, c), path, graduatedPercentageRangeSpec, c);
    return finish(c, () => ({ graduated_percentage_ranges: ranges! }));
  },
  rate({ properties, aggregation, options }) {
    const total = aggregation.units;
    const noFlat = options.exclude_event === true && total.eq(ZERO);
    const details = graduatedPercentageDetails(properties.graduated_percentage_ranges, total, noFlat);
    const amount = sum(details.map((d) => d.total_with_flat_amount));
    return {
      amount,
      unit_amount: unitAmount(amount, divisorOf(aggregation)),
      amount_details: { kind: "graduated_percentage", graduated_percentage_ranges: details },
      project: (_projected, ratio) => projectByRatio(amount, ratio),
    };
  },
  laws: { monotoneInUnits: true },
};

/** One entry per visited range; `noFlat` zeroes the flat fees on the pay-in-advance "before" side. */
function graduatedPercentageDetails(
  ranges: readonly RateRange[],
  total: Decimal,
  noFlat: boolean,
): GraduatedPercentageRangeDetail[] {
  return visitedRanges(ranges, total).map((r) => {
    const units = percentageUnitsIn(r, total);
    const perUnitTotal = units.times(r.rate).div(HUNDRED);
    const flat = noFlat ? ZERO : r.flat_amount;
    return {
      from_value: r.from_value,
      to_value: r.to_value,
      flat_unit_amount: flat,
      rate: r.rate,
      units,
      per_unit_total_amount: perUnitTotal,
      total_with_flat_amount: perUnitTotal.plus(flat),
    };
  });
}
