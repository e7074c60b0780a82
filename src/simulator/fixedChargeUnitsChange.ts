/**
 * A units change of a subscription's fixed charges (periods.md §7.1), billed at once when they
 * are paid in advance: the delta above the units already paid for the current window, on its
 * own invoice. The fees of a billing run are fixedCharges.ts.
 */
import type { Instant } from "../core/instant.js";
import { fixedChargeDeltaFee, fixedChargeFee } from "../fees/index.js";
import { type BillingPeriodInput, computeBillingPeriod } from "../period/index.js";
import type { PlanFixedCharge } from "./catalog.js";
import { currentUnits, ledgerOf, ownTaxes, sameWindow, unitEvents } from "./fixedCharges.js";
import { invoiceLines } from "./invoices.js";
import type { BilledFee, SubscriptionRun } from "./runs.js";
import type { Sim } from "./sim.js";
import type { Subscription } from "./state.js";

/**
 * §7.1: a units change of `f` stamped at `at` (the change instant) on an active
 * subscription. A pay-in-advance fixed charge bills the delta above the units already paid
 * for the current window on its own invoice (never a draft); an arrears one bills nothing now.
 * `input` is the period input of the subscription at `at`.
 */
export function billUnitsChange(sim: Sim, s: Subscription, fs: readonly PlanFixedCharge[], at: Instant, input: BillingPeriodInput): void {
  const b = computeBillingPeriod({ ...input, current_usage: true });
  const window = b.fixed_charges_period;
  if (window === null || window.start > window.end - 1000) return;
  const run: SubscriptionRun = { subscription: s, at, reason: "in_advance_charge" };
  const tz = sim.timezoneOf(s.customer);
  // Several fixed charges changed by one call share one invoice (periods.md §7.1).
  const lines = fs.filter((f) => f.fixed_charge.pay_in_advance).map((f) => {
    const paid = ledgerOf(s, run).filter((x) => sameWindow(x, f, window)).map((x) => x.fee.units);
    const shell = fixedChargeFee({
      fixed_charge: f.fixed_charge, events: unitEvents(s, f), window, fixed_charges_duration_in_days: b.fixed_charges_duration_in_days,
      timezone: tz, currency: s.plan.currency, ids: { subscription_id: s.svc_id, scope: ["units_change", at] },
    });
    const delta = fixedChargeDeltaFee({
      fixed_charge: f.fixed_charge, new_units: currentUnits(s, f), paid_units: paid, changed_at: at, window,
      fixed_charges_duration_in_days: b.fixed_charges_duration_in_days, currency: s.plan.currency,
    });
    const billed: BilledFee = { fee: { ...shell, ...delta }, charge: null, ...ownTaxes(f) };
    return { billed, run };
  });
  if (lines.length > 0) sim.invoicing.issue(s.customer, [run], at, invoiceLines(lines, sim.catalog.organization));
}
