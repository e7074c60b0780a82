/**
 * The credit note for the unused part of an in-advance subscription fee, at
 * termination or upgrade (periods.md §9, invoice.md §10.6).
 */
import { type Decimal, ZERO, dec, divOrZero, round } from "../core/decimal.js";
import type { Instant } from "../core/instant.js";
import { requirePositiveInteger } from "./_check.js";
import { endOfLocalDay, utcEpochDay } from "./_days.js";
import { floatToDecimal } from "../core/float.js";
import { type CreditNoteSplit, type CreditedFee, itemTotals, reconcileCreditNote, roundCents } from "./creditNoteTotals.js";

export type OnTerminationCreditNote = "credit" | "refund" | "offset" | "skip";

export interface TerminationCreditNoteInput {
  readonly terminated_at: Instant;
  readonly timezone: string;
  /** The termination comes from an upgrade: the upgrade day is credited too. */
  readonly upgrade?: boolean;
  /**
   * The period calculator at `billing_at = terminated_at` (an in-advance plan: the
   * current period): its `from_datetime`, its `next_end_of_period` as the **last
   * instant** of the period (…23:59:59), and the duration in days of that period.
   */
  readonly period: { readonly from_datetime: Instant; readonly next_end_of_period: Instant; readonly duration_in_days: number };
  /** The plan's `amount_cents` (used when the fee has no `plan_amount_cents` detail). */
  readonly plan_amount_cents: bigint;
  /** The last subscription fee of the subscription. */
  readonly fee: CreditedFee & { readonly plan_amount_cents?: bigint; readonly credited_amount_cents?: bigint };
  /** Trial end, as the UTC date's epoch day (days since 1970-01-01), when the plan has a trial. */
  readonly trial_end_epoch_day?: number;
  readonly option: Exclude<OnTerminationCreditNote, "skip">;
  /** The fee's invoice: needed for `refund` / `offset`. */
  readonly invoice?: { readonly sub_total_including_taxes_amount_cents: bigint; readonly total_paid_amount_cents: bigint };
}

export interface TerminationCreditNote extends CreditNoteSplit {
  readonly reason: "order_cancellation";
  /** Days credited (UTC dates, termination day excluded, upgrade day included). */
  readonly remaining_days: number;
  /** The item, truncated to 5 decimals, in minor units. */
  readonly item_precise_amount_cents: Decimal;
  readonly item_amount_cents: bigint;
  readonly coupons_adjustment_amount_cents: bigint;
  readonly taxes_amount_cents: bigint;
  readonly precise_taxes_amount_cents: Decimal;
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  /** The split as requested, before the one-cent reconciliation (what a note's creation reconciles itself). */
  readonly requested: CreditNoteSplit;
}

/**
 * The credit note, or `undefined` when nothing is left to credit.
 * @example monthly calendar in advance 3 100, tax 20 %, terminated 2022-10-15 10:00Z → 16 days × 100 = 1 600, total 1 920.
 */
export function terminationCreditNote(input: TerminationCreditNoteInput): TerminationCreditNote | undefined {
  const { fee } = input;
  requirePositiveInteger(input.period.duration_in_days, ["period", "duration_in_days"]);
  // Single-day price as a double, as the reference computes it.
  const dayPrice = Number(fee.plan_amount_cents ?? input.plan_amount_cents) / input.period.duration_in_days;
  const usedTo = utcEpochDay(endOfLocalDay(input.terminated_at, input.timezone));
  const endDate = utcEpochDay(input.period.next_end_of_period);
  let billedFrom = usedTo - (input.upgrade === true ? 1 : 0);
  const trialEnd = input.trial_end_epoch_day;
  if (trialEnd !== undefined && trialEnd >= billedFrom) billedFrom = Math.min(trialEnd - 1, endDate);
  const remaining = Math.max(0, endDate - billedFrom);

  const credited = Number(fee.credited_amount_cents ?? 0n);
  const amount = Math.min(dayPrice * remaining, Number(fee.amount_cents)) - credited;
  const item = round(floatToDecimal(amount), 5, "down");
  if (item.lte(ZERO)) return undefined;

  const totals = itemTotals(item, fee);
  const total = totals.total_amount_cents;
  let refund = 0n;
  if (input.option !== "credit") {
    let usedFrom = utcEpochDay(input.period.from_datetime);
    if (trialEnd !== undefined && trialEnd > usedFrom) usedFrom = trialEnd;
    const usedDays = Math.max(0, Math.min(usedTo, endDate) - usedFrom + 1);
    const used = itemTotals(round(floatToDecimal(dayPrice * usedDays), 5, "down"), fee).total_amount_cents;
    const surplus = paidShare(input).minus(dec(used));
    refund = surplus.gt(ZERO) ? roundCents(surplus.lt(dec(total)) ? surplus : dec(total)) : 0n;
  }
  const requested: CreditNoteSplit = {
    total_amount_cents: total,
    credit_amount_cents: input.option === "offset" ? 0n : total - refund,
    refund_amount_cents: refund,
    offset_amount_cents: input.option === "offset" ? total - refund : 0n,
  };
  return {
    ...reconcileCreditNote(requested, totals),
    reason: "order_cancellation",
    remaining_days: remaining,
    item_precise_amount_cents: item,
    item_amount_cents: roundCents(item),
    coupons_adjustment_amount_cents: roundCents(totals.coupons_adjustment),
    taxes_amount_cents: totals.taxes_amount_cents,
    precise_taxes_amount_cents: totals.precise_taxes,
    sub_total_excluding_taxes_amount_cents: totals.sub_total_excluding_taxes_amount_cents,
    requested,
  };
}

/** `(fee excl. taxes + fee taxes, precise) / invoice total incl. taxes × paid` (0 when that total is 0). */
function paidShare(input: TerminationCreditNoteInput): Decimal {
  const inv = input.invoice;
  if (inv === undefined) return ZERO;
  const f = input.fee;
  const feeTotal = f.precise_amount_cents.minus(f.precise_coupons_amount_cents ?? ZERO).plus(f.taxes_precise_amount_cents ?? ZERO);
  return divOrZero(feeTotal, dec(inv.sub_total_including_taxes_amount_cents)).times(dec(inv.total_paid_amount_cents));
}

export interface CreditNoteDueInput {
  readonly plan_pay_in_advance: boolean;
  readonly option: OnTerminationCreditNote;
  /** `amount_cents` of the subscription's most recently created subscription fee, if any. */
  readonly last_fee_amount_cents: bigint | undefined;
  readonly last_fee_invoice_voided: boolean;
  /** The advance invoice of the period holding `terminated_at` exists (see {@link periodAdvanceInvoiceExists}). */
  readonly period_invoice_exists: boolean;
}

/** A termination credit note is due: advance plan, option ≠ skip, last fee > 0 on a live invoice, period billed. */
export function terminationCreditNoteDue(input: CreditNoteDueInput): boolean {
  return input.plan_pay_in_advance && input.option !== "skip" && input.last_fee_amount_cents !== undefined &&
    input.last_fee_amount_cents > 0n && !input.last_fee_invoice_voided && input.period_invoice_exists;
}
