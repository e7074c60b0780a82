/**
 * Recurring transaction rules (invoice.md §11.6): when a rule fires, and the top-up it
 * asks for, as a request for {@link walletTopUp}. Interval days are UTC calendar days.
 */
import { type Decimal, ONE, ZERO, dec, div, max, round } from "../../core/decimal.js";
import type { Instant } from "../../core/instant.js";
import { subunitToUnit } from "../../core/money.js";
import { dateOf, epochDay } from "../../core/zone.js";
import { floorCredits } from "./walletCredit.js";
import type { WalletTransactionRequest } from "./walletTopUp.js";
import type { RecurringTransactionRule, Wallet, WalletAccount } from "./walletTypes.js";

/** A rule that has not ended at `at`. */
export function ruleIsActive(rule: RecurringTransactionRule, at: Instant): boolean {
  return rule.status === "active" && (rule.expiration_at === null || rule.expiration_at > at);
}

/** Credits of the wallet's pending purchases. */
export function pendingPurchasedCredits(account: WalletAccount): Decimal {
  return account.transactions
    .filter((t) => t.status === "pending" && t.transaction_status === "purchased")
    .reduce((s, t) => s.plus(t.credit_amount), ZERO);
}

/** A paid top-up limit in credits (`cents / S / rate`). */
function limitCredits(wallet: Wallet, cents: bigint): Decimal {
  return div(div(dec(cents), subunitToUnit(wallet.currency)), wallet.rate_amount);
}

/**
 * The credits a rule buys and grants for an ongoing balance of `ongoing` credits.
 * Fixed: the rule's credits; a threshold rule's purchase is scaled to cover the gap
 * `threshold − ongoing − granted − pending`: `paid × (floor(gap / paid) + 1)` when the gap
 * is ≥ paid, then clamped to the wallet's maximum (unless ignoring limits). Target: the gap
 * `target − ongoing` (0 when reached), bought (at least the wallet's minimum) or granted.
 */
export function ruleTopUpCredits(rule: RecurringTransactionRule, wallet: Wallet, ongoing: Decimal, pending: Decimal): { paid: Decimal; granted: Decimal } {
  if (rule.method === "target") {
    const target = rule.target_ongoing_balance ?? ZERO;
    const gap = ongoing.gte(target) ? ZERO : target.minus(ongoing);
    if (rule.grants_target_top_up) return { paid: ZERO, granted: floorCredits(gap) };
    const lo = wallet.paid_top_up_min_amount_cents;
    const floorAmount = lo === null || rule.ignore_paid_top_up_limits || gap.eq(ZERO) ? ZERO : limitCredits(wallet, lo);
    return { paid: floorCredits(max(gap, floorAmount)), granted: ZERO };
  }
  let paid = rule.paid_credits;
  if (rule.trigger === "threshold" && paid.gt(ZERO)) {
    const gap = (rule.threshold_credits ?? ZERO).minus(ongoing).minus(rule.granted_credits).minus(pending);
    if (gap.gte(paid)) paid = paid.times(round(div(gap, paid), 0, "floor").plus(ONE));
    const hi = wallet.paid_top_up_max_amount_cents;
    if (hi !== null && !rule.ignore_paid_top_up_limits && paid.gt(limitCredits(wallet, hi))) paid = floorCredits(limitCredits(wallet, hi));
  }
  return { paid, granted: rule.granted_credits };
}

/** Does a threshold rule fire: `ongoing ≤ threshold` and `ongoing + pending ≤ threshold`? */
export function thresholdReached(rule: RecurringTransactionRule, ongoing: Decimal, pending: Decimal): boolean {
  const t = rule.threshold_credits;
  return rule.trigger === "threshold" && t !== null && ongoing.lte(t) && ongoing.plus(pending).lte(t);
}

const MONTHS: Readonly<Record<string, number>> = { monthly: 1, quarterly: 3, semiannual: 6, yearly: 12 };

/**
 * Is `day` (any instant of a day in `timezone`, the customer's) an anniversary of the rule (of
 * `started_at`, else the wallet's creation, both as dates in that zone)? Weekly: same weekday; monthly, quarterly, semiannual, yearly: same
 * day of month every 1, 3, 6, 12 months, clamped to the month's last day. Never on the
 * anchor's own day, nor on (or before) the day the rule was created.
 */
export function intervalDue(rule: RecurringTransactionRule, wallet: Wallet, day: Instant, timezone = "UTC"): boolean {
  if (rule.trigger !== "interval" || rule.interval === null) return false;
  const anchor = dateOf(rule.started_at ?? wallet.created_at, timezone);
  const d = dateOf(day, timezone);
  const diffDays = epochDay(d) - epochDay(anchor);
  if (diffDays <= 0 || epochDay(d) <= epochDay(dateOf(rule.created_at, timezone))) return false;
  if (rule.interval === "weekly") return diffDays % 7 === 0;
  const months = (d.year - anchor.year) * 12 + (d.month - anchor.month);
  if (months % (MONTHS[rule.interval] ?? 1) !== 0) return false;
  const next = d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { year: d.year, month: d.month + 1, day: 1 };
  const last = epochDay(next) - epochDay({ year: d.year, month: d.month, day: 1 });
  return d.day === Math.min(anchor.day, last);
}

/** The top-up request of a rule that fired (source `interval` or `threshold`). */
export function ruleTopUpRequest(rule: RecurringTransactionRule, account: WalletAccount): WalletTransactionRequest {
  const { paid, granted } = ruleTopUpCredits(rule, account.wallet, account.wallet.credits_ongoing_balance, pendingPurchasedCredits(account));
  return {
    paid_credits: paid,
    granted_credits: granted,
    voided_credits: null,
    source: rule.trigger,
    name: rule.transaction_name,
    metadata: rule.transaction_metadata,
    invoice_requires_successful_payment: rule.invoice_requires_successful_payment,
    // A target rule's purchase is not held to the wallet's maximum (§11.6; its minimum is applied above).
    ignore_paid_top_up_limits: rule.method === "target" || rule.ignore_paid_top_up_limits,
  };
}

/**
 * The threshold top-up due after an ongoing-balance refresh, or null: the wallet's active
 * threshold rule must be reached (pending purchases counted) and ask for some credits.
 */
export function dueThresholdTopUp(account: WalletAccount, at: Instant): WalletTransactionRequest | null {
  if (account.wallet.status !== "active") return null;
  const rule = account.wallet.recurring_transaction_rules.find((r) => r.trigger === "threshold" && ruleIsActive(r, at));
  if (rule === undefined || !thresholdReached(rule, account.wallet.credits_ongoing_balance, pendingPurchasedCredits(account))) return null;
  return nonEmpty(ruleTopUpRequest(rule, account));
}

/** The interval top-ups due on the UTC day of `day` (call once per day), in rule order. */
export function dueIntervalTopUps(account: WalletAccount, day: Instant, timezone = "UTC"): WalletTransactionRequest[] {
  if (account.wallet.status !== "active") return [];
  return account.wallet.recurring_transaction_rules
    .filter((r) => ruleIsActive(r, day) && intervalDue(r, account.wallet, day, timezone))
    .map((r) => nonEmpty(ruleTopUpRequest(r, account)))
    .filter((r): r is WalletTransactionRequest => r !== null);
}

function nonEmpty(r: WalletTransactionRequest): WalletTransactionRequest | null {
  return (r.paid_credits ?? ZERO).gt(ZERO) || (r.granted_credits ?? ZERO).gt(ZERO) ? r : null;
}
