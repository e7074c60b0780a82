/**
 * `update_wallet` (invoice.md §11.1) and `terminate_wallet`: the fields a caller may change
 * on an active wallet, checked as at creation; absent fields keep their value.
 */
import type { Instant } from "../../core/instant.js";
import { type Issue, type Result, fail, issue, ok } from "../../core/issue.js";
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
import { DEFAULT_WALLET_PRIORITY, type Wallet } from "./walletTypes.js";

export interface UpdateWalletContext {
  readonly at: Instant;
  readonly metric_codes: ReadonlySet<string>;
  /** The customer's other wallets (for the uniqueness of a new `code`). */
  readonly customer_wallets: readonly Wallet[];
}

/**
 * The updated wallet, or every refusal: `wallet_id: wallet_is_terminated`, `expiration_at:
 * invalid_date`, `priority` / limits `value_is_out_of_range`, `applies_to:
 * invalid_limitations`, rules as at creation, `code: value_already_exist`. Sent
 * `recurring_transaction_rules` replace the wallet's rules.
 */
export function parseUpdateWallet(body: unknown, wallet: Wallet, ctx: UpdateWalletContext): Result<Wallet> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fail([issue("invalid_value", [])]);
  const b = body as Readonly<Record<string, unknown>>;
  const issues: Issue[] = [];
  if (wallet.status !== "active") issues.push(issue("wallet_is_terminated", ["wallet_id"]));
  const name = textField(b, "name", issues);
  const code = textField(b, "code", issues);
  if (code !== null && code !== wallet.code && ctx.customer_wallets.some((w) => w.svc_id !== wallet.svc_id && w.status === "active" && w.code === code))
    issues.push(issue("value_already_exist", ["code"]));
  const expiration = expirationField(b, ctx.at, issues);
  // The wallet model's own range check (value_is_invalid, the reference's code for it).
  const priority = intField(b, "priority", 1, DEFAULT_WALLET_PRIORITY, issues, "value_is_invalid");
  const lo = intField(b, "paid_top_up_min_amount_cents", 1, Number.MAX_SAFE_INTEGER, issues);
  const hi = intField(b, "paid_top_up_max_amount_cents", 1, Number.MAX_SAFE_INTEGER, issues);
  const newLo = has(b, "paid_top_up_min_amount_cents") ? (lo === null ? null : BigInt(lo)) : wallet.paid_top_up_min_amount_cents;
  const newHi = has(b, "paid_top_up_max_amount_cents") ? (hi === null ? null : BigInt(hi)) : wallet.paid_top_up_max_amount_cents;
  if (newLo !== null && newHi !== null && newHi < newLo) issues.push(issue("must_be_greater_than_or_equal_min", ["paid_top_up_max_amount_cents"]));
  const limits = limitationsField(b, ctx.metric_codes, issues, "update");
  const irsp = boolField(b, "invoice_requires_successful_payment", issues);
  const rules = rulesField(b, wallet.svc_id, ctx.at, issues, {
    paid_credits: creditsField(b, "paid_credits", "invalid_recurring_rule", []), granted_credits: creditsField(b, "granted_credits", "invalid_recurring_rule", []),
    invoice_requires_successful_payment: irsp ?? wallet.invoice_requires_successful_payment,
  }, wallet.recurring_transaction_rules);
  const metadata = b["metadata"];
  const [first, ...rest] = issues;
  if (first !== undefined) return fail([first, ...rest]);
  const updated: Wallet = {
    ...wallet,
    name: has(b, "name") ? name : wallet.name,
    code: code ?? wallet.code,
    expiration_at: has(b, "expiration_at") ? expiration : wallet.expiration_at,
    priority: priority ?? wallet.priority,
    paid_top_up_min_amount_cents: newLo,
    paid_top_up_max_amount_cents: newHi,
    allowed_fee_types: limits?.fee_types ?? wallet.allowed_fee_types,
    billable_metric_codes: limits?.metric_codes ?? wallet.billable_metric_codes,
    recurring_transaction_rules: rules ?? wallet.recurring_transaction_rules,
    invoice_requires_successful_payment: irsp ?? wallet.invoice_requires_successful_payment,
    transaction_metadata: has(b, "transaction_metadata") ? keyValuesField(b, "transaction_metadata", []) : wallet.transaction_metadata,
    metadata: typeof metadata === "object" && metadata !== null && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : wallet.metadata,
  };
  // The wallet's rules within its limits as they now are (new limits check the kept rules too).
  rulesWithinLimits(updated, issues);
  return issues.length > 0 ? fail([issues[0]!]) : ok(updated);
}

function has(b: Readonly<Record<string, unknown>>, k: string): boolean {
  return Object.hasOwn(b, k);
}

/** `terminate_wallet`: an active wallet becomes `terminated` at `at` (its rules too); a terminated one is returned as is. */
export function terminateWallet(wallet: Wallet, at: Instant): Wallet {
  if (wallet.status !== "active") return wallet;
  return {
    ...wallet,
    status: "terminated",
    terminated_at: at,
    recurring_transaction_rules: wallet.recurring_transaction_rules.map((r) => ({ ...r, status: "terminated" as const })),
  };
}
