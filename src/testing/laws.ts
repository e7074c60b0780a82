/**
 * Pricing laws as reusable fast-check properties: hand them your own charges or timelines (or the
 * arbitraries of `ratecard/testing`) and `fc.assert` them. Each law states what every correct price
 * list and every correct engine satisfy; a counterexample is a charge, units or a timeline that
 * breaks it.
 */
import fc from "fast-check";
import { type Decimal, dec } from "../core/decimal.js";
import { isValidationError } from "../core/issue.js";
import { chargeModels } from "../charges/index.js";
import type { ChargeModelName } from "../charges/index.js";
import { applyChargeModel } from "../json/applyChargeModel.js";
import { simulate } from "../json/simulate.js";
import { type ChargeInput, units as anyUnits } from "./arbitraries.js";

type Json = Record<string, unknown>;

/** The amount `applyChargeModel` gives `charge` for `units`; `undefined` when the units are refused (a gap between volume ranges). */
export function amountFor(charge: ChargeInput, units: string): Decimal | undefined {
  try {
    return dec((applyChargeModel({ charge, aggregation: { units } }) as { amount: string }).amount);
  } catch (err) {
    if (isValidationError(err)) return undefined;
    throw err;
  }
}

const monotone = (charge: ChargeInput): boolean => chargeModels[charge.charge_model as ChargeModelName]?.laws.monotoneInUnits === true;

/** The amount is never negative, whatever the (non-negative) units. */
export const nonNegativeAmount = (chargeArb: fc.Arbitrary<ChargeInput>, unitsArb: fc.Arbitrary<string> = anyUnits) =>
  fc.property(chargeArb, unitsArb, (c, u) => {
    const a = amountFor(c, u);
    return a === undefined || a.gte(dec("0"));
  });

/**
 * More units never cost less. Holds for standard, graduated, graduated percentage, package and
 * volume without a cheaper tier (checked); percentage and dynamic charges are not monotone by
 * nature (per-event fees, event amounts), and pass trivially.
 */
export const monotoneInUnits = (chargeArb: fc.Arbitrary<ChargeInput>, unitsArb: fc.Arbitrary<string> = anyUnits) =>
  fc.property(chargeArb, unitsArb, unitsArb, (c, a, b) => {
    if (!monotone(c)) return true;
    const [lo, hi] = dec(a).lte(dec(b)) ? [a, b] : [b, a];
    const x = amountFor(c, lo);
    const y = amountFor(c, hi);
    return x === undefined || y === undefined || x.lte(y);
  });

/** The same charge and units give the same answer, byte for byte (no hidden state). */
export const deterministicPrice = (chargeArb: fc.Arbitrary<ChargeInput>, unitsArb: fc.Arbitrary<string> = anyUnits) =>
  fc.property(chargeArb, unitsArb, (c, u) => {
    const once = (): string => {
      try {
        return JSON.stringify(applyChargeModel({ charge: c, aggregation: { units: u } }));
      } catch (err) {
        if (isValidationError(err)) return JSON.stringify(err.toJSON());
        throw err;
      }
    };
    return once() === once();
  });

/** A price list's own ceiling: `units` up to what `unitsArb` gives never cost more than `max` (currency units). */
export const priceAtMost = (chargeArb: fc.Arbitrary<ChargeInput>, unitsArb: fc.Arbitrary<string>, max: string) =>
  fc.property(chargeArb, unitsArb, (c, u) => {
    const a = amountFor(c, u);
    return a === undefined || a.lte(dec(max));
  });

/** An amount of an invoice or fee as the result gives it: a JSON number, or a digit string beyond 2^53. */
type Cents = number | string;
interface Invoice {
  fees_amount_cents: Cents; progressive_billing_credit_amount_cents: Cents; coupons_amount_cents: Cents;
  sub_total_excluding_taxes_amount_cents: Cents; taxes_amount_cents: Cents; sub_total_including_taxes_amount_cents: Cents;
  credit_notes_amount_cents: Cents; prepaid_credit_amount_cents: Cents; total_amount_cents: Cents;
  fees: readonly { amount_cents: Cents; taxes_amount_cents: Cents; total_amount_cents: Cents }[];
}

const big = (x: Cents): bigint => BigInt(x);

/** The first way `invoice` breaks the totals chain of invoice.md §1.1, or `undefined` (exact at any size). */
export function totalsChainBreak(invoice: Invoice): string | undefined {
  const i = {
    fees: big(invoice.fees_amount_cents), progressive: big(invoice.progressive_billing_credit_amount_cents), coupons: big(invoice.coupons_amount_cents),
    excl: big(invoice.sub_total_excluding_taxes_amount_cents), taxes: big(invoice.taxes_amount_cents), incl: big(invoice.sub_total_including_taxes_amount_cents),
    notes: big(invoice.credit_notes_amount_cents), prepaid: big(invoice.prepaid_credit_amount_cents), total: big(invoice.total_amount_cents),
  };
  const sum = invoice.fees.reduce((a, f) => a + big(f.amount_cents), 0n);
  const checks: [boolean, string][] = [
    [i.fees === sum, "fees_amount_cents = Σ fee amounts"],
    [i.excl === i.fees - i.progressive - i.coupons, "sub total excl. taxes = fees − progressive credit − coupons"],
    [i.incl === i.excl + i.taxes, "sub total incl. taxes = excl. + taxes"],
    [i.total === i.incl - i.notes - i.prepaid, "total = incl. − credit notes − prepaid credits"],
    [i.total >= 0n && i.taxes >= 0n, "total and taxes ≥ 0"],
    [invoice.fees.every((f) => big(f.amount_cents) >= 0n && big(f.total_amount_cents) === big(f.amount_cents) + big(f.taxes_amount_cents)), "each fee ≥ 0, its total = amount + taxes"],
  ];
  return checks.find(([ok]) => !ok)?.[1];
}

/** Every invoice of every timeline satisfies the totals chain (invoice.md §1.1) and has no negative amount. */
export const invoiceTotalsAddUp = (timelineArb: fc.Arbitrary<Json>) =>
  fc.property(timelineArb, (input) => {
    for (const inv of (simulate(input) as unknown as { invoices: Invoice[] }).invoices) {
      const broken = totalsChainBreak(inv);
      if (broken !== undefined) throw new Error(`invoice breaks "${broken}": ${JSON.stringify(inv)}`);
    }
    return true;
  });

/** The same timeline gives the same result, ids included (the simulator is deterministic). */
export const deterministicSimulation = (timelineArb: fc.Arbitrary<Json>) =>
  fc.property(timelineArb, (input) => JSON.stringify(simulate(input)) === JSON.stringify(simulate(input)));
