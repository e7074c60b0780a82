/**
 * Termination: what the final invoice holds, which boundaries it bills, whether the
 * period's advance invoice exists (periods.md §5, §9).
 */
import type { Instant, Period } from "../core/instant.js";
import { dateOf, wallToInstant } from "../core/zone.js";
import { type BillingPeriod, type BillingPeriodInput, type Schedule, computeBillingPeriod, periodContaining } from "../period/index.js";

export type OnTerminationInvoice = "generate" | "skip";

/** What the final (`subscription_terminating`) invoice bills for the subscription. */
export interface FinalInvoiceContent {
  /** Arrears plan: the fee up to `terminated_at`; in advance: none (already paid). */
  readonly subscription_fee: boolean;
  /** Usage charges of the running period (recurring pay-in-advance charges are not re-billed). */
  readonly usage_charges: boolean;
  readonly arrears_fixed_charges: boolean;
  /** Never on a terminated subscription. */
  readonly advance_fixed_charges: false;
}

/** The final invoice's content, or `null` with `on_termination_invoice: skip`. */
export function finalInvoiceContent(planPayInAdvance: boolean, onTerminationInvoice: OnTerminationInvoice = "generate"): FinalInvoiceContent | null {
  if (onTerminationInvoice === "skip") return null;
  return { subscription_fee: !planPayInAdvance, usage_charges: true, arrears_fixed_charges: true, advance_fixed_charges: false };
}

export interface TerminationPeriodInput {
  /** The period input of the termination run: status `terminated`, `billing_at = terminated_at`. */
  readonly period: BillingPeriodInput;
  readonly schedule: Schedule;
  /** The previous period (the one ending at the start of the current one) has an invoice. */
  readonly previous_period_billed: boolean;
}

const DAY = 86_400_000;

/**
 * The boundaries of the termination invoice (`TerminatedDatesService`): the normal ones,
 * except that a subscription without next subscription terminated less than one day
 * after a period end whose invoice was never issued bills that previous full period
 * (the boundaries of a run at `terminated_at` as if still active). The period end is that
 * of the usage window (and of the fixed-charges window) running a day before the
 * termination: a month's for a yearly plan that bills its charges monthly.
 */
export function terminationBillingPeriod(input: TerminationPeriodInput): BillingPeriod {
  const p = input.period;
  const normal = computeBillingPeriod(p);
  const t = p.subscription.terminated_at;
  const started = p.subscription.started_at;
  if (t === null || p.subscription.next_subscription != null || input.previous_period_billed) return normal;
  if (started === null || t - DAY < started) return normal;
  // "A period end": that of the usage window (and of the fixed-charges window) running a day
  // before, as if still active — monthly for a plan that bills its charges monthly.
  const active = Object.assign({}, p.subscription, { status: "active" as const, terminated_at: null });
  const dayBefore = computeBillingPeriod(Object.assign({}, p, { subscription: active, billing_at: (t - DAY) as Instant, current_usage: true }));
  for (const window of [dayBefore.charges_period, dayBefore.fixed_charges_period]) {
    if (window === null) continue;
    const last = window.end - 1000;
    if (t < last || t - last >= DAY) return normal;
  }
  return computeBillingPeriod(Object.assign({}, p, { subscription: active, current_usage: false }));
}

/** Start (00:00 in the zone) of the plan period containing `t`'s local date. */
export function currentPeriodStart(t: Instant, schedule: Schedule, timezone: string): Instant {
  return wallToInstant(periodContaining(dateOf(t, timezone), schedule).first, timezone);
}

/** The boundaries an invoice of the subscription records. */
export interface InvoicedBoundaries {
  readonly period: Period | null;
  readonly charges_period: Period | null;
}

/**
 * periods.md §9 "the period's advance invoice exists": `P` = start of the period holding
 * `terminated_at` (as if still active). `P < started_at` → the first period, billed at
 * creation → yes. Otherwise yes only when an invoice carries exactly the boundaries of a
 * periodic run at `P` (to the second).
 */
export function periodAdvanceInvoiceExists(
  input: { readonly period: BillingPeriodInput; readonly schedule: Schedule },
  invoices: readonly InvoicedBoundaries[],
): boolean {
  const p = input.period;
  const t = p.subscription.terminated_at;
  const started = p.subscription.started_at;
  if (t === null || started === null) return false;
  const start = currentPeriodStart(t, input.schedule, p.timezone);
  if (start < started) return true;
  const expected = computeBillingPeriod(Object.assign({},
    p,
    { subscription: Object.assign({}, p.subscription, { status: "active", terminated_at: null }),
    billing_at: start,
    current_usage: false },
  ));
  return invoices.some((i) => samePeriod(i.period, expected.period) && samePeriod(i.charges_period, expected.charges_period));
}

function samePeriod(a: Period | null, b: Period | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.floor(a.start / 1000) === Math.floor(b.start / 1000) && Math.floor(a.end / 1000) === Math.floor(b.end / 1000);
}
