/**
 * The API shapes of a wallet and a wallet transaction (interface spec "Wallet", "Wallet
 * transaction"): decimals as strings, minor units as numbers, instants as ISO 8601.
 */
import { type Decimal, toDecimalString } from "../../core/decimal.js";
import { type Instant, formatInstant } from "../../core/instant.js";
import { creditsOfCents } from "./walletCredit.js";
import type { RecurringTransactionRule, Wallet, WalletTransaction } from "./walletTypes.js";
import { ruleIsActive } from "./walletRecurring.js";

type Json = Record<string, unknown>;

const time = (t: Instant | null): string | null => (t === null ? null : formatInstant(t));
/** An integer as a JSON number, or as its exact text beyond 2^53 (ratecard's rule for large integers). */
const num = (x: bigint | null): number | string | null => (x === null ? null : Number.isSafeInteger(Number(x)) ? Number(x) : x.toString());
const decOrNull = (x: Decimal | null): string | null => (x === null ? null : toDecimalString(x));

function ruleJson(r: RecurringTransactionRule): Json {
  return {
    svc_id: r.svc_id, trigger: r.trigger, method: r.method, interval: r.interval, status: r.status,
    threshold_credits: decOrNull(r.threshold_credits), paid_credits: toDecimalString(r.paid_credits),
    granted_credits: toDecimalString(r.granted_credits), target_ongoing_balance: decOrNull(r.target_ongoing_balance),
    started_at: time(r.started_at), created_at: time(r.created_at), expiration_at: time(r.expiration_at),
    invoice_requires_successful_payment: r.invoice_requires_successful_payment, ignore_paid_top_up_limits: r.ignore_paid_top_up_limits,
    transaction_name: r.transaction_name, transaction_metadata: r.transaction_metadata.map((kv) => ({ ...kv })),
    grants_target_top_up: r.grants_target_top_up,
    applied_invoice_custom_sections: [], payment_method: PAYMENT_METHOD(), purchase_order_number: null,
  };
}

/** What a wallet's objects show beside its own fields: the billing entity it belongs to. */
export interface WalletJsonContext {
  readonly billing_entity_code: string;
}

const DEFAULT_CONTEXT: WalletJsonContext = { billing_entity_code: "default" };
const PAYMENT_METHOD = (): Json => ({ payment_method_type: "provider", payment_method_id: null });

/**
 * `{wallet}` of `fetch_wallet` / `create_wallet` (objects.md §4; `metadata` absent when none). Its
 * rules are the active ones — at `now` when given, so that a rule past its `expiration_at` is not
 * listed (invoice.md §11.6; the reference's serializer shows only the currently active rules).
 */
export function walletJson(w: Wallet, ctx: WalletJsonContext = DEFAULT_CONTEXT, now?: Instant): Json {
  return {
    svc_id: w.svc_id, svc_customer_id: w.svc_customer_id, external_customer_id: w.external_customer_id,
    status: w.status, currency: w.currency, rate_amount: toDecimalString(w.rate_amount), name: w.name, code: w.code, priority: w.priority,
    credits_balance: toDecimalString(w.credits_balance), balance_cents: Number(w.balance_cents),
    consumed_credits: toDecimalString(w.consumed_credits), consumed_amount_cents: Number(w.consumed_amount_cents),
    ongoing_balance_cents: Number(w.ongoing_balance_cents), ongoing_usage_balance_cents: Number(w.ongoing_usage_balance_cents),
    credits_ongoing_balance: toDecimalString(w.credits_ongoing_balance), credits_ongoing_usage_balance: toDecimalString(w.credits_ongoing_usage_balance),
    invoice_requires_successful_payment: w.invoice_requires_successful_payment, expiration_at: time(w.expiration_at),
    created_at: time(w.created_at), terminated_at: time(w.terminated_at),
    last_balance_sync_at: time(w.last_balance_sync_at), last_consumed_credit_at: time(w.last_consumed_credit_at),
    applies_to: { fee_types: [...w.allowed_fee_types], billable_metric_codes: [...w.billable_metric_codes] },
    paid_top_up_min_amount_cents: num(w.paid_top_up_min_amount_cents), paid_top_up_max_amount_cents: num(w.paid_top_up_max_amount_cents),
    metadata: w.metadata === null ? undefined : { ...w.metadata },
    recurring_transaction_rules: w.recurring_transaction_rules.filter((r) => (now === undefined ? r.status === "active" : ruleIsActive(r, now))).map(ruleJson),
    applied_invoice_custom_sections: [],
    payment_method: PAYMENT_METHOD(),
    billing_entity_code: ctx.billing_entity_code,
    purchase_order_number: null,
  };
}

/** One entry of `wallet_transactions`; `remaining_credit_amount = remaining / S / rate`. */
export function walletTransactionJson(t: WalletTransaction, w: Wallet, ctx: WalletJsonContext = DEFAULT_CONTEXT): Json {
  return {
    svc_id: t.svc_id, svc_wallet_id: t.svc_wallet_id, status: t.status, source: t.source,
    transaction_status: t.transaction_status, transaction_type: t.transaction_type,
    amount: toDecimalString(t.amount), credit_amount: toDecimalString(t.credit_amount),
    remaining_amount_cents: num(t.remaining_amount_cents),
    remaining_credit_amount: t.remaining_amount_cents === null ? null : toDecimalString(creditsOfCents(t.remaining_amount_cents, w.rate_amount, w.currency)),
    name: t.name, svc_voided_invoice_id: t.svc_voided_invoice_id,
    invoice_requires_successful_payment: t.invoice_requires_successful_payment, metadata: t.metadata.map((kv) => ({ ...kv })),
    created_at: formatInstant(t.created_at), settled_at: time(t.settled_at), failed_at: time(t.failed_at),
    priority: t.priority, svc_invoice_id: t.svc_invoice_id, svc_credit_note_id: t.svc_credit_note_id,
    applied_invoice_custom_sections: [], payment_method: PAYMENT_METHOD(), billing_entity_code: ctx.billing_entity_code, purchase_order_number: null,
  };
}
