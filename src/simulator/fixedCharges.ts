/**
 * Fixed charges in the simulation (periods.md §5, §7, §7.1): the units events of a
 * subscription, the fixed-charge fees of a billing run, and a units change of a
 * pay-in-advance fixed charge billed on its own invoice.
 */
import { type Decimal, ZERO, dec } from "../core/decimal.js";
import type { Instant, Period } from "../core/instant.js";
import { type Fee, type FixedChargeEvent, fixedChargeFee, fixedChargeIsBilled, upgradedFixedChargeAmount } from "../fees/index.js";
import { type BillingPeriod, type BillingPeriodInput, computeBillingPeriod } from "../period/index.js";
import type { BilledFee, SubscriptionRun } from "./runs.js";
import type { PlanFixedCharge } from "./catalog.js";
import type { InvoiceRecord } from "./invoices.js";
import type { BilledFixedChargeFee, FixedChargeChange, FixedChargeLedger, Subscription } from "./state.js";

/** The ledger of a simulation: fixed-charge fees read from its invoices. */
export function fixedChargeLedger(invoices: (s: Subscription) => readonly InvoiceRecord[]): FixedChargeLedger {
  return (s, except) => invoices(s).filter((i) => !i.runs.includes(except as SubscriptionRun)).flatMap((i) =>
    i.lines.filter((l) => l.fee.fee_type === "fixed_charge" && l.run?.subscription === s)
      .map((l): BilledFixedChargeFee => ({ fee: l.billed.fee, invoice_created_at: i.created_at, voided: i.status === "voided" })));
}

const changesOf = (s: Subscription): readonly FixedChargeChange[] => s.fixed_charge_changes ?? [];
export const ledgerOf = (s: Subscription, except: SubscriptionRun): readonly BilledFixedChargeFee[] => s.fixed_charge_ledger?.(s, except) ?? [];

/** Units of `f` for `s` at the start: its override, else the plan's then. */
export function startUnits(s: Subscription, f: PlanFixedCharge): Decimal {
  return s.fixed_charge_start_units?.get(f.code) ?? s.fixed_charge_base_units?.get(f.code) ?? f.units;
}

/** Whether `s` holds its own units for fixed charge `code` (a units override), which plan updates do not reach. */
export function holdsOwnUnits(s: Subscription, code: string): boolean {
  return s.fixed_charge_start_units?.has(code) === true || changesOf(s).some((c) => c.code === code && c.source !== "plan");
}

/** Units now in force or scheduled: the last change, else the start's. */
export function currentUnits(s: Subscription, f: PlanFixedCharge): Decimal {
  return changesOf(s).filter((c) => c.code === f.code).at(-1)?.units ?? startUnits(s, f);
}

/** The units events of `f` for `s` in creation order: `started_at + 1 s`, then every change (§7). */
export function unitEvents(s: Subscription, f: PlanFixedCharge): FixedChargeEvent[] {
  const start = s.started_at === null ? [] : [{ timestamp: (s.started_at + 1000) as Instant, units: startUnits(s, f) }];
  return [...start, ...changesOf(s).filter((c) => c.code === f.code).map((c) => ({ timestamp: c.timestamp, units: c.units }))];
}

export const sameWindow = (fee: BilledFixedChargeFee, f: PlanFixedCharge, w: Period): boolean =>
  (fee.fee.fixed_charge_id === f.svc_id || (f.parent_id !== undefined && fee.fee.fixed_charge_id === f.parent_id)) && Math.floor(fee.fee.from_date / 1000) === Math.floor(w.start / 1000) && Math.floor(fee.fee.to_date / 1000) === Math.floor((w.end - 1000) / 1000);

/** Taxes of a fixed-charge fee when the fixed charge has its own (else the plan's chain applies, invoice.md §5.1). */
export function ownTaxes(f: PlanFixedCharge): Pick<BilledFee, "taxes"> {
  const t = f.taxes;
  return t !== undefined && t.length > 0 ? { taxes: t } : {};
}

/**
 * §5/§7: the fixed-charge fees of a starting, periodic or terminating run, in
 * `fixed_charges[]` order. Arrears → the run's fixed window (`billing`); advance → the
 * current period, skipped when another live invoice already billed that window with units
 * or amount > 0. A fee with units 0 and amount 0 is left out, but on the own invoice of the
 * advance fixed charges at creation (docs/simulator.md) and in a preview.
 */
export function runFixedChargeFees(run: SubscriptionRun, input: BillingPeriodInput, billing: BillingPeriod, timezone: string): BilledFee[] {
  const s = run.subscription;
  const plan = s.plan;
  const reason = run.reason;
  if (plan.fixed_charges.length === 0 || (reason !== "starting" && reason !== "periodic" && reason !== "terminating")) return [];
  let current: BillingPeriod | undefined;
  let billed: readonly BilledFixedChargeFee[] | undefined;
  const hasArrears = plan.fixed_charges.some((f) => !f.fixed_charge.pay_in_advance);
  const out: BilledFee[] = [];
  for (const f of plan.fixed_charges) {
    const advance = f.fixed_charge.pay_in_advance;
    const b = advance ? (current ??= computeBillingPeriod(Object.assign({}, input, { current_usage: true }))) : billing;
    const window = b.fixed_charges_period;
    if (window === null || window.start > window.end - 1000) continue;
    const already = advance && (billed ??= ledgerOf(s, run))
      .some((x) => !x.voided && sameWindow(x, f, window) && (x.fee.units.gt(ZERO) || x.fee.amount_cents > 0n));
    if (!fixedChargeIsBilled({
      reason, pay_in_advance: advance, status: reason === "terminating" ? "terminated" : "active", plan_has_arrears_fixed_charge: hasArrears,
      terminated_after_invoice: s.terminated_at !== null && s.terminated_at > run.at, already_billed_for_window: already,
    })) continue;
    const fee = fixedChargeFee({
      fixed_charge: f.fixed_charge, events: unitEvents(s, f), window, fixed_charges_duration_in_days: b.fixed_charges_duration_in_days,
      timezone, currency: plan.currency, ids: { subscription_id: s.svc_id },
    });
    // A fee with no units and no amount is left off the run's invoice (the reference's fixed-charge
    // fee service persists none), but on the own invoice of the advance fixed charges at creation,
    // which the reference builds as its units-change invoices, keeping it, and in a preview, which shows every fee.
    if (fee.units.eq(ZERO) && fee.amount_cents === 0n && run.fixed_charges_at_start !== true && run.preview !== true) continue;
    out.push({ fee: reason === "starting" ? afterUpgrade(s, f, fee, window, run) : fee, charge: null, ...ownTaxes(f) });
  }
  return out;
}

/**
 * §7: the new subscription of an upgrade with the same add-on as a prorated advance fixed
 * charge of the old one: its fee loses the old fee's share of the rest of the period (the
 * old fee's latest live one; its instant is its invoice's creation).
 */
function afterUpgrade(s: Subscription, f: PlanFixedCharge, fee: Fee, window: Period, run: SubscriptionRun): Fee {
  const old = s.previous;
  if (old === null || old.change !== "upgrade" || !f.fixed_charge.prorated) return fee;
  const ids = new Set(old.plan.fixed_charges.filter((x) => x.add_on === f.add_on && x.fixed_charge.pay_in_advance).map((x) => x.svc_id));
  const previous = ledgerOf(old, run).filter((x) => !x.voided && ids.has(x.fee.fixed_charge_id ?? "")).at(-1);
  if (previous === undefined) return fee;
  const amount = upgradedFixedChargeAmount({
    new_amount_cents: fee.amount_cents, previous_fee_amount_cents: previous.fee.amount_cents, previous_fee_at: previous.invoice_created_at,
    previous_window: { start: previous.fee.from_date, end: (previous.fee.to_date + 1000) as Instant }, new_window: window,
  });
  return { ...fee, amount_cents: amount, precise_amount_cents: dec(amount) };
}

/** The start's invoice of the advance fixed charges, when the plan's starting invoice does not carry them (arrears plan, or in trial). */
export function hasAdvanceFixedCharges(s: Subscription): boolean {
  return s.plan.fixed_charges.some((f) => f.fixed_charge.pay_in_advance);
}
