/**
 * The termination credit note of a subscription, from the period calculator
 * (periods.md §9): builds the inputs of {@link terminationCreditNote}.
 */
import type { Instant } from "../core/instant.js";
import { type BillingPeriodInput, computeBillingPeriod } from "../period/index.js";
import { type TerminationCreditNote, type TerminationCreditNoteInput, terminationCreditNote } from "./terminationCreditNote.js";

export type CreditNoteFromPeriodInput = Omit<TerminationCreditNoteInput, "period" | "terminated_at" | "timezone"> & {
  /** The subscription as terminated (`terminated_at` set), on its in-advance plan. */
  readonly period_input: Omit<BillingPeriodInput, "billing_at" | "current_usage">;
};

/** Runs the period calculator at `billing_at = terminated_at` and computes the note. */
export function terminationCreditNoteFromPeriod(input: CreditNoteFromPeriodInput): TerminationCreditNote | undefined {
  const { period_input: p, ...rest } = input;
  const t = p.subscription.terminated_at;
  if (t === null) return undefined;
  const ds = computeBillingPeriod({ ...p, billing_at: t });
  if (ds.period === null) return undefined;
  return terminationCreditNote({
    ...rest,
    terminated_at: t,
    timezone: p.timezone,
    period: {
      from_datetime: ds.period.start,
      // The calculator's ends are exclusive; the note reads the period's last second.
      next_end_of_period: (ds.next_end_of_period - 1000) as Instant,
      duration_in_days: ds.duration_in_days,
    },
  });
}
