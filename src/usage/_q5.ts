/**
 * decimal(30,5) storage of alert values (invoice.md §0.3): half away from zero at 5 decimals.
 */
import { type Decimal, round } from "../core/decimal.js";

export function q5(x: Decimal): Decimal {
  return round(x, 5, "half_up");
}
