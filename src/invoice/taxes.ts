/**
 * Which taxes a fee gets, and the one-rounding invoice tax total (invoice.md §5.1, §5.3).
 */
import { type Decimal, ZERO } from "../core/decimal.js";
import { decimalToFloat, roundHalfAwayToBigInt } from "../core/float.js";

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

/**
 * The invoice's taxes: per tax `P_t = rate_t × Σ bases carrying t` (exact), `t = double(P_t) / 100`,
 * and `taxes_amount_cents = rha(Σ_t t)` — one rounding of the sum of doubles, half away
 * from zero, as the reference computes it (§0.2, §5.3). Taxes are taken in first-seen order.
 */
export function invoiceTaxesAmountCents(items: readonly TaxedBase[]): bigint {
  const perTax = new Map<string, { rate: Decimal; base: Decimal }>();
  for (const it of items) {
    for (const t of it.taxes) {
      const cur = perTax.get(t.code);
      perTax.set(t.code, { rate: t.rate, base: (cur?.base ?? ZERO).plus(it.base) });
    }
  }
  let total = 0;
  for (const { rate, base } of perTax.values()) total += decimalToFloat(base.times(rate)) / 100;
  return roundHalfAwayToBigInt(total);
}
