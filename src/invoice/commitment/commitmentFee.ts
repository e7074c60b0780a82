/**
 * Minimum commitment (premium, invoice.md §6): the true-up fee that lifts a
 * subscription's spend over a commitment period to the (prorated) commitment.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { type Decimal, ONE, dec, round, sum, toScaledBigInt } from "../../core/decimal.js";
import { floatToDecimal } from "../../core/float.js";
import { stableId } from "../../core/ids.js";
import { type Instant, type Period, formatInstant } from "../../core/instant.js";
import { ValidationError, issue } from "../../core/issue.js";
import { fromMinorUnits } from "../../core/money.js";
import { prorationDays } from "../../period/index.js";
import { countsTowardsCommitment } from "./commitmentPeriod.js";
import type { Tax } from "../tax/taxes.js";
import type { InvoiceFee } from "../types.js";

/** A plan's (or the subscription's overriding) `minimum_commitment`. */
export interface MinimumCommitment {
  readonly amount_cents: bigint;
  readonly invoice_display_name?: string | null | undefined;
  /** The commitment's own taxes (§5.1 `commitment` source), already resolved by the caller. */
  readonly taxes: readonly Tax[];
}

export interface CommitmentFeeInput {
  readonly commitment: MinimumCommitment | null;
  /** The subscription's `svc_id` (matched against `InvoiceFee.svc_subscription_id`). */
  readonly subscription_id: string;
  readonly plan_code: string;
  readonly currency: CurrencyCode;
  readonly timezone: string;
  /** The whole plan-interval period reconciled (`commitmentPeriod`). */
  readonly commitment_period: Period;
  /**
   * What the subscription was billed of it, half-open like the period area's periods:
   * from the billed span start (§6: the `from_datetime` of the subscription's earliest
   * invoice inside the commitment period) to one second after the last second covered
   * (`min(terminated_at + 1 s, period end)` when terminated, else the period end).
   */
  readonly billed_span: Period;
  /**
   * Candidate fees: this invoice's and the earlier invoices' fees of the subscription, plus
   * its invoiceless pay-in-advance fees. `countsTowardsCommitment` picks those of §6.
   */
  readonly fees: readonly InvoiceFee[];
}

/** The commitment true-up fee: an `InvoiceFee` of type `commitment` plus its display fields. */
export interface CommitmentFee extends InvoiceFee {
  readonly fee_type: "commitment";
  readonly unit_amount_cents: bigint;
  readonly precise_unit_amount: Decimal;
  readonly invoice_display_name: string | null;
  /** The prorated commitment and what counted against it (for traces and tests). */
  readonly commitment_amount_cents: bigint;
  readonly used_amount_cents: bigint;
}

/**
 * §6 coefficient and prorated commitment: `days(billed span) / days(commitment period)` as a
 * double, `rhu(double(amount) × coefficient)` (the reference's Integer × Float, read as a
 * Money amount: shortest decimal of the double, rounded half up).
 * @example proratedCommitmentCents(100000n, 10, 31) //=> 32258n
 */
export function proratedCommitmentCents(amountCents: bigint, billedDays: number, totalDays: number): bigint {
  const product = Number(amountCents) * (billedDays / totalDays);
  return toScaledBigInt(round(floatToDecimal(product), 0, "half_up"), 0);
}

/**
 * The minimum-commitment true-up fee of a subscription for a commitment period, or
 * `undefined` when there is no commitment, its amount is 0, or the counted fees reach it.
 * `amount_cents = commitment − used` (pre-coupon, pre-tax amounts), `precise_amount_cents =
 * commitment − Σ precise_amount_cents`, units 1, taxes = the commitment's.
 * The caller decides *when* (§6): on the invoice closing the period, never on the first
 * invoice of a pay-in-advance subscription, on termination.
 * @throws ValidationError (`invalid_value`) for a negative amount, an amount beyond 2^53 cents or an empty period.
 */
export function commitmentFee(input: CommitmentFeeInput): CommitmentFee | undefined {
  const c = input.commitment;
  if (c === null) return undefined;
  check(input, c);
  if (c.amount_cents === 0n) return undefined;
  const totalDays = prorationDays(input.commitment_period, input.timezone);
  const billedDays = Math.max(0, prorationDays(input.billed_span, input.timezone));
  const commitment = proratedCommitmentCents(c.amount_cents, Math.min(billedDays, totalDays), totalDays);
  const counted = input.fees.filter((f) => countsTowardsCommitment(f, input.subscription_id, input.commitment_period));
  const used = counted.reduce((a, f) => a + f.amount_cents, 0n);
  if (commitment <= used) return undefined;
  const amount = commitment - used;
  const from = input.commitment_period.start;
  const to = (input.commitment_period.end - 1000) as Instant;
  return {
    svc_id: stableId("fee", input.subscription_id, "commitment", formatInstant(from), formatInstant(to)),
    fee_type: "commitment",
    svc_subscription_id: input.subscription_id,
    plan_code: input.plan_code,
    metric_code: null,
    svc_charge_id: null,
    amount_cents: amount,
    precise_amount_cents: dec(commitment).minus(sum(counted.map((f) => f.precise_amount_cents))),
    units: ONE,
    precise_coupons_amount_cents: dec(0),
    precise_credit_notes_amount_cents: dec(0),
    taxes: c.taxes,
    from_date: from,
    to_date: to,
    pay_in_advance: false,
    unit_amount_cents: amount,
    precise_unit_amount: fromMinorUnits(amount, input.currency),
    invoice_display_name: c.invoice_display_name ?? null,
    commitment_amount_cents: commitment,
    used_amount_cents: used,
  };
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function check(input: CommitmentFeeInput, c: MinimumCommitment): void {
  const bad = [];
  if (c.amount_cents < 0n || c.amount_cents > MAX_SAFE) bad.push(issue("invalid_value", ["commitment", "amount_cents"]));
  if (!(input.commitment_period.end > input.commitment_period.start)) bad.push(issue("invalid_value", ["commitment_period"]));
  const [first, ...rest] = bad;
  if (first !== undefined) throw new ValidationError([first, ...rest]);
}
