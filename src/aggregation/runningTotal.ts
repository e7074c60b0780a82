/**
 * `running_total` for the percentage model (§6.1): the cumulative values in time order,
 * cut where the charge's free units end.
 */
import { type Decimal, ZERO, dec } from "../core/decimal.js";
import type { KernelContext } from "./_kernel.js";

/** Cumulative sums of `values` (time order) cut by FE / FT; `[]` when neither is set. */
export function sumRunningTotal(values: readonly Decimal[], ctx: Pick<KernelContext, "runningTotal">): Decimal[] {
  const rt = ctx.runningTotal;
  if (rt === undefined || (rt.events <= 0 && rt.total.lte(ZERO))) return [];
  const out: Decimal[] = [];
  let acc = dec(0);
  if (rt.events > 0) {
    for (const v of values.slice(0, rt.events)) out.push((acc = acc.plus(v)));
    return out;
  }
  for (const v of values) {
    if (acc.gt(rt.total)) break;
    out.push((acc = acc.plus(v)));
  }
  return out;
}

/** `[1, 2, …, units]` for count and unique_count when FE or FT is set, else `[]`. */
export function countRunningTotal(units: number, ctx: Pick<KernelContext, "runningTotal">): Decimal[] {
  const rt = ctx.runningTotal;
  if (rt === undefined || (rt.events <= 0 && rt.total.lte(ZERO))) return [];
  return Array.from({ length: units }, (_, i) => dec(i + 1));
}
