/**
 * `create_wallet` (invoice.md §11.1, §11.3): checks the body, builds the wallet, then
 * runs its initial top-ups (`paid_credits`, `granted_credits`) as one
 * `create_wallet_transaction` call of source `manual`.
 */
import { type CurrencyCode, isCurrencyCode } from "../../core/currency.js";
import { ZERO, parseDecimal } from "../../core/decimal.js";
import { stableId } from "../../core/ids.js";
import type { Instant } from "../../core/instant.js";
import { type Issue, type Result, fail, issue } from "../../core/issue.js";
import {
  boolField,
  creditsField,
  expirationField,
  intField,
  keyValuesField,
  limitationsField,
  rulesField,
  rulesWithinLimits,
  textField,
} from "./walletParseCommon.js";
import { type WalletTopUpResult, walletTopUp } from "./walletTopUp.js";
import { DEFAULT_WALLET_PRIORITY, type Wallet } from "./walletTypes.js";

export interface CreateWalletContext {
  /** The step's instant. */
  readonly at: Instant;
  /** The customer named by `external_customer_id`, or null when there is none. */
  readonly customer: { readonly svc_id: string; readonly external_id: string; readonly currency: CurrencyCode | null } | null;
  /** The customer's wallets so far (codes must be unique among its active ones). */
  readonly customer_wallets: readonly Wallet[];
  /** How many wallets the simulation created before this one (the id's seed). */
  readonly wallet_index: number;
  /** The catalog's billable-metric codes (for `applies_to.billable_metric_codes`). */
  readonly metric_codes: ReadonlySet<string>;
}

/**
 * The new wallet and its initial transactions, or every refusal: `customer:
 * customer_not_found`, `rate_amount` missing or bad, `currency` bad or missing (without one, the
 * customer's currency is the wallet's), `currency:
 * currencies_does_not_match` (another currency than the customer's), `paid_credits:
 * invalid_paid_credits + invalid_amount` (same for granted), `expiration_at: invalid_date`
 * (not in the future), `priority` / paid top-up limits `value_is_out_of_range`,
 * `applies_to: invalid_limitations`, `recurring_transaction_rules:
 * invalid_number_of_recurring_rules | invalid_recurring_rule`, `code: value_already_exist`,
 * and the top-up's own refusals (limits, amounts rounding to 0).
 */
export function parseCreateWallet(body: unknown, ctx: CreateWalletContext): Result<WalletTopUpResult> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fail([issue("invalid_value", [])]);
  const b = body as Readonly<Record<string, unknown>>;
  const issues: Issue[] = [];
  if (ctx.customer === null) issues.push(issue("customer_not_found", ["customer"]));
  // At most six active wallets per customer (the reference's default limit).
  else if (ctx.customer_wallets.filter((w) => w.status === "active").length >= MAXIMUM_WALLETS_PER_CUSTOMER) issues.push(issue("wallet_limit_reached", ["customer"]));
  const rate = parseDecimal(b["rate_amount"]);
  if (b["rate_amount"] === undefined || b["rate_amount"] === null) issues.push(issue("value_is_mandatory", ["rate_amount"]));
  else if (rate === undefined) issues.push(issue("invalid_value", ["rate_amount"]));
  else if (rate.lte(ZERO)) issues.push(issue("value_is_out_of_range", ["rate_amount"]));
  // Without one, the customer's currency (the reference's wallet creation); mandatory when neither is known.
  const currency = b["currency"] ?? ctx.customer?.currency ?? null;
  if (currency === null) issues.push(issue("value_is_mandatory", ["currency"]));
  else if (!isCurrencyCode(currency)) issues.push(issue("invalid_currency", ["currency"]));
  else if (ctx.customer?.currency != null && ctx.customer.currency !== currency) issues.push(issue("currencies_does_not_match", ["currency"]));
  const paid = creditsField(b, "paid_credits", "invalid_paid_credits", issues);
  const granted = creditsField(b, "granted_credits", "invalid_granted_credits", issues);
  const expiration = expirationField(b, ctx.at, issues);
  // The wallet model's own range check (value_is_invalid, the reference's code for it).
  const priority = intField(b, "priority", 1, DEFAULT_WALLET_PRIORITY, issues, "value_is_invalid");
  // The initial transactions' own priority (invoice.md §11.3), not the wallet's.
  const transactionPriority = intField(b, "transaction_priority", 1, DEFAULT_WALLET_PRIORITY, issues);
  const lo = intField(b, "paid_top_up_min_amount_cents", 1, Number.MAX_SAFE_INTEGER, issues);
  const hi = intField(b, "paid_top_up_max_amount_cents", 1, Number.MAX_SAFE_INTEGER, issues);
  if (lo !== null && hi !== null && hi < lo) issues.push(issue("must_be_greater_than_or_equal_min", ["paid_top_up_max_amount_cents"]));
  const limits = limitationsField(b, ctx.metric_codes, issues);
  const svcId = stableId("wallet", ctx.wallet_index);
  const irsp = boolField(b, "invoice_requires_successful_payment", issues) ?? false;
  const rules = rulesField(b, svcId, ctx.at, issues, { paid_credits: paid, granted_credits: granted, invoice_requires_successful_payment: irsp });
  const name = textField(b, "name", issues);
  const code = walletCode(textField(b, "code", issues), name, ctx.customer_wallets, ctx.at, issues);
  // Not traceable by default while the customer has an active wallet that is not (the reference's default).
  const traceable = boolField(b, "traceable", issues) ?? !ctx.customer_wallets.some((w) => w.status === "active" && !w.traceable);
  // The initial purchase may ignore the wallet's paid top-up limits (invoice.md §11.3).
  const ignoreLimits = boolField(b, "ignore_paid_top_up_limits_on_creation", issues) ?? false;
  const txName = textField(b, "transaction_name", issues);
  // A fault of the purchase's metadata is named `metadata`, as the reference's wallet check names it.
  const txMeta = keyValuesField(b, "transaction_metadata", issues, 5, "metadata");
  const metadata = b["metadata"];
  const checked = issues.length;
  const [first, ...rest] = issues;
  if (first !== undefined) return fail([first, ...rest]);
  if (rate === undefined || !isCurrencyCode(currency) || ctx.customer === null) return fail([issue("invalid_value", [])]);

  const wallet: Wallet = {
    svc_id: svcId,
    svc_customer_id: ctx.customer.svc_id,
    external_customer_id: ctx.customer.external_id,
    name,
    code,
    status: "active",
    currency,
    rate_amount: rate,
    priority: priority ?? DEFAULT_WALLET_PRIORITY,
    allowed_fee_types: limits?.fee_types ?? [],
    billable_metric_codes: limits?.metric_codes ?? [],
    paid_top_up_min_amount_cents: lo === null ? null : BigInt(lo),
    paid_top_up_max_amount_cents: hi === null ? null : BigInt(hi),
    invoice_requires_successful_payment: irsp,
    expiration_at: expiration,
    traceable,
    balance_cents: 0n,
    credits_balance: ZERO,
    consumed_credits: ZERO,
    consumed_amount_cents: 0n,
    ongoing_balance_cents: 0n,
    ongoing_usage_balance_cents: 0n,
    credits_ongoing_balance: ZERO,
    credits_ongoing_usage_balance: ZERO,
    depleted_ongoing_balance: false,
    created_at: ctx.at,
    terminated_at: null,
    last_balance_sync_at: null,
    last_consumed_credit_at: null,
    recurring_transaction_rules: rules ?? [],
    transaction_name: txName,
    transaction_metadata: txMeta,
    metadata: typeof metadata === "object" && metadata !== null && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : null,
  };
  rulesWithinLimits(wallet, issues);
  if (issues.length > checked) return fail([issues[checked]!]);
  return walletTopUp(
    { wallet, transactions: [] },
    {
      paid_credits: paid, granted_credits: granted, voided_credits: null, source: "manual", name: txName, metadata: txMeta,
      priority: transactionPriority ?? DEFAULT_WALLET_PRIORITY, ignore_paid_top_up_limits: ignoreLimits,
    },
    ctx.at,
  );
}

/** Active wallets a customer may have (the reference's default). */
export const MAXIMUM_WALLETS_PER_CUSTOMER = 6;

/**
 * The code sent, which must not be the code of another active wallet of the customer; or
 * one made from the name (lower case, runs of other characters → `_`; `default` without
 * a name), suffixed `_<Unix seconds of the call>` when an active wallet has it (the reference's rule).
 */
function walletCode(sent: string | null, name: string | null, wallets: readonly Wallet[], at: Instant, issues: Issue[]): string {
  const taken = new Set(wallets.filter((w) => w.status === "active").map((w) => w.code));
  if (sent !== null && sent !== "") {
    if (taken.has(sent)) issues.push(issue("value_already_exist", ["code"]));
    return sent;
  }
  const base = (name ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "default";
  return taken.has(base) ? `${base}_${Math.floor(at / 1000)}` : base;
}
