/**
 * The customer's credit notes applied to a new invoice, after taxes (invoice.md §8).
 */
import { type Decimal, dec, min } from "../../core/decimal.js";
import type { CurrencyCode } from "../../core/currency.js";
import { dec16, fdiv } from "../../core/float.js";
import { stableId } from "../../core/ids.js";
import { q5 } from "../wallet/walletCredit.js";
import type { CreditNote } from "./creditNoteTypes.js";
import { feeTaxAmounts } from "../tax/feeTaxAmounts.js";
import type { InvoiceCredit, InvoiceFee, InvoiceType } from "../types.js";

export interface CreditNoteCreditsInput {
  readonly invoice: {
    readonly svc_id: string;
    readonly currency: CurrencyCode;
    readonly invoice_type: InvoiceType;
    /** After taxes, before wallets. */
    readonly total_amount_cents: bigint;
    /** With their final before-tax credits (`precise_coupons_amount_cents`). */
    readonly fees: readonly InvoiceFee[];
  };
  /** The customer's credit notes (any status, any invoice); only the applicable ones are used. */
  readonly credit_notes: readonly CreditNote[];
}

export interface CreditNoteCredits {
  /** One `credit_note` row per note used, oldest note first. */
  readonly credits: readonly InvoiceCredit[];
  /** The invoice's fees with their `precise_credit_notes_amount_cents` share. */
  readonly fees: readonly InvoiceFee[];
  /** Every input note, those used with their new balance (and `consumed` at 0). */
  readonly credit_notes: readonly CreditNote[];
  readonly credit_notes_amount_cents: bigint;
  /** `total_amount_cents − credit_notes_amount_cents`. */
  readonly total_amount_cents: bigint;
}

/** Invoice types that receive credit-note credits (§8). */
const RECEIVING: ReadonlySet<InvoiceType> = new Set(["subscription", "progressive_billing"]);

/** Available: finalized, `available`, positive balance, same currency, issued on another invoice. */
function applicable(cn: CreditNote, invoice: CreditNoteCreditsInput["invoice"]): boolean {
  return cn.status === "finalized" && cn.credit_status === "available" && cn.balance_amount_cents > 0n &&
    cn.currency === invoice.currency && cn.svc_invoice_id !== invoice.svc_id;
}

/**
 * Oldest note first (creation time, then input order): `c = min(balance, remaining)`; each fee's
 * share grows by `double(c × (after_tax − share)) / remaining` (q5, capped at `after_tax`), with
 * `after_tax = amount − precise coupons + the fee's rounded tax`. Call once per invoice, when finalizing.
 * @example total 12289, one note of 2000 → credit 2000, total 10289, note consumed.
 */
export function applyCreditNoteCredits(input: CreditNoteCreditsInput): CreditNoteCredits {
  const { invoice } = input;
  const afterTax = invoice.fees.map((f) => dec(f.amount_cents).minus(f.precise_coupons_amount_cents).plus(dec(feeTaxAmounts(f).taxes_amount_cents)));
  const shares: Decimal[] = invoice.fees.map((f) => f.precise_credit_notes_amount_cents);
  const updated = new Map<string, CreditNote>();
  const credits: InvoiceCredit[] = [];
  let remaining = invoice.total_amount_cents;
  const order = RECEIVING.has(invoice.invoice_type)
    ? input.credit_notes.map((cn, i) => ({ cn, i })).filter(({ cn }) => applicable(cn, invoice))
      .sort((a, b) => a.cn.created_at - b.cn.created_at || a.i - b.i).map(({ cn }) => cn)
    : [];
  for (const cn of order) {
    if (remaining <= 0n) break;
    const c = cn.balance_amount_cents < remaining ? cn.balance_amount_cents : remaining;
    credits.push({
      svc_id: stableId("credit", invoice.svc_id, "credit_note", cn.svc_id),
      amount_cents: c,
      amount_currency: invoice.currency,
      before_taxes: false,
      item: { svc_item_id: cn.svc_id, type: "credit_note", code: cn.number, name: cn.invoice_number, description: cn.description },
    });
    afterTax.forEach((cap, k) => {
      const prev = shares[k] ?? cap;
      shares[k] = min(q5(prev.plus(dec16(fdiv(dec(c).times(cap.minus(prev)), dec(remaining))))), cap);
    });
    const balance = cn.balance_amount_cents - c;
    updated.set(cn.svc_id, { ...cn, balance_amount_cents: balance, credit_status: balance === 0n ? "consumed" : cn.credit_status });
    remaining -= c;
  }
  const used = invoice.total_amount_cents - remaining;
  return {
    credits,
    fees: invoice.fees.map((f, k) => (Object.assign({}, f, { precise_credit_notes_amount_cents: shares[k] ?? f.precise_credit_notes_amount_cents }))),
    credit_notes: input.credit_notes.map((cn) => updated.get(cn.svc_id) ?? cn),
    credit_notes_amount_cents: used,
    total_amount_cents: remaining,
  };
}
