/**
 * Time-prorated unique count of a recurring metric (§13.2): each add billed for the
 * local calendar days it stays, over the charges duration.
 */
import { type Decimal, dec, round } from "../core/decimal.js";
import { type Kernel, type Ordered, compareOrdered, orderOf } from "./_kernel.js";
import { localDay, pgQuotient } from "./_days.js";
import { isAdd } from "./uniqueCount.js";

interface Operation extends Ordered {
  readonly add: boolean;
}

export interface ProratedUniqueCountState {
  /** Value → all its operations up to the window's end (merged lists; sorted at the end). */
  values: Map<string | null, Operation[]>;
}

/** §13.2: each add billed for the days it stays, over the charges duration. */
export const proratedUniqueCount: Kernel<ProratedUniqueCountState, string | null> = {
  init: () => ({ values: new Map() }),
  add(s, value, e) {
    let ops = s.values.get(value);
    if (ops === undefined) s.values.set(value, (ops = []));
    ops.push(Object.assign({}, orderOf(e), { add: isAdd(e) }));
  },
  merge(a, b) {
    const values = new Map<string | null, Operation[]>();
    for (const [k, v] of [...a.values, ...b.values]) values.set(k, [...(values.get(k) ?? []), ...v]);
    return { values };
  },
  finish(s, ctx, grouped) {
    let total = dec(0);
    let full = 0;
    const entries: PerEvent[] | undefined = ctx.eventValues ? [] : undefined;
    for (const ops of s.values.values()) {
      const sorted = [...ops].sort(compareOrdered);
      if (sorted[sorted.length - 1]?.add === true) full++;
      total = total.plus(proratedItem(sorted, ctx, grouped, entries));
    }
    const units = round(total, 5, "ceil");
    return {
      units,
      events_count: units,
      full_units_number: dec(full),
      current_usage_units: dec(full),
      ...(entries === undefined ? {} : perEventUniqueValues(entries)),
    };
  },
};

/** One state change of a unique-count item, as prorated graduated sees it (§10). */
interface PerEvent {
  /** Where it sorts; `undefined` for what was carried in from before the window. */
  readonly order: Ordered | undefined;
  readonly full: number;
  readonly pro: Decimal;
}

/**
 * §10's `full[i]` / `pro[i]` for a prorated unique count (the semantics only spell them
 * out for sums): every add is `+1` billed from its day (or the window's first day, for the
 * items carried in, which are summed into element 0) to the window's last day; every
 * remove is `-1` taking back the days after it. The remove's share is the item's §13.2
 * quotient minus what its add counted, so Σ pro is exactly the unceiled prorated units.
 */
function perEventUniqueValues(entries: readonly PerEvent[]): { event_values: Decimal[]; event_prorated_values: Decimal[] } {
  let carriedFull = 0;
  let carriedPro = dec(0);
  let anyCarried = false;
  const inWindow: { order: Ordered; full: number; pro: Decimal }[] = [];
  for (const e of entries) {
    if (e.order === undefined) {
      anyCarried = true;
      carriedFull += e.full;
      carriedPro = carriedPro.plus(e.pro);
    } else inWindow.push({ order: e.order, full: e.full, pro: e.pro });
  }
  inWindow.sort((a, b) => compareOrdered(a.order, b.order));
  const full: Decimal[] = anyCarried ? [dec(carriedFull)] : [];
  const pro: Decimal[] = anyCarried ? [carriedPro] : [];
  for (const e of inWindow) {
    full.push(dec(e.full));
    pro.push(e.pro);
  }
  return { event_values: full, event_prorated_values: pro };
}

function proratedItem(
  ops: readonly Operation[],
  ctx: { readonly from: number; readonly to: number; readonly timezone: string; readonly chargesDuration: number },
  grouped: boolean,
  perEvent?: PerEvent[],
): Decimal {
  const tz = ctx.timezone;
  // (a) a remove followed later the same local day by an add is dropped.
  const kept: Operation[] = [];
  let nextAddDay: number | undefined;
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]!;
    const day = localDay(op.t, tz);
    if (op.add) nextAddDay = day;
    else if (nextAddDay === day) continue;
    kept.push(op);
  }
  kept.reverse();
  // (b) only operations that change the state count.
  const changes: Operation[] = [];
  let previousAdd = false;
  for (const op of kept) {
    if (op.add !== previousAdd) changes.push(op);
    previousAdd = op.add;
  }
  // (c) each add is billed from max(t, from) to the day of the next change (or `to`).
  let sum = dec(0);
  const lastDay = localDay(ctx.to, tz);
  for (let i = 0; i < changes.length; i++) {
    const op = changes[i]!;
    if (!op.add) continue;
    const remove = changes[i + 1];
    const end = remove?.t ?? ctx.to;
    const startDay = localDay(Math.max(op.t, ctx.from), tz);
    const days = end < ctx.from ? (grouped ? 1 : 0) : localDay(end, tz) + 1 - startDay;
    const share = days === 0 ? dec(0) : pgQuotient(days, ctx.chargesDuration);
    sum = sum.plus(share);
    if (perEvent === undefined) continue;
    if (end < ctx.from) {
      // Added and removed before the window: only the grouped quirk bills it (one day).
      if (days !== 0) perEvent.push({ order: undefined, full: 0, pro: share });
      continue;
    }
    const kept = pgQuotient(lastDay + 1 - startDay, ctx.chargesDuration);
    perEvent.push({ order: op.t < ctx.from ? undefined : op, full: 1, pro: kept });
    if (remove !== undefined) perEvent.push({ order: remove, full: -1, pro: share.minus(kept) });
  }
  return sum;
}
