/**
 * Checks that need both the charge and the aggregation: what a model reads beyond `units`
 * must be there, and volume ranges must price the units (contract §1).
 */
import { ZERO } from "../core/decimal.js";
import { type Issue, issue } from "../core/issue.js";
import { hasMinMax } from "./percentage.js";
import { sortByFrom, volumeRange } from "./_tiers.js";
import { volumeUnits } from "./volume.js";
import type { Aggregation, Charge, RateOptions } from "./types.js";

export function chargeRequirements(charge: Charge, a: Aggregation, options: RateOptions): Issue[] {
  const out: Issue[] = [];
  const used = !a.units.eq(ZERO);
  switch (charge.charge_model) {
    case "dynamic":
      if (options.subunit_to_unit === undefined) out.push(issue("value_is_mandatory", ["currency"]));
      break;
    case "volume": {
      const prorated = charge.prorated === true;
      const n = volumeUnits(a, prorated);
      if (volumeRange(sortByFrom(charge.properties.volume_ranges), n) === undefined) {
        const field = prorated && a.full_units_number !== undefined ? "full_units_number" : "units";
        out.push(issue("units_out_of_ranges", ["aggregation", field]));
      }
      break;
    }
    case "percentage": {
      const p = charge.properties;
      if (hasMinMax(p) && used && a.event_values === undefined) out.push(mandatory("event_values"));
      const free = (p.free_units_per_events ?? 0) > 0 || (p.free_units_per_total_aggregation?.gt(ZERO) ?? false);
      if (free && a.running_total === undefined) out.push(mandatory("running_total"));
      if (p.fixed_amount?.gt(ZERO) && used && a.events_count === undefined) out.push(mandatory("events_count"));
      break;
    }
    case "graduated":
      // Prorated without per-event data at all, the units are priced as plain graduated (the
      // reference's charge-model factory without an aggregator); one list without the other is refused.
      if (charge.prorated === true && used && (a.event_values !== undefined || a.event_prorated_values !== undefined)) {
        if (a.event_values === undefined) out.push(mandatory("event_values"));
        if (a.event_prorated_values === undefined) out.push(mandatory("event_prorated_values"));
        else if (a.event_values !== undefined && a.event_values.length !== a.event_prorated_values.length) {
          out.push(issue("invalid_value", ["aggregation", "event_prorated_values"]));
        }
      }
      break;
    default:
      break;
  }
  return out;
}

function mandatory(field: string): Issue {
  return issue("value_is_mandatory", ["aggregation", field]);
}
