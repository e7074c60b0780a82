/**
 * Dynamic: the events carry their own price; `amount = Σ precise_total_amount_cents / subunit`
 * (semantics §8).
 */
import { ZERO } from "../core/decimal.js";
import { IssueCollector, ValidationError, type Path, issue } from "../core/issue.js";
import { asObject, finish } from "./_parse.js";
import { divisorOf, projectByRatio, unitAmount } from "./_common.js";
import type { ChargeModelDef } from "./types.js";

export const dynamic: ChargeModelDef<"dynamic"> = {
  name: "dynamic",
  parse(properties: unknown, path: Path) {
    const c = new IssueCollector();
    asObject(properties, path, c);
    return finish(c, () => ({}));
  },
  rate({ aggregation, options }) {
    const subunit = options.subunit_to_unit;
    if (subunit === undefined) throw new ValidationError([issue("value_is_mandatory", ["currency"])]);
    const divisor = divisorOf(aggregation);
    const cents = aggregation.precise_total_amount_cents ?? ZERO;
    const amount = divisor.eq(ZERO) ? ZERO : cents.div(subunit);
    return {
      amount,
      unit_amount: unitAmount(amount, divisor),
      amount_details: { kind: "none" },
      project: (_projected, ratio) => projectByRatio(amount, ratio),
    };
  },
  laws: { monotoneInUnits: false },
};
