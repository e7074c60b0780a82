/**
 * `create_wallet_transaction` (invoice.md §11.3): the body's checks, then the top-up.
 */
import type { Instant } from "../../core/instant.js";
import { type Issue, type Result, fail, issue } from "../../core/issue.js";
import { boolField, creditsField, intField, keyValuesField, textField } from "./walletParseCommon.js";
import { type WalletTopUpResult, walletTopUp } from "./walletTopUp.js";
import { DEFAULT_WALLET_PRIORITY, type WalletAccount } from "./walletTypes.js";

/**
 * The transactions of the call, or every refusal: `wallet_id: wallet_not_found` (no
 * account) or `wallet_is_terminated`; `paid_credits: invalid_paid_credits + invalid_amount`
 * (same for granted and voided); `priority: value_is_out_of_range`; `voided_transaction_id:
 * wallet_not_traceable | wallet_transaction_not_found | no_remaining_amount`; then the top-up's own.
 */
export function parseCreateWalletTransaction(body: unknown, account: WalletAccount | null, at: Instant): Result<WalletTopUpResult> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fail([issue("invalid_value", [])]);
  const b = body as Readonly<Record<string, unknown>>;
  const issues: Issue[] = [];
  if (account === null) issues.push(issue("wallet_not_found", ["wallet_id"]));
  else if (account.wallet.status !== "active") issues.push(issue("wallet_is_terminated", ["wallet_id"]));
  const paid = creditsField(b, "paid_credits", "invalid_paid_credits", issues);
  const granted = creditsField(b, "granted_credits", "invalid_granted_credits", issues);
  const voided = creditsField(b, "voided_credits", "invalid_voided_credits", issues);
  const priority = intField(b, "priority", 1, DEFAULT_WALLET_PRIORITY, issues);
  const name = textField(b, "name", issues);
  // A transaction's name: at most 255 characters (the reference's limit).
  if (name !== null && name.length > 255) issues.push(issue("too_long", ["name"]));
  // At most 15 metadata pairs on a transaction (the reference's limit; 5 elsewhere).
  const metadata = keyValuesField(b, "metadata", issues, 15);
  const irsp = boolField(b, "invoice_requires_successful_payment", issues);
  const ignoreLimits = boolField(b, "ignore_paid_top_up_limits", issues) ?? false;
  const reset = boolField(b, "reset_consumed_credits", issues) ?? false;
  // A void of one grant (the reference's targeted void): a traceable wallet's inbound transaction
  // with something left; a blank id is a void of the pool.
  const target = b["voided_transaction_id"];
  const named = typeof target === "string" && target.trim() !== "" ? target : undefined;
  if (target != null && typeof target !== "string") issues.push(issue("invalid_value", ["voided_transaction_id"]));
  else if (named !== undefined && account !== null && account.wallet.status === "active") {
    const t = account.transactions.find((x) => x.svc_id === named && x.transaction_type === "inbound");
    if (!account.wallet.traceable) issues.push(issue("wallet_not_traceable", ["voided_transaction_id"]));
    else if (t === undefined) issues.push(issue("wallet_transaction_not_found", ["voided_transaction_id"]));
    else if ((t.remaining_amount_cents ?? 0n) <= 0n) issues.push(issue("no_remaining_amount", ["voided_transaction_id"]));
  }
  const [first, ...rest] = issues;
  if (first !== undefined || account === null) return fail(first === undefined ? [issue("wallet_not_found", ["wallet_id"])] : [first, ...rest]);
  return walletTopUp(
    account,
    {
      paid_credits: paid,
      granted_credits: granted,
      voided_credits: voided,
      source: "manual",
      priority: priority ?? DEFAULT_WALLET_PRIORITY,
      name: name === "" ? null : name,
      metadata,
      invoice_requires_successful_payment: irsp,
      ignore_paid_top_up_limits: ignoreLimits,
      reset_consumed_credits: reset,
      ...(named === undefined ? {} : { voided_transaction_id: named }),
    },
    at,
  );
}
