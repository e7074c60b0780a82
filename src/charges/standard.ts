/**
 * Standard: `amount = units × amount` (semantics §2).
 */
import { IssueCollector, type Path } from "../core/issue.js";
import { asObject, finish, readDecimal } from "./_parse.js";
import { divisorOf, unitAmount } from "./_common.js";
import type { ChargeModelDef } from "./types.js";

export const standard: ChargeModelDef<"standard"> = {
  name: "standard",
  parse(properties: unknown, path: Path) {
    const c = new IssueCollector();
    const amount = readDecimal(asObject(properties, path, c), "amount", path, c, { code: "invalid_amount" });
    return finish(c, () => ({ amount: amount! }));
  },
  rate({ properties, aggregation }) {
    const amount = aggregation.units.times(properties.amount);
    return {
      amount,
      unit_amount: unitAmount(amount, divisorOf(aggregation)),
      amount_details: { kind: "none" },
      project: (projected) => projected.times(properties.amount),
    };
  },
  laws: { monotoneInUnits: true },
};
