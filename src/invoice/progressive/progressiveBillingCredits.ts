/**
 * Progressive-billing credits on the next invoice (invoice.md §3): what was already
 * billed by the period's progressive-billing invoice is credited before tax, capped at the
 * charge fees it offsets, and spread on those fees' `precise_coupons_amount_cents`.
 */
import type { CurrencyCode } from "../../core/currency.js";
import { dec, min } from "../../core/decimal.js";
import { stableId } from "../../core/ids.js";
import type { InvoiceCredit, InvoiceFee } from "../types.js";

/** The latest progressive-billing invoice of a subscription (`latestProgressiveInvoice`), with its money. */
export interface ProgressiveCreditSource {
  readonly svc_id: string;
  /** Its number: the credit row's item code and name. */
  readonly number: string;
  readonly fees_amount_cents: bigint;
  readonly coupons_amount_cents: bigint;
  /** Σ credits already taken from it by other invoices that are not voided, closed or deleted. */
  readonly credits_taken_amount_cents: bigint;
  /** Σ `credit_amount_cents` of its credit notes whose credit status is available or consumed. */
  readonly credit_notes_amount_cents: bigint;
  /** Its fees (the charge fees are the ones offset and spread). */
  readonly fees: readonly InvoiceFee[];
}

export interface ProgressiveBillingCreditsInput {
  /** This invoice's id (for the credit rows' ids). */
  readonly invoice_id: string;
  readonly currency: CurrencyCode;
  /** This invoice's fees, in fee order. */
  readonly fees: readonly InvoiceFee[];
  /** Per subscription on the invoice: the progressive invoice to credit, if any. */
  readonly subscriptions: readonly { readonly subscription_id: string; readonly latest: ProgressiveCreditSource | null | undefined }[];
  /**
   * Which fee of this invoice a progressive fee lands on: same charge, charge filter and
   * `grouped_by` (§3). Default: `svc_charge_id` (enough for charges without filters or groups).
   */
  readonly fee_key?: ((fee: InvoiceFee) => string) | undefined;
}

/** An amount the progressive invoice must give back by an automatic credit note (§3, §10.6). */
export interface ProgressiveExcess {
  readonly progressive_invoice_id: string;
  readonly amount_cents: bigint;
}

export interface ProgressiveBillingCredits {
  /** This invoice's fees, same order, with the progressive shares added to `precise_coupons_amount_cents`. */
  readonly fees: InvoiceFee[];
  /** One `invoice` credit row per credited progressive invoice (before taxes). */
  readonly credits: InvoiceCredit[];
  readonly progressive_billing_credit_amount_cents: bigint;
  readonly excess: ProgressiveExcess[];
}

const defaultKey = (f: InvoiceFee): string => f.svc_charge_id ?? "";
const isCharge = (f: InvoiceFee, sub: string): boolean => f.fee_type === "charge" && f.svc_subscription_id === sub;

/**
 * §3 per subscription: `to_credit = max(fees − coupons − taken − credit notes, 0)`, capped at
 * Σ this invoice's charge fees (of that subscription) whose charge the progressive invoice
 * billed; any excess is returned for an automatic credit note. A positive credit adds a
 * credit row and spreads each progressive charge fee's full `amount_cents` (not
 * `to_credit`) on the matching fee, capped at that fee's `amount_cents`.
 * @example Example B (§18): progressive fee bm3 10500, this invoice's bm3 fee 14000 → credit 10500, bm3 precise_coupons 10500.
 */
export function progressiveBillingCredits(input: ProgressiveBillingCreditsInput): ProgressiveBillingCredits {
  const key = input.fee_key ?? defaultKey;
  const fees = [...input.fees];
  const credits: InvoiceCredit[] = [];
  const excess: ProgressiveExcess[] = [];
  let total = 0n;
  for (const { subscription_id: sub, latest } of input.subscriptions) {
    if (latest === null || latest === undefined) continue;
    let toCredit = latest.fees_amount_cents - latest.coupons_amount_cents - latest.credits_taken_amount_cents - latest.credit_notes_amount_cents;
    if (toCredit < 0n) toCredit = 0n;
    const sourceFees = latest.fees.filter((f) => f.fee_type === "charge");
    const charges = new Set(sourceFees.map((f) => f.svc_charge_id));
    const cap = fees.filter((f) => isCharge(f, sub) && charges.has(f.svc_charge_id)).reduce((a, f) => a + f.amount_cents, 0n);
    if (toCredit > cap) {
      excess.push({ progressive_invoice_id: latest.svc_id, amount_cents: toCredit - cap });
      toCredit = cap;
    }
    if (toCredit <= 0n) continue;
    credits.push(creditRow(input, latest, toCredit));
    total += toCredit;
    for (const pf of sourceFees) {
      const i = fees.findIndex((f) => isCharge(f, sub) && key(f) === key(pf));
      const target = fees[i];
      if (target === undefined) continue;
      const share = min(target.precise_coupons_amount_cents.plus(dec(pf.amount_cents)), dec(target.amount_cents));
      fees[i] = Object.assign({}, target, { precise_coupons_amount_cents: share });
    }
  }
  return { fees, credits, progressive_billing_credit_amount_cents: total, excess };
}

function creditRow(input: ProgressiveBillingCreditsInput, latest: ProgressiveCreditSource, amount: bigint): InvoiceCredit {
  return {
    svc_id: stableId("credit", input.invoice_id, "progressive_billing", latest.svc_id),
    amount_cents: amount,
    amount_currency: input.currency,
    before_taxes: true,
    item: { svc_item_id: latest.svc_id, type: "invoice", code: latest.number, name: latest.number, description: null },
  };
}
