/**
 * Tier walking shared by graduated, graduated percentage and volume (semantics §3–§4, §7).
 */
import { type Decimal, ONE, ZERO, round } from "../core/decimal.js";

export interface Bounds {
  readonly from_value: Decimal;
  readonly to_value: Decimal | null;
}

/**
 * Adjacent lists (at least two ranges, each `from_value` equal to the previous `to_value`,
 * a null previous bound counting as 0) count `eff − from`; others ("integer style" 0–10,
 * 11–20) count `eff − from + 1`.
 */
export function isAdjacent(ranges: readonly Bounds[]): boolean {
  if (ranges.length < 2) return false;
  for (let i = 1; i < ranges.length; i++) {
    const prev = ranges[i - 1]!.to_value ?? ZERO;
    if (!ranges[i]!.from_value.eq(prev)) return false;
  }
  return true;
}

/** The ranges graduated models visit for `total`: up to and including the first with `to ≥ total` or open. */
export function visitedRanges<R extends Bounds>(ranges: readonly R[], total: Decimal): R[] {
  const out: R[] = [];
  for (const r of ranges) {
    out.push(r);
    if (r.to_value === null || r.to_value.gte(total)) break;
  }
  return out;
}

/** Units of `total` that fall in a graduated range (§3.2). */
export function graduatedUnitsIn(r: Bounds, total: Decimal, adjacent: boolean): Decimal {
  const eff = r.to_value !== null && total.gte(r.to_value) ? r.to_value : total;
  if (r.from_value.eq(ZERO)) return eff;
  return adjacent ? eff.minus(r.from_value) : eff.minus(r.from_value).plus(ONE);
}

/** Units of `total` in a graduated percentage range (§4: always the "+1" rule). */
export function percentageUnitsIn(r: Bounds, total: Decimal): Decimal {
  const from = r.from_value;
  if (r.to_value !== null && total.gte(r.to_value)) return r.to_value.minus(from.eq(ZERO) ? ONE : from).plus(ONE);
  return from.eq(ZERO) ? total : total.minus(from).plus(ONE);
}

/**
 * Volume ranges sorted by `from_value` (stable). Parsed charges are sorted already, so
 * that case is one pass and no copy (volume checks and rates call this on every evaluation).
 */
export function sortByFrom<R extends Bounds>(ranges: readonly R[]): readonly R[] {
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i - 1]!.from_value.gt(ranges[i]!.from_value)) return [...ranges].sort((a, b) => a.from_value.cmp(b.from_value));
  }
  return ranges;
}

/** The volume range for `n`: first with `from ≤ ceil(n)` and (`to` open or `n ≤ to`) (§7). */
export function volumeRange<R extends Bounds>(sorted: readonly R[], n: Decimal): R | undefined {
  const c = round(n, 0, "ceil");
  return sorted.find((r) => r.from_value.lte(c) && (r.to_value === null || n.lte(r.to_value)));
}
