/**
 * Grace period, draft status and issuing date of an invoice (periods.md §10).
 */
import type { Instant } from "../core/instant.js";
import { ValidationError, issue } from "../core/issue.js";
import { dateOf, epochDay } from "../core/zone.js";

export type IssuingDateAnchor = "next_period_start" | "current_period_end";
export type IssuingDateAdjustment = "keep_anchor" | "align_with_finalization_date";

/**
 * `recurring`: a periodic run; `non_recurring`: a starting, termination or plan-change
 * invoice; `pay_in_advance_charge`: an invoice of pay-in-advance charge fees;
 * `advance_fixed_charges_only`: an invoice that bills only pay-in-advance fixed charges
 * (units changes, or a creation invoice of an arrears plan or a plan in trial).
 */
export type InvoiceKind = "recurring" | "non_recurring" | "pay_in_advance_charge" | "advance_fixed_charges_only";

export interface IssuingDateInput {
  /** The invoice timestamp (the billing run's instant). */
  readonly invoice_at: Instant;
  readonly timezone: string;
  readonly kind: InvoiceKind;
  /** Days (customer's value, else the billing entity's). */
  readonly invoice_grace_period: number;
  readonly anchor?: IssuingDateAnchor;
  readonly adjustment?: IssuingDateAdjustment;
  readonly net_payment_term?: number;
}

export interface IssuingDates {
  /** Created as a draft, finalized at `expected_finalization_date`. */
  readonly draft: boolean;
  /** `billing_date + grace` (YYYY-MM-DD). */
  readonly expected_finalization_date: string;
  readonly issuing_date: string;
  readonly payment_due_date: string;
}

/**
 * `billing_date` = the invoice timestamp's date in the zone. Drafts: subscription invoices
 * with a grace period > 0, except those billing only advance fixed charges. Issuing date
 * = billing date + an adjustment: non-recurring `+grace`; recurring by anchor ×
 * adjustment (`next_period_start`+`keep_anchor` 0, `+align` grace,
 * `current_period_end`+`keep_anchor` −1, `+align` grace or −1 when grace is 0); pay-in-
 * advance charge invoices always the billing date. Due date = issuing date + net term.
 * @example issuingDates({ invoice_at: 2024-04-01T00:00Z, timezone: "UTC", kind: "recurring", invoice_grace_period: 3 }) //=> { draft: true, issuing_date: "2024-04-04", … }
 */
export function issuingDates(input: IssuingDateInput): IssuingDates {
  const billing = epochDay(dateOf(input.invoice_at, input.timezone));
  const grace = wholeDays(input.invoice_grace_period, "invoice_grace_period");
  const subscriptionInvoice = input.kind === "recurring" || input.kind === "non_recurring";
  const issuing = billing + adjustmentDays(input, grace);
  return {
    draft: subscriptionInvoice && grace > 0,
    expected_finalization_date: formatEpochDay(billing + grace),
    issuing_date: formatEpochDay(issuing),
    payment_due_date: formatEpochDay(issuing + wholeDays(input.net_payment_term ?? 0, "net_payment_term")),
  };
}

/** More days than any grace period or payment term (about 2 700 years): the dates stay writable. */
const MAX_DAYS = 1_000_000;

/** A day count as whole days ≥ 0 (negatives count as 0); a ValidationError when it is not a usable number. */
function wholeDays(value: number, field: string): number {
  if (!Number.isFinite(value)) throw new ValidationError([issue("invalid_value", [field])]);
  if (Math.abs(value) > MAX_DAYS) throw new ValidationError([issue("value_is_out_of_range", [field])]);
  return Math.max(0, Math.trunc(value));
}

function adjustmentDays(input: IssuingDateInput, grace: number): number {
  switch (input.kind) {
    case "pay_in_advance_charge":
    case "advance_fixed_charges_only":
      return 0;
    case "non_recurring":
      return grace;
    case "recurring": {
      const anchor = input.anchor ?? "next_period_start";
      const align = (input.adjustment ?? "align_with_finalization_date") === "align_with_finalization_date";
      if (anchor === "next_period_start") return align ? grace : 0;
      return align && grace > 0 ? grace : -1;
    }
  }
}

/** Days since 1970-01-01 → `YYYY-MM-DD`. */
export function formatEpochDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` date `days` later (a due date from an issuing date and a payment term). */
export function dateTextPlusDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return formatEpochDay(Date.UTC(y, m - 1, d) / 86_400_000 + days);
}
