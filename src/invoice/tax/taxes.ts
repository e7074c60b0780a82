/**
 * Which taxes a fee gets, and the one-rounding invoice tax total (invoice.md §5.1, §5.3).
 */
import { type Decimal, ZERO, round } from "../../core/decimal.js";
import { decimalToFloat, floatToDecimal, roundHalfAwayToBigInt } from "../../core/float.js";

/** A tax of the catalog. `rate` is in percent (20 = 20 %). */
export interface Tax {
  readonly svc_id: string;
  readonly code: string;
  readonly name: string;
  readonly rate: Decimal;
  readonly description?: string | null;
}

/** Where a fee may take its taxes from, most specific first (§5.1); `undefined` or empty means "none here". */
export interface TaxSources {
  readonly explicit?: readonly Tax[] | undefined;
  readonly add_on?: readonly Tax[] | undefined;
  readonly charge?: readonly Tax[] | undefined;
  readonly fixed_charge?: readonly Tax[] | undefined;
  readonly commitment?: readonly Tax[] | undefined;
  readonly plan?: readonly Tax[] | undefined;
  readonly customer?: readonly Tax[] | undefined;
  readonly organization?: readonly Tax[] | undefined;
}

const ORDER = ["explicit", "add_on", "charge", "fixed_charge", "commitment", "plan", "customer", "organization"] as const;

/** The first non-empty source wins; no merging (§5.1). */
export function feeTaxes(sources: TaxSources): readonly Tax[] {
  for (const k of ORDER) {
    const t = sources[k];
    if (t !== undefined && t.length > 0) return t;
  }
  return [];
}

/** One taxed amount: a fee's base (minor units, coupons deducted) and the taxes it carries. */
export interface TaxedBase {
  readonly base: Decimal;
  readonly taxes: readonly Tax[];
}

export interface AppliedInvoiceTax {
  readonly tax: Tax;
  readonly amount_cents: bigint;
  /** `trunc(base_t)`: the integer column. */
  readonly fees_amount_cents: bigint;
}

export interface InvoiceTaxAmounts {
  readonly taxes_amount_cents: bigint;
  /** `round(Σ_t rate_t × share_t, 5)`. */
  readonly taxes_rate: Decimal;
  readonly applied_taxes: readonly AppliedInvoiceTax[];
}

/**
 * The invoice's taxes (§5.3, doubles as §0.2 says): per tax `P_t = rate_t × Σ bases
 * carrying t` (exact), `t = double(P_t) / 100`, `amount_cents = rha(t)`; the invoice's
 * `taxes_amount_cents = rha(Σ_t t)` — one rounding of the sum. `share_t = base_t /
 * subtotal` when the subtotal (sub_total_excluding_taxes_amount_cents) is > 0, else the
 * share of the items carrying t. Taxes in first-seen order.
 */
export function invoiceTaxes(items: readonly TaxedBase[], subtotal: bigint): InvoiceTaxAmounts {
  const perTax = new Map<string, { tax: Tax; base: Decimal; count: number }>();
  for (const it of items) {
    for (const tax of it.taxes) {
      const cur = perTax.get(tax.code);
      perTax.set(tax.code, { tax, base: (cur?.base ?? ZERO).plus(it.base), count: (cur?.count ?? 0) + 1 });
    }
  }
  let total = 0;
  let rate = 0;
  const applied: AppliedInvoiceTax[] = [];
  for (const { tax, base, count } of perTax.values()) {
    const t = decimalToFloat(base.times(tax.rate)) / 100;
    total += t;
    const share = subtotal > 0n ? decimalToFloat(base) / Number(subtotal) : count / Math.max(items.length, 1);
    rate += decimalToFloat(tax.rate) * share;
    applied.push({ tax, amount_cents: roundHalfAwayToBigInt(t), fees_amount_cents: BigInt(round(base, 0, "down").toFixed()) });
  }
  return { taxes_amount_cents: roundHalfAwayToBigInt(total), taxes_rate: round(floatToDecimal(rate), 5, "half_up"), applied_taxes: applied };
}

/** Only the invoice's `taxes_amount_cents` of {@link invoiceTaxes}. */
export function invoiceTaxesAmountCents(items: readonly TaxedBase[]): bigint {
  return invoiceTaxes(items, 0n).taxes_amount_cents;
}
