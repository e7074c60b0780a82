/**
 * The coupon adjustment and taxes of a credit note's items (invoice.md §10.2), with the
 * reference's double call sites (§0.2) and its 5-decimal columns.
 */
import { type Decimal, ZERO, dec, divOrZero, sum } from "../../core/decimal.js";
import { decimalToFloat, fdiv, floatToDecimal, roundHalfAwayToBigInt } from "../../core/float.js";
import { roundCents } from "../../fees/creditNoteTotals.js";
import type { CurrencyCode } from "../../core/currency.js";
import { stableId } from "../../core/ids.js";
import type { CreditNote, CreditNoteAppliedTax, RequestedItem } from "./creditNoteTypes.js";
import type { Tax } from "../tax/taxes.js";
import { q5 } from "../wallet/walletCredit.js";

export interface CreditNoteTax {
  readonly tax: Tax;
  /** `rhu(base)`, the base being `Σ (item − fee coupons × item rate)` over the items carrying the tax. */
  readonly base_amount_cents: bigint;
  /** `rha(double(base × rate) / 100)`. */
  readonly amount_cents: bigint;
}

export interface CreditNoteAmounts {
  /** Σ requested (precise) item amounts. */
  readonly items_amount_cents: Decimal;
  /** `Σ fee.precise_coupons_amount_cents × item / fee.amount_cents`, unrounded (the estimate reads it so). */
  readonly coupons_adjustment: Decimal;
  /** The same, as the 5-decimal column keeps it. */
  readonly precise_coupons_adjustment_amount_cents: Decimal;
  readonly coupons_adjustment_amount_cents: bigint;
  /** `q5(Σ_t double(base_t × rate_t) / 100)`, before the last-note correction. */
  readonly precise_taxes_amount_cents: Decimal;
  /** `round(Σ_t rate_t × base_t / (items − adjustment), 5)` in doubles. */
  readonly taxes_rate: Decimal;
  /** `rhu(items − adjustment)`. */
  readonly sub_total_excluding_taxes_amount_cents: bigint;
  readonly taxes: readonly CreditNoteTax[];
}

/** The item's share of its fee's coupons: `fee.precise_coupons × item / fee.amount` (0 on a zero fee). */
function couponShare(item: RequestedItem): Decimal {
  return item.fee.precise_coupons_amount_cents.times(divOrZero(item.precise_amount_cents, dec(item.fee.amount_cents)));
}

export function creditNoteAmounts(items: readonly RequestedItem[]): CreditNoteAmounts {
  const itemsAmount = sum(items.map((i) => i.precise_amount_cents));
  const adjustment = sum(items.map(couponShare));
  const perTax = new Map<string, { tax: Tax; base: Decimal }>();
  for (const item of items) {
    const net = item.precise_amount_cents.minus(couponShare(item));
    for (const tax of item.fee.taxes) {
      const cur = perTax.get(tax.code);
      perTax.set(tax.code, { tax, base: (cur?.base ?? ZERO).plus(net) });
    }
  }
  const netTotal = itemsAmount.minus(adjustment);
  let preciseTaxes = 0;
  let rate = 0;
  const taxes = [...perTax.values()].map(({ tax, base }) => {
    const t = decimalToFloat(base.times(tax.rate)) / 100;
    preciseTaxes += t;
    rate += (netTotal.eq(ZERO) ? 0 : fdiv(base, netTotal)) * decimalToFloat(tax.rate);
    return { tax, base_amount_cents: roundCents(base), amount_cents: roundHalfAwayToBigInt(t) };
  });
  const preciseAdjustment = q5(adjustment);
  return {
    items_amount_cents: itemsAmount,
    coupons_adjustment: adjustment,
    precise_coupons_adjustment_amount_cents: preciseAdjustment,
    coupons_adjustment_amount_cents: roundCents(preciseAdjustment),
    precise_taxes_amount_cents: q5(floatToDecimal(preciseTaxes)),
    taxes_rate: q5(floatToDecimal(rate)),
    sub_total_excluding_taxes_amount_cents: roundCents(itemsAmount.minus(preciseAdjustment)),
    taxes,
  };
}

/**
 * The last-note correction (§10.2): `Σ (taxes_amount_cents − precise_taxes_amount_cents)` of the
 * invoice's earlier notes (any status), to subtract from the last note's precise taxes.
 */
export function taxesRoundingAdjustment(notes: readonly CreditNote[]): Decimal {
  return sum(notes.map((n) => dec(n.taxes_amount_cents).minus(n.precise_taxes_amount_cents)));
}

/** The note's `applied_taxes[]` rows from its taxes (ids below the note's). */
export function appliedTaxRows(noteId: string, taxes: readonly CreditNoteTax[], currency: CurrencyCode): CreditNoteAppliedTax[] {
  return taxes.map((t) => ({
    svc_id: stableId("credit_note_applied_tax", noteId, t.tax.code),
    svc_tax_id: t.tax.svc_id,
    tax_code: t.tax.code,
    tax_name: t.tax.name,
    tax_rate: t.tax.rate,
    tax_description: t.tax.description ?? null,
    amount_cents: t.amount_cents,
    base_amount_cents: t.base_amount_cents,
    amount_currency: currency,
  }));
}
