/**
 * An invoice composed from its fees (invoice.md §1.1), as an explicit, ordered pipeline of pure
 * steps: (a) progressive-billing credits, (b) coupons, (c) taxes and the totals before
 * credits, (d) the customer's credit notes, (e) prepaid credits of its wallets. Each step
 * takes the lines as the previous one left them and says what it consumed; nothing outside is
 * changed — the caller (the simulator) stores what was consumed (coupons used up, credit notes
 * drawn on, wallet transactions) and issues the credit notes of a progressive excess.
 */
import type { Instant } from "../core/instant.js";
import type { CurrencyCode } from "../core/currency.js";
import { applyCoupons } from "./coupon/coupons.js";
import type { AppliedCoupon } from "./coupon/couponTypes.js";
import { previewCoupons } from "./coupon/couponPreview.js";
import { applyCreditNoteCredits } from "./creditNote/creditNoteCredits.js";
import type { CreditNote } from "./creditNote/creditNoteTypes.js";
import { type ProgressiveCreditSource, type ProgressiveExcess, progressiveBillingCredits } from "./progressive/progressiveBillingCredits.js";
import { type FeeTaxAmounts, feeTaxAmounts, invoiceTaxAmounts } from "./tax/feeTaxAmounts.js";
import type { InvoiceTaxAmounts } from "./tax/taxes.js";
import type { InvoiceCredit, InvoiceFee, InvoiceTotals, InvoiceType } from "./types.js";
import { applyPrepaidCredits } from "./wallet/walletPrepaidCredits.js";
import type { WalletAccount, WalletTransaction } from "./wallet/walletTypes.js";

/** A line of the invoice: its fee and that fee's taxes (§5.2); the caller's own fields ride along. */
export interface ComposableLine {
  readonly fee: InvoiceFee;
  readonly taxes: FeeTaxAmounts;
}

export interface ComposeInput<L extends ComposableLine> {
  readonly invoice: { readonly svc_id: string; readonly currency: CurrencyCode; readonly invoice_type: InvoiceType };
  /** The invoice's fees, in fee order. */
  readonly lines: readonly L[];
  readonly at: Instant;
  /** (a) Per subscription on the invoice, the progressive invoice to credit (null: the step is skipped — drafts of previews). */
  readonly progressive: {
    readonly subscriptions: readonly { readonly subscription_id: string; readonly latest: ProgressiveCreditSource | null }[];
    /** Which fee a progressive fee lands on (§3). */
    readonly fee_key: (fee: InvoiceFee) => string;
  } | null;
  /** (b) `apply`: the customer's coupons are used (and consumed); `preview`: §4.4's preview coupons, nothing consumed; `none`. */
  readonly coupons:
    | { readonly mode: "apply"; readonly applied_coupons: readonly AppliedCoupon[] }
    | { readonly mode: "preview"; readonly applied_coupons: readonly AppliedCoupon[]; readonly first_plan_code: string | null }
    | { readonly mode: "none" };
  /** (d) The customer's credit notes (null: the step is skipped). */
  readonly credit_notes: readonly CreditNote[] | null;
  /** (e) The customer's wallets, and the wallet an event of a line targeted (null: the step is skipped). */
  readonly wallets: { readonly accounts: readonly WalletAccount[]; readonly target_wallet_code: (line: L) => string | null } | null;
}

export interface ComposedInvoice<L extends ComposableLine> {
  readonly lines: readonly L[];
  readonly credits: readonly InvoiceCredit[];
  readonly totals: InvoiceTotals;
  readonly taxes: InvoiceTaxAmounts;
  /** Traceable wallets: the granted and purchased parts of the prepaid credits (null otherwise). */
  readonly prepaid: { readonly granted: bigint | null; readonly purchased: bigint | null };
  /** What the steps consumed, for the caller to store. */
  readonly consumed: {
    /** (a) What a progressive invoice credited beyond the fees it offsets (§3: an automatic credit note once final). */
    readonly progressive_excess: readonly ProgressiveExcess[];
    /** (b) The customer's applied coupons after this invoice (`apply` only). */
    readonly applied_coupons: readonly AppliedCoupon[] | null;
    /** (d) The credit notes drawn on, updated. */
    readonly credit_notes: readonly CreditNote[];
    /** (e) The wallets drawn on and their new transactions (null: no prepaid credits). */
    readonly wallets: { readonly accounts: readonly WalletAccount[]; readonly transactions: readonly WalletTransaction[] } | null;
  };
}

/** §1.1's totals from the lines as they are (before-tax credits already spread on them). */
export function invoiceTotals(
  fees: readonly InvoiceFee[], before: { readonly progressive: bigint; readonly coupons: bigint }, after: { readonly credit_notes: bigint; readonly prepaid: bigint },
): { totals: InvoiceTotals; taxes: InvoiceTaxAmounts } {
  const feesAmount = fees.reduce((a, f) => a + f.amount_cents, 0n);
  const subtotal = feesAmount - before.progressive - before.coupons;
  const taxes = invoiceTaxAmounts(fees, subtotal);
  const including = subtotal + taxes.taxes_amount_cents;
  return {
    taxes,
    totals: {
      fees_amount_cents: feesAmount,
      progressive_billing_credit_amount_cents: before.progressive,
      coupons_amount_cents: before.coupons,
      sub_total_excluding_taxes_amount_cents: subtotal,
      taxes_amount_cents: taxes.taxes_amount_cents,
      sub_total_including_taxes_amount_cents: including,
      credit_notes_amount_cents: after.credit_notes,
      prepaid_credit_amount_cents: after.prepaid,
      total_amount_cents: including - after.credit_notes - after.prepaid,
    },
  };
}

const retaxed = <L extends ComposableLine>(l: L, fee: InvoiceFee): L => (Object.assign({}, l, { fee, taxes: feeTaxAmounts(fee) }));

/** The invoice after (a) and (b): its lines with their before-tax credits, and what those steps consumed. */
export interface BeforeTaxes<L extends ComposableLine> {
  readonly lines: readonly L[];
  readonly credits: readonly InvoiceCredit[];
  readonly progressive: bigint;
  readonly coupons: bigint;
  readonly progressive_excess: readonly ProgressiveExcess[];
  readonly applied_coupons: readonly AppliedCoupon[] | null;
}

/**
 * Steps (a) and (b). A progressive excess becomes an automatic credit note before (d) reads the
 * customer's notes (§3, §10.6): the caller issues it between the two halves.
 */
export function creditBeforeTaxes<L extends ComposableLine>(input: Omit<ComposeInput<L>, "credit_notes" | "wallets">): BeforeTaxes<L> {
  const { invoice } = input;
  let lines = input.lines;
  const fees = (): InvoiceFee[] => lines.map((l) => l.fee);
  const feesAmount = lines.reduce((a, l) => a + l.fee.amount_cents, 0n);
  const credits: InvoiceCredit[] = [];
  // (a) Progressive-billing credits (§3).
  let progressive = 0n;
  let excess: readonly ProgressiveExcess[] = [];
  if (input.progressive !== null && input.progressive.subscriptions.some((x) => x.latest !== null)) {
    const r = progressiveBillingCredits({
      invoice_id: invoice.svc_id, currency: invoice.currency, fees: fees(), subscriptions: input.progressive.subscriptions, fee_key: input.progressive.fee_key,
    });
    lines = lines.map((l, i) => retaxed(l, r.fees[i]!));
    progressive = r.progressive_billing_credit_amount_cents;
    credits.push(...r.credits);
    excess = r.excess;
  }
  // (b) Coupons (§4; §4.4 in a preview).
  let coupons = 0n;
  let appliedCoupons: readonly AppliedCoupon[] | null = null;
  const c = input.coupons;
  if (c.mode === "preview" && feesAmount > 0n) {
    const r = previewCoupons({
      invoice_id: invoice.svc_id, currency: invoice.currency, fees: fees(), sub_total_excluding_taxes_amount_cents: feesAmount,
      applied_coupons: c.applied_coupons, first_plan_code: c.first_plan_code,
    });
    lines = lines.map((l, i) => retaxed(l, r.fees[i]!));
    coupons = r.coupons_amount_cents;
    credits.push(...r.credits);
  } else if (c.mode === "apply" && feesAmount > 0n && c.applied_coupons.length > 0) {
    const r = applyCoupons({
      invoice_id: invoice.svc_id, currency: invoice.currency, at: input.at, fees: fees(),
      sub_total_excluding_taxes_amount_cents: feesAmount - progressive, applied_coupons: c.applied_coupons,
    });
    lines = lines.map((l, i) => retaxed(l, r.fees[i]!));
    coupons = r.coupons_amount_cents;
    credits.push(...r.credits);
    appliedCoupons = r.applied_coupons;
  }
  return { lines, credits, progressive, coupons, progressive_excess: excess, applied_coupons: appliedCoupons };
}

/** Steps (c) taxes, (d) credit notes and (e) prepaid credits, on the invoice (a) and (b) left. */
export function creditAfterTaxes<L extends ComposableLine>(
  stage: BeforeTaxes<L>, input: Pick<ComposeInput<L>, "invoice" | "at" | "credit_notes" | "wallets">,
): ComposedInvoice<L> {
  const { invoice } = input;
  const { progressive, coupons } = stage;
  let lines = stage.lines;
  const fees = (): InvoiceFee[] => lines.map((l) => l.fee);
  // The totals of the lines and credits as they are: computed again only when a step changed them.
  let last: { readonly lines: readonly L[]; readonly after: typeof after; readonly value: ReturnType<typeof invoiceTotals> } | undefined;
  const totalsNow = (): ReturnType<typeof invoiceTotals> => {
    if (last === undefined || last.lines !== lines || last.after !== after) last = { lines, after, value: invoiceTotals(fees(), { progressive, coupons }, after) };
    return last.value;
  };
  const credits = [...stage.credits];
  // (c) Taxes; then (d) the customer's credit notes, oldest first (none: nothing to draw on, nothing changes).
  let after = { credit_notes: 0n, prepaid: 0n };
  let notes: readonly CreditNote[] = [];
  if (input.credit_notes !== null && input.credit_notes.length > 0) {
    const before = totalsNow().totals;
    const r = applyCreditNoteCredits({
      invoice: { svc_id: invoice.svc_id, currency: invoice.currency, invoice_type: invoice.invoice_type, total_amount_cents: before.total_amount_cents, fees: fees() },
      credit_notes: input.credit_notes,
    });
    if (r.credits.length > 0) {
      lines = lines.map((l, i) => (Object.assign({}, l, { fee: r.fees[i]! })));
      notes = r.credit_notes;
      credits.push(...r.credits);
      after = { credit_notes: r.credit_notes_amount_cents, prepaid: 0n };
    }
  }
  // (e) Prepaid credits of the customer's wallets, on what is left to pay.
  let prepaid: ComposedInvoice<L>["prepaid"] = { granted: null, purchased: null };
  let wallets: ComposedInvoice<L>["consumed"]["wallets"] = null;
  const w = input.wallets;
  if (w !== null && w.accounts.length > 0) {
    const total = totalsNow().totals.total_amount_cents;
    if (total > 0n) {
      const r = applyPrepaidCredits({
        svc_invoice_id: invoice.svc_id, currency: invoice.currency, total_amount_cents: total, at: input.at, accounts: w.accounts,
        fees: lines.map((l) => ({ fee: l.fee, taxes_precise_amount_cents: l.taxes.taxes_precise_amount_cents, target_wallet_code: w.target_wallet_code(l) })),
      });
      wallets = { accounts: r.accounts, transactions: r.transactions };
      after = Object.assign({}, after, { prepaid: r.prepaid_credit_amount_cents });
      prepaid = { granted: r.prepaid_granted_credit_amount_cents, purchased: r.prepaid_purchased_credit_amount_cents };
    }
  }
  const { totals, taxes } = totalsNow();
  return {
    lines, credits, totals, taxes, prepaid,
    consumed: { progressive_excess: stage.progressive_excess, applied_coupons: stage.applied_coupons, credit_notes: notes, wallets },
  };
}

/** The whole pipeline (invoice.md §1.1 (a)–(e)), when nothing is issued between its halves. */
export function composeInvoice<L extends ComposableLine>(input: ComposeInput<L>): ComposedInvoice<L> {
  return creditAfterTaxes(creditBeforeTaxes(input), input);
}
