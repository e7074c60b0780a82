/**
 * Volume: all units are priced at the one tier the total reaches, plus that tier's flat fee
 * (semantics §7). Prorated volume charges choose the tier by `full_units_number`.
 */
import { type Decimal, ONE, ZERO, dec, divOrZero } from "../core/decimal.js";
import { IssueCollector, ValidationError, type Path, issue } from "../core/issue.js";
import { asObject, finish } from "./_parse.js";
import { parseRanges } from "./_ranges.js";
import { sortByFrom, volumeRange } from "./_tiers.js";
import type { AmountRange, Aggregation, ChargeModelDef } from "./types.js";

const volumeRangeSpec = {
  key: "volume_ranges",
  code: "invalid_volume_ranges",
  values: [
    ["per_unit_amount", "invalid_amount"],
    ["flat_amount", "invalid_amount"],
  ],
  gaps: [ONE, dec("2")],
} as const;

export const volume: ChargeModelDef<"volume"> = {
  name: "volume",
  parse(properties: unknown, path: Path) {
    const c = new IssueCollector();
    const ranges = parseRanges(asObject(properties, path, c), path, volumeRangeSpec, c);
    return finish(c, () => ({ volume_ranges: sortByFrom(ranges!) }));
  },
  rate({ properties, aggregation, prorated }) {
    const ranges = sortByFrom(properties.volume_ranges);
    const n = volumeUnits(aggregation, prorated);
    const range = volumeRange(ranges, n);
    if (range === undefined) throw new ValidationError([issue("units_out_of_ranges", ["aggregation", "units"])]);
    const perUnitTotal = aggregation.units.times(range.per_unit_amount);
    const amount = perUnitTotal.plus(range.flat_amount);
    return {
      amount,
      unit_amount: divOrZero(amount, n),
      amount_details: {
        kind: "volume",
        flat_unit_amount: range.flat_amount,
        per_unit_amount: divOrZero(perUnitTotal, n),
        per_unit_total_amount: perUnitTotal,
      },
      project: (projected) => projectVolume(ranges, projected),
    };
  },
  laws: { monotoneInUnits: false },
};

/** `N`: `full_units_number` for prorated charges that carry it, else the units. */
export function volumeUnits(a: Aggregation, prorated: boolean): Decimal {
  return prorated && a.full_units_number !== undefined ? a.full_units_number : a.units;
}

function projectVolume(sorted: readonly AmountRange[], projected: Decimal): Decimal {
  if (projected.eq(ZERO)) return ZERO;
  const r = volumeRange(sorted, projected);
  return r === undefined ? ZERO : projected.times(r.per_unit_amount).plus(r.flat_amount);
}
