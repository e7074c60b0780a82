/**
 * Minimum commitment (invoice.md §6): the commitment period and which fees count
 * towards it.
 */
import type { Instant, Period } from "../../core/instant.js";
import { dateOf } from "../../core/zone.js";
import { type Schedule, periodContaining, rangeToPeriod } from "../../period/index.js";
import type { InvoiceFee } from "../types.js";

/**
 * The commitment period holding `at`: the whole plan-interval period (a year for a yearly
 * plan, even when its charges are billed monthly), half-open `[start, end)` in `timezone`.
 * The caller passes an instant inside the period being reconciled: the ended period's
 * start for a periodic invoice (in arrears or in advance), the termination instant on
 * termination.
 * @example commitmentPeriod(2024-03-12T10:00Z, { interval: "quarterly", billing_time: "calendar", … }, "UTC") //=> [2024-01-01, 2024-04-01)
 */
export function commitmentPeriod(at: Instant, schedule: Schedule, timezone: string): Period {
  return rangeToPeriod(periodContaining(dateOf(at, timezone), schedule), timezone);
}

/** The fee types that count towards a minimum commitment (§6 `used`). */
const COUNTED = new Set<InvoiceFee["fee_type"]>(["subscription", "charge", "fixed_charge"]);

/**
 * §6 `used`: does `fee` count towards the commitment of `subscriptionId` over `period`?
 * A subscription, charge (true-ups included) or fixed-charge fee of that subscription
 * whose own window `[from_date, to_date]` lies inside the commitment period. This one
 * rule gives each case of §6: an in-arrears subscription fee of the period, an in-advance
 * subscription fee billed on an earlier invoice (the next period's fee on the closing
 * invoice lies outside), in-arrears and pay-in-advance charge fees of windows inside the
 * period (on any invoice or none), recurring pay-in-advance period fees of the period.
 * A fee without a window never counts.
 */
export function countsTowardsCommitment(fee: InvoiceFee, subscriptionId: string, period: Period): boolean {
  if (!COUNTED.has(fee.fee_type) || fee.svc_subscription_id !== subscriptionId) return false;
  if (fee.from_date === null || fee.to_date === null) return false;
  return fee.from_date >= period.start && fee.to_date <= period.end;
}
