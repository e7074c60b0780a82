/**
 * Prorated graduated (semantics §10): graduated tiers walked event by event, each event's
 * prorated value priced in the tier its full (unprorated) running sum falls in, with the
 * part of an event that overflows a tier moved to the next one pro rata.
 */
import { type Decimal, ONE, ZERO, divOrZero, max, sum } from "../core/decimal.js";
import { divisorOf, projectByRatio } from "./_common.js";
import { graduated } from "./graduated.js";
import type { AmountRange, ChargeModelDef } from "./types.js";

export const proratedGraduated: ChargeModelDef<"graduated"> = {
  name: "graduated",
  parse: graduated.parse,
  rate({ properties, aggregation }) {
    const ranges = properties.graduated_ranges;
    const full = aggregation.event_values ?? [];
    const pro = aggregation.event_prorated_values ?? [];
    const amount = aggregation.units.eq(ZERO) ? flats(ranges, ZERO, ZERO, ZERO) : walk(ranges, full, pro);
    const fullTotal = full.length > 0 ? sum(full) : divisorOf(aggregation);
    return {
      amount,
      unit_amount: divOrZero(amount, fullTotal),
      amount_details: { kind: "none" },
      project: (_projected, ratio) => projectByRatio(amount, ratio),
    };
  },
  laws: { monotoneInUnits: false },
};

function walk(ranges: readonly AmountRange[], full: readonly Decimal[], pro: readonly Decimal[]): Decimal {
  const n = full.length;
  const coef = (k: number): Decimal => divOrZero(pro[k] ?? ZERO, full[k] ?? ZERO);
  let i = 0;
  let overflow = ZERO;
  let fullSum = ZERO;
  let maxFullSum = ZERO;
  let proSum = ZERO;
  let acc = ZERO;
  let r: AmountRange | undefined;
  while (i < n || !overflow.eq(ZERO)) {
    r = rangeFor(ranges, fullSum, overflow, full[i] ?? ZERO);
    if (!overflow.eq(ZERO)) {
      proSum = proSum.plus(overflow.times(coef(i - 1)));
      if (r.to_value !== null && fullSum.gte(r.to_value)) {
        overflow = fullSum.minus(r.to_value);
        proSum = proSum.minus(overflow.times(coef(i - 1)));
        acc = acc.plus(proSum.times(r.per_unit_amount));
        proSum = ZERO;
        continue;
      }
      overflow = ZERO;
    }
    if (i >= n) break;
    const f = full[i]!;
    const p = pro[i] ?? ZERO;
    if (p.eq(ZERO) && (f.gt(ZERO) || (f.lt(ZERO) && fullSum.plus(f).lt(ZERO)))) {
      i += 1;
      continue;
    }
    fullSum = fullSum.plus(f);
    maxFullSum = max(maxFullSum, fullSum);
    proSum = proSum.plus(p);
    i += 1;
    if (inside(r, fullSum)) continue;
    overflow = r.to_value !== null && fullSum.gte(r.to_value) ? fullSum.minus(r.to_value) : fullSum.minus(r.from_value).plus(ONE);
    proSum = proSum.minus(overflow.times(coef(i - 1)));
    acc = acc.plus(proSum.times(r.per_unit_amount));
    proSum = ZERO;
  }
  if (r !== undefined) acc = acc.plus(proSum.times(r.per_unit_amount));
  return flats(ranges, acc, fullSum, maxFullSum);
}

/** The range the walk is in (§10 `range`). */
function rangeFor(ranges: readonly AmountRange[], fullSum: Decimal, overflow: Decimal, nextFull: Decimal): AmountRange {
  const first = ranges[0]!;
  if (fullSum.lte(ZERO)) return first;
  const u = overflow.eq(ZERO) ? fullSum : overflow.gt(ZERO) ? fullSum.minus(overflow).plus(ONE) : fullSum.plus(overflow);
  for (let k = 0; k < ranges.length; k++) {
    const r = ranges[k]!;
    if (r.to_value !== null && u.eq(r.to_value)) return nextFull.gt(ZERO) ? (ranges[k + 1] ?? r) : r;
    if (r.from_value.lte(u) && (r.to_value === null || u.lt(r.to_value))) return r;
  }
  return first;
}

function inside(r: AmountRange, fullSum: Decimal): boolean {
  if (r.to_value === null) return fullSum.gte(r.from_value.minus(ONE));
  return r.from_value.lte(fullSum) && fullSum.lt(r.to_value);
}

/** `flat(acc, full_sum, max_full_sum)`: the per-unit part (never negative) plus the flat fee of every tier reached. */
function flats(ranges: readonly AmountRange[], acc: Decimal, fullSum: Decimal, maxFullSum: Decimal): Decimal {
  if (fullSum.lt(ZERO)) return ZERO;
  let amount = max(acc, ZERO);
  for (const r of ranges) {
    amount = amount.plus(r.flat_amount);
    if (r.to_value === null || maxFullSum.lte(r.to_value)) break;
  }
  return amount;
}
