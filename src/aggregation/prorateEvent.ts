/**
 * Pay-in-advance proration of one event (§13.3): the event's units times
 * days(event, to) / charges_duration (a float quotient, as the reference divides),
 * ceiled to 5 decimals.
 */
import { type Decimal, round } from "../core/decimal.js";
import { daysBetween, floatQuotient } from "./_days.js";

export function prorateEventUnits(
  units: Decimal,
  input: { readonly at: number; readonly to: number; readonly charges_duration: number; readonly timezone?: string | undefined },
): Decimal {
  const days = daysBetween(input.at, input.to, input.timezone ?? "UTC");
  return round(units.times(floatQuotient(days, input.charges_duration)), 5, "ceil");
}
